/**
 * Queries for events and their tags, and the batch reads that present a page of events.
 * The list's radius test is the geo module's portable SQL, its page the keyset of the feed.
 */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { EVENT_DURATION_MAX_DAYS, type EventSkillLevel } from '@gameon/shared';
import type { DB, EventsTable } from '../../db/types.js';
import { afterKeyset, type Keyset } from '../../lib/cursor.js';
import { withinRadiusSql } from '../../lib/geo.js';
import { presentTo } from '../access/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** The columns of an event its organizer writes (everything but who and when). */
export type EventFields = Omit<Insertable<EventsTable>, 'id' | 'organizer_id' | 'created_at'>;

async function insertTags(db: Executor, eventId: number, tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  await db
    .insertInto('event_tags')
    .values(tags.map((tag, position) => ({ event_id: eventId, tag, position })))
    .execute();
}

/** Stores a new event with its tags (in order). @returns its id. */
export async function insertEvent(
  db: Executor,
  event: Insertable<EventsTable>,
  tags: string[],
): Promise<number> {
  const { id } = await db
    .insertInto('events')
    .values(event)
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertTags(db, id, tags);
  return id;
}

/** Replaces event `id`'s fields and tags. */
export async function updateEvent(
  db: Executor,
  id: number,
  fields: EventFields,
  tags: string[],
): Promise<void> {
  await db.updateTable('events').set(fields).where('id', '=', id).execute();
  await db.deleteFrom('event_tags').where('event_id', '=', id).execute();
  await insertTags(db, id, tags);
}

export function findEvent(db: Executor, id: number) {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Locks event `id` for the caller's transaction (a no-op update: a row lock on PostgreSQL, as
 * `for update` takes, and the write lock on SQLite, whose one writer then runs registrations one
 * by one), so its places, its maximum and its cancellation cannot be raced.
 * @returns the event, or undefined when it does not exist.
 */
export function lockEvent(db: Executor, id: number) {
  return db
    .updateTable('events')
    .set((eb) => ({ max_participants: eb.ref('max_participants') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The events `organizerId` organizes that have not ended by `now` (UTC ISO): ids and titles. */
export function notEndedOrganizedBy(db: Executor, organizerId: number, now: string) {
  return db
    .selectFrom('events')
    .select(['id', 'title'])
    .where('organizer_id', '=', organizerId)
    .where('end_date', '>', now)
    .orderBy('id')
    .execute();
}

/** Deletes event `id`; its tags and registrations go with it. */
export async function deleteEvent(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('events').where('id', '=', id).execute();
}

export interface EventFilter {
  /** The signed-in viewer, whose blocks hide organizers; null signed out. Suspended organizers' events are hidden from everyone. */
  viewerId: number | null;
  /** Events that end after this instant (UTC ISO), i.e. not ended. */
  endsAfter: string;
  sport?: string;
  skillLevel?: EventSkillLevel;
  /** Events that overlap [from, to): start before `to`, end after `from`. */
  day?: { from: string; to: string };
  /** Rupees, inclusive. */
  maxCost?: number;
  equipmentProvided?: boolean;
  /** Within `radius` metres of the point; events without a point (online) always pass. */
  near?: { lat: number; lng: number; radius: number };
  /** The last row shown: its event_date and id. */
  cursor?: Keyset;
  limit: number;
}

/**
 * Events matching `filter`, soonest start first, keyset-paginated on (event_date, id).
 *
 * An event lasts at most {@link EVENT_DURATION_MAX_DAYS} days (the shared schema), so one that
 * has not ended started less than that long before `filter.endsAfter`: the walk of the
 * (event_date, id) index starts there instead of at the first event ever held.
 */
export function list(db: Executor, filter: EventFilter) {
  const maxDurationMs = EVENT_DURATION_MAX_DAYS * 24 * 3600_000;
  const startsAfter = new Date(Date.parse(filter.endsAfter) - maxDurationMs).toISOString();
  let query = db
    .selectFrom('events as e')
    .selectAll('e')
    .where('e.event_date', '>=', startsAfter)
    .where('e.end_date', '>', filter.endsAfter);
  if (filter.sport !== undefined) query = query.where('e.sport', '=', filter.sport);
  if (filter.skillLevel !== undefined) query = query.where('e.skill_level', '=', filter.skillLevel);
  if (filter.day) {
    query = query
      .where('e.event_date', '<', filter.day.to)
      .where('e.end_date', '>', filter.day.from);
  }
  if (filter.maxCost !== undefined) query = query.where('e.cost', '<=', filter.maxCost);
  if (filter.equipmentProvided !== undefined)
    query = query.where('e.equipment_provided', '=', filter.equipmentProvided ? 1 : 0);
  if (filter.near) {
    const { lat, lng, radius } = filter.near;
    const within = withinRadiusSql({ lat: 'e.lat', lng: 'e.lng' }, { lat, lng }, radius);
    query = query.where(sql<boolean>`(e.lat is null or ${within})`);
  }
  // A member does not see the events of a member they blocked or who blocked them, and
  // nobody those of a suspended organizer.
  query = query.where(presentTo(filter.viewerId, 'e.organizer_id'));
  if (filter.cursor)
    query = query.where(afterKeyset({ time: 'e.event_date', id: 'e.id' }, filter.cursor));
  return query.orderBy('e.event_date').orderBy('e.id').limit(filter.limit).execute();
}

/**
 * What a page of events shows beyond its rows, in four queries: organizers' usernames, tags in
 * order, the number of registrations per event, and `viewerId`'s own registration ids (none
 * signed out).
 */
export async function hydrate(
  db: Executor,
  eventIds: number[],
  organizerIds: number[],
  viewerId: number | null,
) {
  if (eventIds.length === 0) return { organizers: [], tags: [], counts: [], mine: [] };
  const [organizers, tags, counts, mine] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', [...new Set(organizerIds)])
      .execute(),
    db
      .selectFrom('event_tags')
      .select(['event_id', 'tag'])
      .where('event_id', 'in', eventIds)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('event_registrations')
      .select(['event_id', sql<number>`cast(count(*) as integer)`.as('n')])
      .where('event_id', 'in', eventIds)
      .groupBy('event_id')
      .execute(),
    viewerId === null
      ? Promise.resolve([])
      : db
          .selectFrom('event_registrations')
          .select(['event_id', 'id'])
          .where('event_id', 'in', eventIds)
          .where('user_id', '=', viewerId)
          .execute(),
  ]);
  return { organizers, tags, counts, mine };
}
