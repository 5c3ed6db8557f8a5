/**
 * Queries of explicit places in a game (`post_interests.place`, migration 0031): reading a
 * game's places in joining order and moving one member's place. Every write runs under the
 * game's lock (posts.repository.ts lockPost), so places cannot be raced.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB, InterestPlace } from '../../db/types.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** One member's place in a game. */
export interface PlaceRow {
  user_id: number;
  seq: number;
  place: InterestPlace;
  /** UTC ISO; set only on an offered place. */
  offer_expires_at: string | null;
}

/** Every member's place in game `postId`, in joining order (seq). */
export function placesOf(db: Executor, postId: number): Promise<PlaceRow[]> {
  return db
    .selectFrom('post_interests')
    .select(['user_id', 'seq', 'place', 'offer_expires_at'])
    .where('post_id', '=', postId)
    .orderBy('seq')
    .execute();
}

/**
 * Sets `userId`'s place in game `postId` (`expiresAt` the hold's end of an offered place, else
 * null).
 */
export async function setPlace(
  db: Executor,
  postId: number,
  userId: number,
  place: InterestPlace,
  expiresAt: string | null = null,
): Promise<void> {
  await db
    .updateTable('post_interests')
    .set({ place, offer_expires_at: expiresAt })
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .execute();
}
