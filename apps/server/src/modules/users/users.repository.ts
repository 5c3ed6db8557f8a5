/** Queries for members by id, follows, blocks and people search. */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Engine } from '../../db/engine.js';
import type { Keyset } from '../../lib/cursor.js';
import type { DB, UserRow } from '../../db/types.js';
import { likePattern } from '../../lib/like.js';
import { presentTo } from '../access/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** A member's account row with their sports and tags, each list in its saved order. */
export interface Member extends UserRow {
  sports: string[];
  tags: string[];
}

/** Loads members by id with their sports and tags, in the order of `ids` (missing ids skipped). */
export async function findMembers(db: Executor, ids: number[]): Promise<Member[]> {
  if (ids.length === 0) return [];
  const [users, sports, tags] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', ids).execute(),
    db
      .selectFrom('user_sports')
      .selectAll()
      .where('user_id', 'in', ids)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('user_tags')
      .selectAll()
      .where('user_id', 'in', ids)
      .orderBy('position')
      .execute(),
  ]);
  const byId = new Map(
    users.map((u) => [u.id, { ...u, sports: [] as string[], tags: [] as string[] }]),
  );
  for (const s of sports) byId.get(s.user_id)?.sports.push(s.value);
  for (const t of tags) byId.get(t.user_id)?.tags.push(t.value);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function follow(
  db: Executor,
  followerId: number,
  followeeId: number,
  now: string,
): Promise<boolean> {
  const row = await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .returning('follower_id')
    .executeTakeFirst();
  return row !== undefined;
}

export function unfollow(db: Executor, followerId: number, followeeId: number) {
  return db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .execute();
}

/**
 * A page of the followers (`direction` 'followers') or followees ('following') of a member,
 * newest follow first (created_at, then the other member's id, both descending), as `viewerId`
 * sees them: members blocked by or blocking the viewer are not there, nor suspended members (the
 * access module's `presentTo`). `after` is the last row of the page before (keyset: an index walk
 * on migration 0034's (side, created_at, other side) index); `q` keeps usernames containing it,
 * case-insensitive. Each row carries `followed_at` for the next cursor.
 */
export function listFollows(
  db: Executor,
  userId: number,
  direction: 'followers' | 'following',
  viewerId: number,
  page: { limit: number; after?: Keyset; q?: string },
) {
  const [mine, theirs] =
    direction === 'followers'
      ? (['followee_id', 'follower_id'] as const)
      : (['follower_id', 'followee_id'] as const);
  let query = db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', `f.${theirs}`)
    .select(['u.id', 'u.username', 'u.bio', 'u.profile_picture_url', 'f.created_at as followed_at'])
    .where(`f.${mine}`, '=', userId)
    .where(presentTo(viewerId, 'u.id'));
  if (page.after) {
    const { time, id } = page.after;
    // Led by `created_at <= time`, a range the index walk starts at (not a skip from the newest).
    query = query
      .where('f.created_at', '<=', time)
      .where((eb) =>
        eb.or([
          eb('f.created_at', '<', time),
          eb.and([eb('f.created_at', '=', time), eb(`f.${theirs}`, '<', id)]),
        ]),
      );
  }
  if (page.q)
    query = query.where(sql<boolean>`lower(u.username) like ${likePattern(page.q)} escape '\\'`);
  return query
    .orderBy('f.created_at', 'desc')
    .orderBy(`f.${theirs}`, 'desc')
    .limit(page.limit)
    .execute();
}

/**
 * A member's follower and following counts: migration 0034's counters (every follow, kept by
 * triggers) less the suspended members among them, whom no list shows. Blocks do not change
 * them. The suspended are read through the partial index of suspended members (migration
 * 0017), so the cost grows with the number of suspended members, not with the follows.
 */
