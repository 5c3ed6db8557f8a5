/**
 * Queries for posts, their tags, interest and calendars. The feed's queries are the feed
 * module's (modules/feed), as is the place index cell every write of a post stores (geocellFor).
 */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, PostsTable } from '../../db/types.js';
import { likePattern } from '../../lib/like.js';
import { presentTo } from '../access/index.js';
import { geocellFor } from '../feed/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** A post to insert; its place index cell is derived from it (see {@link insertPost}). */
export type NewPost = Omit<Insertable<PostsTable>, 'geocell'>;

/**
 * Inserts `post` (its place index cell computed here, the feed module's geocellFor) and its
 * tags; answers its id.
 */
export async function insertPost(db: Executor, post: NewPost, tags: string[]): Promise<number> {
  const { id } = await db
    .insertInto('posts')
    .values({ ...post, geocell: geocellFor(post) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertTags(db, id, tags);
  return id;
}

/**
 * Stores `tags` as post `postId`'s, in their order (position 0 first) with the lower-cased key
 * the feed's tag filter matches; nothing for none.
 */
async function insertTags(db: Executor, postId: number, tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  await db
    .insertInto('post_tags')
    .values(
      tags.map((tag, position) => ({ post_id: postId, tag, tag_key: tag.toLowerCase(), position })),
    )
    .execute();
}

export function findPost(db: Executor, id: number) {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Locks post `id` for the caller's transaction (a no-op update: a row lock on PostgreSQL, as
 * `for update` takes, and the write lock on SQLite, whose one writer then runs joins one by
 * one), so the joining order and the places it decides cannot be raced.
 * @returns the post, or undefined when it does not exist.
 */
export function lockPost(db: Executor, id: number) {
  return db
    .updateTable('posts')
    .set((eb) => ({ players_needed: eb.ref('players_needed') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The members interested in post `postId` with their places, in joining order (seq). */
export function interestsOf(db: Executor, postId: number) {
  return db
    .selectFrom('post_interests')
    .select(['user_id', 'seq', 'place'])
    .where('post_id', '=', postId)
    .orderBy('seq')
    .execute();
}

/**
 * Adds `userId` at the end of post `postId`'s joining order (seq = last + 1) in `place`; call
 * it under {@link lockPost}. Does nothing when the member is already in.
 * @returns true when the member is new.
 */
export async function addInterest(
  db: Executor,
  postId: number,
  userId: number,
  now: string,
  place: 'joined' | 'waitlisted' = 'joined',
): Promise<boolean> {
  const last = await db
    .selectFrom('post_interests')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('post_id', '=', postId)
    .executeTakeFirst();
  const inserted = await db
    .insertInto('post_interests')
    .values({
      post_id: postId,
      user_id: userId,
      created_at: now,
      seq: Number(last?.seq ?? 0) + 1,
      place,
    })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Removes `userId`'s interest in post `postId`; returns whether there was one. */
export async function removeInterest(
  db: Executor,
  postId: number,
  userId: number,
): Promise<boolean> {
  const rows = await db
    .deleteFrom('post_interests')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/**
 * Opens held occurrence `id` (clears `hidden_until`; `version` up): an update of the row, so the
 * triggers of migration 0018 move its cell's version and every process's feed sees it.
 * @returns true when it was held and this call opened it.
 */
export async function openPost(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set((eb) => ({ hidden_until: null, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('hidden_until', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes post `id` (tags and interest go with it; its group chat stays, unlinked). */
export async function deletePost(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', id).execute();
}

/** Every post `authorId` hosts (My Posts), in no particular order: the service sorts. */
export function listHosted(db: Executor, authorId: number) {
  return db.selectFrom('posts').selectAll().where('author_id', '=', authorId).execute();
}

/**
 * Games after `after` that `userId` joined or waits for, soonest first, leaving out authors
 * blocked either way or suspended.
 */
export function listJoined(db: Executor, userId: number, after: string) {
  return db
    .selectFrom('posts as p')
    .innerJoin('post_interests as i', 'i.post_id', 'p.id')
    .selectAll('p')
    .where('i.user_id', '=', userId)
    .where('p.event_time', '>', after)
    .where(presentTo(userId, 'p.author_id'))
    .orderBy('p.event_time')
    .orderBy('p.id')
    .execute();
}

/** Ids of the games after `after` that `userId` joined or waits for, whoever hosts them. */
export async function joinedIds(db: Executor, userId: number, after: string): Promise<number[]> {
  const rows = await db
    .selectFrom('posts as p')
    .innerJoin('post_interests as i', 'i.post_id', 'p.id')
    .select('p.id')
    .where('i.user_id', '=', userId)
    .where('p.event_time', '>', after)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Games after `after` that `userId` hosts, joined or waits for (the private calendar feed),
 * soonest first, leaving out hosts blocked either way or suspended.
 */
export function listUpcomingFor(db: Executor, userId: number, after: string) {
  return db
    .selectFrom('posts as p')
    .selectAll('p')
    .where('p.event_time', '>', after)
    .where((eb) =>
      eb.or([
        eb('p.author_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('post_interests as i')
            .select('i.post_id')
            .whereRef('i.post_id', '=', 'p.id')
            .where('i.user_id', '=', userId),
        ),
      ]),
    )
    .where(presentTo(userId, 'p.author_id'))
    .orderBy('p.event_time')
    .orderBy('p.id')
    .execute();
}

/** Stores (or replaces) `userId`'s calendar feed secret hash; the old one stops at once. */
export async function saveCalendarFeed(
  db: Executor,
  userId: number,
  secretHash: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, secret_hash: secretHash, created_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret_hash: secretHash, created_at: now }),
    )
    .execute();
}

/** The calendar feed row of `userId`, or undefined. */
export function findCalendarFeed(db: Executor, userId: number) {
  return db
    .selectFrom('calendar_feeds')
    .select(['user_id', 'created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The member whose calendar feed secret hashes to `secretHash`, or undefined. */
export function calendarFeedOwner(db: Executor, secretHash: string) {
  return db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
}

/** Sets the public point (and place index cell) of every post of `authorId` from `point(lng, lat)`. */
export async function updatePublicPoints(
  db: Executor,
  authorId: number,
  point: (lng: number, lat: number) => [number, number] | null,
): Promise<void> {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'sport', 'lng', 'lat'])
    .where('author_id', '=', authorId)
    .execute();
  for (const row of rows) {
    const p = point(row.lng, row.lat);
    const shown = { public_lng: p?.[0] ?? null, public_lat: p?.[1] ?? null };
    await db
      .updateTable('posts')
      .set({ ...shown, geocell: geocellFor({ sport: row.sport, ...shown }) })
      .where('id', '=', row.id)
      .execute();
  }
}

/** A member's posts, soonest upcoming first then the past, newest first (profile lists). */
export function listByAuthor(db: Executor, authorId: number, limit: number, offset: number) {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('author_id', '=', authorId)
    .orderBy('event_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * The places of `authorId`'s own games whose name contains `q` (case-insensitive), newest game
 * first: `{location_name, lng, lat}`, the exact point in degrees. At most `limit` rows.
 */
export function ownLocations(db: Executor, authorId: number, q: string, limit: number) {
  return db
    .selectFrom('posts')
    .select(['location_name', 'lng', 'lat'])
    .where('author_id', '=', authorId)
    .where(sql<boolean>`lower(location_name) like ${likePattern(q)} escape '\\'`)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** What an edit of a game changes on its row (see {@link updatePost}). */
export interface PostChanges {
  heading?: string;
  description?: string;
  location_name?: string;
  lng?: number;
  lat?: number;
  public_lng?: number | null;
  public_lat?: number | null;
  event_time?: string;
  players_needed?: number;
  /** When the time or place changed (UTC ISO). */
  changed_at?: string;
}

/**
 * Writes the host's edit of post `id` (`sport` its fixed sport), its tags replaced when `tags`
 * is given: `version` goes up (cached presentations of it are stale; the triggers of migration
 * 0018 move its cells' versions) and `sequence` too (the calendar entry's revision), the place
 * index cell follows a new public point.
 */
export async function updatePost(
  db: Executor,
  id: number,
  sport: string,
  changes: PostChanges,
  tags: string[] | undefined,
): Promise<void> {
  const moved = changes.public_lng !== undefined || changes.public_lat !== undefined;
  await db
    .updateTable('posts')
    .set((eb) => ({
      ...changes,
      ...(moved
        ? {
            geocell: geocellFor({
              sport,
              public_lng: changes.public_lng,
              public_lat: changes.public_lat,
            }),
          }
        : {}),
      version: eb('version', '+', 1),
      sequence: eb('sequence', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
  if (tags === undefined) return;
  await db.deleteFrom('post_tags').where('post_id', '=', id).execute();
  await insertTags(db, id, tags);
}

/** The tags of post `id`, in their order. */
export async function tagsOf(db: Executor, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('post_tags')
    .select('tag')
    .where('post_id', '=', id)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.tag);
}

/**
 * Records that `userId` left post `postId` (or was removed from it) at `at`; `excused` when a
 * leave came within 24 hours of a change of time or place. Replaces an earlier departure.
 */
export async function recordDeparture(
  db: Executor,
  departure: {
    post_id: number;
    user_id: number;
    left_at: string;
    reason: 'left' | 'removed';
    excused: boolean;
    /** The place they left from. */
    place: 'joined' | 'waitlisted' | 'offered';
  },
): Promise<void> {
  const row = { ...departure, excused: departure.excused ? 1 : 0 };
  await db
    .insertInto('post_departures')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['post_id', 'user_id']).doUpdateSet({
        left_at: row.left_at,
        reason: row.reason,
        excused: row.excused,
        place: row.place,
      }),
    )
    .execute();
}

/** `userId`'s last departure from post `postId`, or undefined. */
export function departureOf(db: Executor, postId: number, userId: number) {
  return db
    .selectFrom('post_departures')
    .select(['left_at', 'reason', 'excused'])
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
