/** Queries for posts, their tags and interest. Geo filtering is portable SQL (see feed). */
import { type Insertable, type Kysely, type Transaction } from 'kysely';
import { ONLINE_GAMES } from '@gameon/shared';
import type { DB, PostsTable } from '../../db/types.js';
import type { Keyset } from '../../lib/cursor.js';
import { withinRadiusSql } from '../../lib/geo.js';
import { notBlockedWith } from '../access/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

export type NewPost = Insertable<PostsTable>;

export async function insertPost(db: Executor, post: NewPost, tags: string[]): Promise<number> {
  const { id } = await db
    .insertInto('posts')
    .values(post)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (tags.length > 0) {
    await db
      .insertInto('post_tags')
      .values(
        tags.map((tag, position) => ({ post_id: id, tag, tag_key: tag.toLowerCase(), position })),
      )
      .execute();
  }
  return id;
}

export function findPost(db: Executor, id: number) {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds interest; returns true when it is new (false when the member was already in). */
export async function addInterest(
  db: Executor,
  postId: number,
  userId: number,
  now: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('post_interests')
    .values({ post_id: postId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export interface FeedFilter {
  viewerId: number;
  after: string;
  sports: string[] | null;
  category: 'sports' | 'esports' | null;
  tagKeys: string[];
  from?: string;
  to?: string;
  near?: { lat: number; lng: number; radius: number | null };
  /** The last row shown: its event_time and id. */
  cursor?: Keyset;
  limit: number;
}

/**
 * Upcoming posts of others matching `filter`, soonest first, keyset-paginated on
 * (event_time, id); the radius test is the geo module's portable SQL.
 */
export function feed(db: Executor, filter: FeedFilter) {
  let query = db
    .selectFrom('posts as p')
    .selectAll('p')
    .where('p.event_time', '>', filter.after)
    .where('p.author_id', '!=', filter.viewerId);
  if (filter.sports)
    query = query.where('p.sport', 'in', filter.sports.length > 0 ? filter.sports : ['']);
  if (filter.category === 'esports') query = query.where('p.sport', 'in', [...ONLINE_GAMES]);
  if (filter.category === 'sports') query = query.where('p.sport', 'not in', [...ONLINE_GAMES]);
  if (filter.tagKeys.length > 0) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_tags as t')
          .select('t.post_id')
          .whereRef('t.post_id', '=', 'p.id')
          .where('t.tag_key', 'in', filter.tagKeys),
      ),
    );
  }
  if (filter.from) query = query.where('p.event_time', '>=', filter.from);
  if (filter.to) query = query.where('p.event_time', '<', filter.to);
  // Others' games are placed at their public point (issue 4 location_sharing); a hidden one
  // has none, so it only shows in feeds without a location filter.
  if (filter.near?.radius) {
    const { lat, lng, radius } = filter.near;
    query = query.where(
      withinRadiusSql({ lat: 'p.public_lat', lng: 'p.public_lng' }, { lat, lng }, radius),
    );
  }
  // Nobody sees the games of a member they blocked or who blocked them (issue 4).
  query = query.where(notBlockedWith(filter.viewerId, 'p.author_id'));

  if (filter.cursor) {
    const { time, id } = filter.cursor;
    query = query.where((eb) =>
      eb.or([
        eb('p.event_time', '>', time),
        eb.and([eb('p.event_time', '=', time), eb('p.id', '>', id)]),
      ]),
    );
  }
  return query.orderBy('p.event_time').orderBy('p.id').limit(filter.limit).execute();
}

/** Sets the public point of every post of `authorId` from `point(lng, lat)`. */
export async function updatePublicPoints(
  db: Executor,
  authorId: number,
  point: (lng: number, lat: number) => [number, number] | null,
): Promise<void> {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'lng', 'lat'])
    .where('author_id', '=', authorId)
    .execute();
  for (const row of rows) {
    const p = point(row.lng, row.lat);
    await db
      .updateTable('posts')
      .set({ public_lng: p?.[0] ?? null, public_lat: p?.[1] ?? null })
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

/** Authors, tags and interested members of a page of posts, in three queries. */
export async function hydrate(db: Executor, postIds: number[], authorIds: number[]) {
  if (postIds.length === 0) return { authors: [], tags: [], interests: [] };
  const [authors, tags, interests] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', [...new Set(authorIds)])
      .execute(),
    db
      .selectFrom('post_tags')
      .select(['post_id', 'tag'])
      .where('post_id', 'in', postIds)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('post_interests')
      .select(['post_id', 'user_id'])
      .where('post_id', 'in', postIds)
      .orderBy('created_at')
      .orderBy('user_id')
      .execute(),
  ]);
  return { authors, tags, interests };
}