export async function followCounts(
  db: Executor,
  userId: number,
): Promise<{ followers: number; following: number }> {
  const [counts, suspended] = await Promise.all([
    db
      .selectFrom('follow_counts')
      .select(['followers', 'following'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('users as s')
      .select((eb) => [
        eb.fn
          .countAll<number | string>()
          .filterWhere(
            eb.exists(
              eb
                .selectFrom('follows')
                .select('follower_id')
                .whereRef('follower_id', '=', 's.id')
                .where('followee_id', '=', userId),
            ),
          )
          .as('followers'),
        eb.fn
          .countAll<number | string>()
          .filterWhere(
            eb.exists(
              eb
                .selectFrom('follows')
                .select('follower_id')
                .where('follower_id', '=', userId)
                .whereRef('followee_id', '=', 's.id'),
            ),
          )
          .as('following'),
      ])
      .where('s.suspended_at', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    followers: (counts?.followers ?? 0) - Number(suspended.followers),
    following: (counts?.following ?? 0) - Number(suspended.following),
  };
}

export function block(db: Executor, blockerId: number, blockedId: number, now: string) {
  return db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

/** The members `blockerId` has blocked, most recent first. */
export function listBlocked(db: Executor, blockerId: number) {
  return db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.id', 'u.username', 'u.profile_picture_url'])
    .where('b.blocker_id', '=', blockerId)
    .orderBy('b.created_at', 'desc')
    .orderBy('u.id')
    .execute();
}

export function unblock(db: Executor, blockerId: number, blockedId: number) {
  return db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
}

/**
 * The engine's part of people search: the ids of the members who may match `q` (every one that
 * does, perhaps a few more), as a subquery. `pattern` is `q` as an escaped `like` pattern.
 */
export interface PeopleSearchPlan {
  candidates(q: string, pattern: string): RawBuilder<number>;
  /** Whether text sorts by its bytes (SQLite), so that a prefix is a range of an index. */
  ordersLikeBytes: boolean;
}

/**
 * The people search plan for `engine`, chosen once at start-up. Both read a trigram index
 * (migration 0017) so that search reads the candidates instead of every member: on SQLite the
 * FTS5 table `people_search` (a phrase of `q`'s trigrams, case-folded: a substring of the
 * username or of a sport or tag); on PostgreSQL each of the three `like` tests on its own, which
 * pg_trgm's GIN indexes answer where the extension is (each scans without it).
 */
export function peopleSearchPlan(engine: Pick<Engine, 'dialect'>): PeopleSearchPlan {
  if (engine.dialect === 'sqlite')
    return {
      ordersLikeBytes: true,
      candidates(q) {
        const phrase = `"${q.replaceAll('"', '""')}"`;
        return sql<number>`(select rowid from people_search where people_search match ${phrase})`;
      },
    };
  const like = (column: string, pattern: string) =>
    sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  return {
    ordersLikeBytes: false,
    candidates: (
      _q,
      pattern,
    ) => sql<number>`(select id from users where ${like('username', pattern)}
    union all select user_id from user_sports where ${like('value', pattern)}
    union all select user_id from user_tags where ${like('value', pattern)})`,
  };
}

/**
 * The lower-cased username range of the names starting with `needle` (lower-cased, ASCII like
 * every username, shared/schemas/auth.ts): from `needle` (included) to `needle` followed by the
 * last code point (excluded), which the unique index on lower(username) (migration 0001) walks
 * in order on SQLite, whose text order is the bytes'. PostgreSQL's order follows the database's
 * collation, so there the `like` prefix test alone decides.
 */
function prefixRange(needle: string): [string, string] {
  return [needle, `${needle}\u{10FFFF}`];
}

/**
 * People matching `q` in username, sports or interests (tags), case-insensitive, ranked: exact
 * username, username prefix, username contains, then sports/tags, each rank by lower-cased
 * username; never the viewer, anyone blocked either way nor a suspended member (the access
 * module's `presentTo`). Returns the ids of ranks `offset` to `offset + limit` in rank order.
 *
 * Ranked a rank at a time, so that a page costs what it holds rather than every match: the exact
 * username (the unique index), then the prefix matches walked in username order (on SQLite a
 * range of the lower(username) index, stopping after the page), and only when those end before
 * the page does, the rest from `plan`'s candidates ({@link peopleSearchPlan}), scored and sorted.
 * A search like "player12" among 100,000 "playerN" names thus reads about a page of index entries
 * instead of a trigram index's thousands of candidates.
 */
export async function searchUserIds(
  db: Executor,
  plan: PeopleSearchPlan,
  viewerId: number,
  q: string,
  limit: number,
  offset: number,
): Promise<number[]> {
  const needle = q.toLowerCase();
  const pattern = likePattern(q);
  const prefix = `${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const lowerName = sql<string>`lower(u.username)`;
  const shown = () =>
    db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.id', '!=', viewerId)
      .where(presentTo(viewerId, 'u.id'));
  const end = offset + limit;
  const exact = await shown().where(lowerName, '=', needle).execute();
  let prefixed = shown()
    .where(lowerName, '!=', needle)
    .where(sql<boolean>`${lowerName} like ${prefix} escape '\\'`);
  if (plan.ordersLikeBytes) {
    const [from, to] = prefixRange(needle);
    prefixed = prefixed.where(lowerName, '>=', from).where(lowerName, '<', to);
  }
  const wanted = end - exact.length;
  const starting = wanted > 0 ? await prefixed.orderBy(lowerName).limit(wanted).execute() : [];
  const first = [...exact, ...starting].map((r) => r.id);
  if (first.length >= end) return first.slice(offset, end);
  // Every exact and prefix match is in `first`: the rest are ranks 2 and 3.
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      eb
        .case()
        .when(sql<boolean>`${lowerName} like ${pattern} escape '\\'`)
        .then(2)
        .else(3)
        .end()
        .as('rank'),
    ])
    .where('u.id', '!=', viewerId)
    .where('u.id', 'in', plan.candidates(q, pattern))
    .where(sql<boolean>`not (${lowerName} like ${prefix} escape '\\')`)
    .where((eb) =>
      eb.or([
        sql<boolean>`${lowerName} like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('user_sports as s')
            .select('s.user_id')
            .whereRef('s.user_id', '=', 'u.id')
            .where(sql<boolean>`lower(s.value) like ${pattern} escape '\\'`),
        ),
        eb.exists(
          eb
            .selectFrom('user_tags as t')
            .select('t.user_id')
            .whereRef('t.user_id', '=', 'u.id')
            .where(sql<boolean>`lower(t.value) like ${pattern} escape '\\'`),
        ),
      ]),
    )
    .where(presentTo(viewerId, 'u.id'))
    .orderBy('rank')
    .orderBy(lowerName)
    .limit(end - Math.max(offset, first.length))
    .offset(Math.max(0, offset - first.length))
    .execute();
  return [...first.slice(offset), ...rows.map((r) => r.id)];
}
