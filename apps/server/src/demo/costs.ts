/**
 * The demo's cost split (ARCHITECTURE.md "Cost split"): Arjun's UPI ID, ₹150 per head for the
 * turf of his 5-a-side (as its description says) and Priya's "paid" mark on it, not yet
 * confirmed, so signing in as either shows the cost panel from both sides.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import * as costsRepo from '../modules/costs/costs.repository.js';

/** Stores the demo's UPI ID of `hostId`, the cost of `gameId` and `payerId`'s paid mark. */
export async function seedCosts(
  trx: Transaction<DB>,
  { hostId, gameId, payerId }: { hostId: number; gameId: number; payerId: number },
  now: number,
): Promise<void> {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  await costsRepo.saveUpiId(trx, hostId, 'arjun.demo@okaxis', at(120));
  await costsRepo.saveCost(trx, gameId, 'per_head', 15_000, at(55));
  await costsRepo.markPaid(trx, gameId, payerId, 15_000, at(25));
}
