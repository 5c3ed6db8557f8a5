/** Queries of the cost split: members' UPI IDs, games' costs, players' payment marks. */
import type { Kysely, Transaction } from 'kysely';
import type { DB, GameCostsTable } from '../../db/types.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** `userId`'s UPI ID, or undefined. */
export async function upiIdOf(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('upi_ids')
    .select('upi_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.upi_id;
}

/** Stores (or replaces) `userId`'s UPI ID. */
export async function saveUpiId(
  db: Executor,
  userId: number,
  upiId: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('upi_ids')
    .values({ user_id: userId, upi_id: upiId, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ upi_id: upiId, updated_at: now }))
    .execute();
}

/** Removes `userId`'s UPI ID (nothing when there is none). */
export async function deleteUpiId(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('upi_ids').where('user_id', '=', userId).execute();
}

/** Game `postId`'s cost, or undefined when its host set none. */
export function costOf(db: Executor, postId: number) {
  return db
    .selectFrom('game_costs')
    .select(['kind', 'amount_paise'])
    .where('post_id', '=', postId)
    .executeTakeFirst();
}

/** Sets (or replaces) game `postId`'s cost. */
export async function saveCost(
  db: Executor,
  postId: number,
  kind: GameCostsTable['kind'],
  amountPaise: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('game_costs')
    .values({ post_id: postId, kind, amount_paise: amountPaise, updated_at: now })
    .onConflict((oc) =>
      oc.column('post_id').doUpdateSet({ kind, amount_paise: amountPaise, updated_at: now }),
    )
    .execute();
}

/** Removes game `postId`'s cost and every payment mark on it. */
export async function deleteCost(db: Executor, postId: number): Promise<void> {
  await db.deleteFrom('game_payments').where('post_id', '=', postId).execute();
  await db.deleteFrom('game_costs').where('post_id', '=', postId).execute();
}

/** The payment marks of game `postId` by `userIds` (all of them: pass the joined players). */
export function paymentsOf(db: Executor, postId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('game_payments')
    .select(['user_id', 'paid_paise', 'paid_at', 'confirmed_at'])
    .where('post_id', '=', postId)
    .where('user_id', 'in', [...userIds])
    .execute();
}

/**
 * Marks `userId` as having paid `paidPaise` on game `postId` at `now`; a mark already there is
 * kept as it was (the amount paid then, and the host's confirmation).
 */
export async function markPaid(
  db: Executor,
  postId: number,
  userId: number,
  paidPaise: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('game_payments')
    .values({ post_id: postId, user_id: userId, paid_paise: paidPaise, paid_at: now })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .execute();
}

/** Removes `userId`'s mark on game `postId` unless the host confirmed it; returns whether it went. */
export async function unmarkPaid(db: Executor, postId: number, userId: number): Promise<boolean> {
  const rows = await db
    .deleteFrom('game_payments')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/**
 * Sets the host's confirmation of `userId`'s mark on game `postId` (`confirmedAt` null:
 * un-confirmed); returns whether there was a mark.
 */
export async function setConfirmation(
  db: Executor,
  postId: number,
  userId: number,
  confirmedAt: string | null,
): Promise<boolean> {
  const rows = await db
    .updateTable('game_payments')
    .set({ confirmed_at: confirmedAt })
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}
