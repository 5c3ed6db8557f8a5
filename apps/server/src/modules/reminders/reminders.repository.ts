/**
 * The reminders' queries: the game or event a reminder is about, who is in it, and the one
 * transaction that records who was reminded (`reminders_sent`, migration 0027) and stores their
 * notifications, so a member is reminded once per start however many processes run it.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, NotificationsTable } from '../../db/types.js';
import { appSwitchedOff, type NotificationRow } from '../notifications/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** What a game's reminder says and whom it goes to: its host and joined players. */
export function gameOf(db: Executor, postId: number) {
  return db
    .selectFrom('posts')
    .select(['id', 'author_id', 'sport', 'location_name', 'event_time', 'players_needed'])
    .where('id', '=', postId)
    .executeTakeFirst();
}

/** The joined players of game `postId` (place `joined`, migration 0031), in joining order. */
export async function joinedIds(db: Executor, postId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('post_interests')
    .select('user_id')
    .where('post_id', '=', postId)
    .where('place', '=', 'joined')
    .orderBy('seq')
    .execute();
  return rows.map((r) => r.user_id);
}

/** What an event's reminder says and whose it is. */
export function eventOf(db: Executor, eventId: number) {
  return db
    .selectFrom('events')
    .select(['id', 'organizer_id', 'title', 'location_name', 'lng', 'event_date'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/** The members who registered a team for event `eventId`, each once. */
export async function registrantIds(db: Executor, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_registrations')
    .select('user_id')
    .distinct()
    .where('event_id', '=', eventId)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Records that each of `userIds` is reminded of `subject` `subjectId` starting at `startsAt`
 * and, for those not reminded of that start before, stores `rowOf(userId)` unless they turned
 * the type's `app` switch off, in one transaction.
 * @returns `told`: the rows of every member reminded now (stored or not); `stored`: the rows
 *   stored.
 */
export async function remindOnce(
  db: Kysely<DB>,
  {
    subject,
    subjectId,
    startsAt,
    userIds,
    rowOf,
  }: {
    subject: 'game' | 'event';
    subjectId: number;
    startsAt: string;
    userIds: number[];
    rowOf: (userId: number) => NotificationRow;
  },
): Promise<{ told: NotificationRow[]; stored: Selectable<NotificationsTable>[] }> {
  if (userIds.length === 0) return { told: [], stored: [] };
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('reminders_sent')
      .values(
        userIds.map((userId) => ({
          subject,
          subject_id: subjectId,
          user_id: userId,
          starts_at: startsAt,
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
      told[0]!.type,
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
