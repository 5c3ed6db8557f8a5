/** Queries for event registrations: one team per member and event. */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, EventRegistrationsTable } from '../../db/types.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Columns of a registration with its registrant's username. */
function withRegistrant(db: Executor) {
  return db
    .selectFrom('event_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select('u.username');
}

/**
 * Stores a registration; call it under the event's lock.
 * @returns its id.
 * @throws the database's unique violation when the member has one for this event already.
 */
export async function insertRegistration(
  db: Executor,
  registration: Insertable<EventRegistrationsTable>,
): Promise<number> {
  const { id } = await db
    .insertInto('event_registrations')
    .values(registration)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Registration `id` with its registrant's username, or undefined. */
export function findRegistration(db: Executor, id: number) {
  return withRegistrant(db).where('r.id', '=', id).executeTakeFirst();
}

/** How many registrations (teams) event `eventId` has. */
export async function countForEvent(db: Executor, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('event_registrations')
    .select(sql<number>`cast(count(*) as integer)`.as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether `userId` has registered for event `eventId`. */
export async function isRegistered(db: Executor, eventId: number, userId: number) {
  const row = await db
    .selectFrom('event_registrations')
    .select('id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes `userId`'s registration `id`. @returns whether there was one. */
export async function deleteRegistration(db: Executor, id: number, userId: number) {
  const rows = await db
    .deleteFrom('event_registrations')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Event `eventId`'s registrations with their registrants' usernames, first registered first. */
export function listForEvent(db: Executor, eventId: number) {
  return withRegistrant(db).where('r.event_id', '=', eventId).orderBy('r.id').execute();
}

/** The members registered for event `eventId`. */
export async function registrantIds(db: Executor, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_registrations')
    .select('user_id')
    .where('event_id', '=', eventId)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Deletes `userId`'s registrations for events that have not ended by `now` (UTC ISO), freeing
 * their places. @returns how many.
 */
export async function deleteUpcomingOf(db: Executor, userId: number, now: string) {
  const rows = await db
    .deleteFrom('event_registrations')
    .where('user_id', '=', userId)
    .where('event_id', 'in', (eb) =>
      eb.selectFrom('events').select('id').where('end_date', '>', now),
    )
    .returning('id')
    .execute();
  return rows.length;
}
