/**
 * Queries of series (migration 0030): the series, their skipped instants, the host's changes to
 * the regulars, the regulars' offers, and the occurrences (games tagged with a series).
 */
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, NotificationsTable, SeriesTable } from '../../db/types.js';
import { appSwitchedOff, type NotificationRow } from '../notifications/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Stores a new series; answers its id. */
export async function insertSeries(db: Executor, row: Insertable<SeriesTable>): Promise<number> {
  const { id } = await db
    .insertInto('series')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function findSeries(db: Executor, id: number) {
  return db.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes series `id` (its calendar `sequence` goes up). */
export async function updateSeries(
  db: Executor,
  id: number,
  changes: Partial<Omit<Selectable<SeriesTable>, 'id' | 'sequence'>>,
): Promise<void> {
  await db
    .updateTable('series')
    .set((eb) => ({ ...changes, sequence: eb('sequence', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Moves series `id`'s latest created instant on to `slot` (no calendar change). */
export async function setLastSlot(db: Executor, id: number, slot: string): Promise<void> {
  await db.updateTable('series').set({ last_slot: slot }).where('id', '=', id).execute();
}

/** The series of game `postId` and the game's place in it, or undefined for a single game. */
export function seriesOfPost(db: Executor, postId: number) {
  return db
    .selectFrom('posts')
    .select(['id', 'author_id', 'event_time', 'series_id', 'series_slot', 'hidden_until'])
    .where('id', '=', postId)
    .executeTakeFirst();
}

/** Makes game `postId` the occurrence of series `seriesId` at instant `slot`. */
export async function tagOccurrence(
  db: Executor,
  postId: number,
  seriesId: number,
  slot: string,
): Promise<void> {
  await db
    .updateTable('posts')
    .set({ series_id: seriesId, series_slot: slot })
    .where('id', '=', postId)
    .execute();
}

/** Every occurrence (game) of series `seriesId`, soonest first. */
export function occurrencesOf(db: Executor, seriesId: number) {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('series_id', '=', seriesId)
    .orderBy('event_time')
    .orderBy('id')
    .execute();
}

/** Sets the end of held occurrence `postId`'s claim window (still held). */
export async function setHiddenUntil(db: Executor, postId: number, until: string): Promise<void> {
  await db
    .updateTable('posts')
    .set({ hidden_until: until })
    .where('id', '=', postId)
    .where('hidden_until', 'is not', null)
    .execute();
}

/** The skipped instants of series `seriesId`, in order. */
export async function skipsOf(db: Executor, seriesId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('series_skips')
    .select('slot')
    .where('series_id', '=', seriesId)
    .orderBy('slot')
    .execute();
  return rows.map((r) => r.slot);
}

/** Records instant `slot` of series `seriesId` as skipped (again: nothing). */
export async function addSkip(db: Executor, seriesId: number, slot: string): Promise<void> {
  await db
    .insertInto('series_skips')
    .values({ series_id: seriesId, slot })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Drops the skipped instants of series `seriesId` from `from` (UTC ISO) on. */
export async function dropSkipsFrom(db: Executor, seriesId: number, from: string): Promise<void> {
  await db
    .deleteFrom('series_skips')
    .where('series_id', '=', seriesId)
    .where('slot', '>=', from)
    .execute();
}

/** The host's changes to series `seriesId`'s regulars. */
export function regularChangesOf(db: Executor, seriesId: number) {
  return db
    .selectFrom('series_regulars')
    .select(['user_id', 'status'])
    .where('series_id', '=', seriesId)
    .execute();
}

/** Records the host's change of `userId` in series `seriesId`'s regulars (replacing one). */
export async function setRegular(
  db: Executor,
  seriesId: number,
  userId: number,
  status: 'added' | 'removed',
  now: string,
): Promise<void> {
  await db
    .insertInto('series_regulars')
    .values({ series_id: seriesId, user_id: userId, status, created_at: now })
    .onConflict((oc) =>
      oc.columns(['series_id', 'user_id']).doUpdateSet({ status, created_at: now }),
    )
    .execute();
}

/**
 * The members who were in (joined or waiting for) an occurrence of series `seriesId` that
 * started by `at`.
 */
export async function pastPlayersOf(db: Executor, seriesId: number, at: string): Promise<number[]> {
  const rows = await db
    .selectFrom('post_interests as i')
    .innerJoin('posts as p', 'p.id', 'i.post_id')
    .select('i.user_id')
    .distinct()
    .where('p.series_id', '=', seriesId)
    .where('p.event_time', '<=', at)
    .execute();
  return rows.map((r) => r.user_id);
}

/** `userId`'s offer in occurrence `postId`, or undefined. */
export function claimOf(db: Executor, postId: number, userId: number) {
  return db
    .selectFrom('series_claims')
    .select(['status', 'offered_at', 'answered_at'])
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Members offered occurrence `postId` (any answer). */
export async function offeredIds(db: Executor, postId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('series_claims')
    .select('user_id')
    .where('post_id', '=', postId)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Answers `userId`'s open offer in occurrence `postId` with `status`, only while it is
 * 'offered'. @returns true when this call answered it.
 */
export async function answerClaim(
  db: Executor,
  postId: number,
  userId: number,
  status: 'claimed' | 'passed',
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('series_claims')
    .set({ status, answered_at: now })
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .where('status', '=', 'offered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Offers occurrence `postId` to `userIds` not offered it before, and stores the notification of
 * each new offer (`rowOf`) unless the member switched the type's `app` channel off, in one
 * transaction: the offer's row is the record that it was sent, so nobody is asked twice,
 * whichever process offers.
 * @returns `told`: the rows of every member offered now; `stored`: the rows stored.
 */
export async function offerOnce(
  db: Kysely<DB>,
  {
    postId,
    userIds,
    now,
    rowOf,
  }: {
    postId: number;
    userIds: number[];
    now: string;
    rowOf: (userId: number) => NotificationRow;
  },
): Promise<{ told: NotificationRow[]; stored: Selectable<NotificationsTable>[] }> {
  if (userIds.length === 0) return { told: [], stored: [] };
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('series_claims')
      .values(
        userIds.map((userId) => ({
          post_id: postId,
          user_id: userId,
          status: 'offered' as const,
          offered_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .execute();
    const told = fresh.map(({ user_id }) => rowOf(user_id));
    if (told.length === 0) return { told, stored: [] };
    const off = await appSwitchedOff(
      trx,
      told.map((r) => r.user_id),
      'series_claim',
    );
    const kept = told.filter((r) => !off.has(r.user_id));
    const stored =
      kept.length === 0
        ? []
        : await trx
            .insertInto('notifications')
            .values(kept.map((r) => ({ ...r, is_read: 0 })))
            .returningAll()
            .execute();
    return { told, stored };
  });
}

/** Game `postId`'s row, or undefined. */
export function gameOf(db: Executor, postId: number) {
  return db.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirst();
}
