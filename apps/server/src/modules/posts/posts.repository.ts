/** Queries for posts, their tags and interest. Geo filtering is portable SQL (see feed). */
import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { ONLINE_GAMES } from '@gameon/shared';
import { reusableQuery } from '../../db/reusable-query.js';
import type { DB, PostRow, PostsTable } from '../../db/types.js';
import {
  afterDistanceKeyset,
  afterKeyset,
  type DistanceKeyset,
  type Keyset,
} from '../../lib/cursor.js';
import {
  distanceMetresSql,
  geocellOf,
  geocellsCovering,
  haversineBound,
  withinRadiusSql,
} from '../../lib/geo.js';
import { likePattern } from '../../lib/like.js';
import { blockedEitherWay, notBlockedWith, notSuspended, presentTo } from '../access/index.js';
import type { Candidate, SqliteFeedSkeleton } from './feed-skeleton.sqlite.js';
import { postgisFeedSkeleton } from './feed-skeleton.postgis.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** A post to insert; its place index cell is derived from it (see {@link insertPost}). */
export type NewPost = Omit<Insertable<PostsTable>, 'geocell'>;

/** Inserts `post` (its place index cell computed here, {@link geocellFor}) and its tags; answers its id. */
export async function insertPost(db: Executor, post: NewPost, tags: string[]): Promise<number> {
  const { id } = await db
    .insertInto('posts')
    .values({ ...post, geocell: geocellFor(post) })
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

/** The members interested in post `postId`, in joining order (seq). */
export function interestsOf(db: Executor, postId: number) {
  return db
    .selectFrom('post_interests')
    .select(['user_id', 'seq'])
    .where('post_id', '=', postId)
    .orderBy('seq')
    .execute();
}

/**
 * Adds `userId` at the end of post `postId`'s joining order (seq = last + 1); call it under
 * {@link lockPost}. Does nothing when the member is already in.
 * @returns true when the member is new.
 */
export async function addInterest(
  db: Executor,
  postId: number,
  userId: number,
  now: string,
): Promise<boolean> {
  const last = await db
    .selectFrom('post_interests')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('post_id', '=', postId)
    .executeTakeFirst();
  const inserted = await db
    .insertInto('post_interests')
    .values({ post_id: postId, user_id: userId, created_at: now, seq: Number(last?.seq ?? 0) + 1 })
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

export interface FeedFilter {
  viewerId: number;
  after: string;
  sports: string[] | null;
  category: 'sports' | 'esports' | null;
  tagKeys: string[];
  from?: string;
  to?: string;
  /** Where the viewer is (degrees) and the radius in metres, or null for any distance. */
  near?: { lat: number; lng: number; radius: number | null };
  limit: number;
  /** The database has PostGIS: a radius feed may use feed-skeleton.postgis.ts. */
  postgis?: boolean;
}

/** SQL condition: the post is an online game (spec part 1 §3: its sport is an online game). */
const onlineGameSql = sql<boolean>`${sql.ref('p.sport')} in (${sql.join([...ONLINE_GAMES])})`;

/** The place index cell of every online game (migration 0014): it shows in every radius feed. */
export const ONLINE_CELL = -1;

/**
 * The most place index cells one feed query walks: a 25 km circle needs 9 to 16, a
 * 50 km one about 30; a wider circle uses the plan without cells (see {@link feed}).
 */
const MAX_FEED_CELLS = 36;

/**
 * The place index cell of a game (migration 0014): -1 when it is online, null when its
 * place is hidden (no public point), else lib/geo.ts geocellOf of the public point. Every write of
 * a post's sport or public point stores it (insertPost, updatePublicPoints; bench/seed.ts too).
 */
export function geocellFor(post: {
  sport: string;
  public_lat?: number | null;
  public_lng?: number | null;
}): number | null {
  if ((ONLINE_GAMES as readonly string[]).includes(post.sport)) return ONLINE_CELL;
  if (post.public_lat == null || post.public_lng == null) return null;
  return geocellOf(post.public_lat, post.public_lng);
}

/**
 * The distance key of a game that has none (online, or its place hidden): more metres than any
 * two points on Earth are apart, so nearest order puts such games after every game in range.
 */
const NO_DISTANCE_KEY = 1_000_000_000;

/** The parts of a {@link FeedFilter} that say which games match, whoever looks. */
export type GamesFilter = Pick<
  FeedFilter,
  'after' | 'sports' | 'category' | 'tagKeys' | 'from' | 'to'
>;

/**
 * `id` and `event_time` of the upcoming posts matching `filter`'s sports, category, tags and
 * dates, after `cursor` in (event_time, id) order when given, unordered, not yet filtered by place
 * and with no viewer's rules.
 */
function matchingGames(db: Executor, filter: GamesFilter, cursor?: Keyset) {
  let query = db.selectFrom('posts as p').select(['p.id', 'p.event_time']);
  // A cursor later than `after` implies it: its time is then the one range an index walk starts at.
  if (!cursor || cursor.time <= filter.after)
    query = query.where('p.event_time', '>', filter.after);
  if (cursor) query = query.where(afterKeyset({ time: 'p.event_time', id: 'p.id' }, cursor));
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
  return query;
}

/**
 * The skeleton of the feed (ids, then whole rows in {@link hydratePosts}): the
 * {@link matchingGames} of others; nobody sees the games of a member they blocked or who blocked
 * them, nor those of a suspended member.
 */
function feedRows(db: Executor, filter: FeedFilter, cursor?: Keyset) {
  return matchingGames(db, filter, cursor)
    .where('p.author_id', '!=', filter.viewerId)
    .where(notBlockedWith(filter.viewerId, 'p.author_id'))
    .where(notSuspended('p.author_id'));
}

/**
 * The first `limit` games of place index cell `cell` matching `filter`, whole rows in
 * (event_time, id) order, for whoever looks: no viewer's rules, only the suspension rule,
 * which moves the cell's version on (migration 0018). A cell's list in the feed
 * cache (feed-cache.ts).
 */
export function cellGames(
  db: Executor,
  filter: GamesFilter,
  cell: number,
  limit: number,
): Promise<PostRow[]> {
  return matchingGames(db, filter)
    .selectAll('p')
    .where('p.geocell', '=', cell)
    .where(notSuspended('p.author_id'))
    .orderBy('p.event_time')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** The bound values of {@link cellChecksQuery}: the viewer and one slot per possible cell. */
type CellCheckValues = { viewerId: number } & Record<`cell${number}`, number | null>;

/** The cell slots of {@link cellChecksQuery}: the most cells a feed reads, the online one too. */
const CELL_SLOTS = Array.from({ length: MAX_FEED_CELLS + 1 }, (_, i) => `cell${i}` as const);

/** A row of the feed's checks: a cell's version, a member blocked either way, or the epoch. */
interface CheckRow {
  kind: 'cell' | 'blocked' | 'epoch';
  cell: number | null;
  value: number;
}

/**
 * The checks every cached radius feed makes, whatever it asks of cells: the members blocked
 * either way with `viewerId` (the access module's {@link blockedEitherWay}) and, on SQLite, the
 * feed's epoch (migration 0019).
 */
function viewerChecksSql(db: Executor, viewerId: number) {
  const epoch =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql``
      : sql`union all select 'epoch' as kind, null as cell, version as value from feed_epoch`;
  return sql`select 'blocked' as kind, null as cell, b.id as value from (${blockedEitherWay(viewerId)}) b ${epoch}`;
}

/**
 * {@link cellChecks}' query, built once (it runs for every radius feed that does not
 * know its cells' versions), with a fixed number of cell slots so that its SQL never changes;
 * slots past the cells asked for are null, which matches no cell.
 */
const cellChecksQuery = reusableQuery<CellCheckValues, CheckRow>(
  ['viewerId', ...CELL_SLOTS],
  (db, values) => ({
    compile: () =>
      sql<CheckRow>`
        select 'cell' as kind, geocell as cell, version as value from feed_cell_versions
          where geocell in (${sql.join(CELL_SLOTS.map((slot) => values[slot]))})
        union all ${viewerChecksSql(db, values.viewerId)}`.compile(db),
  }),
);

/** {@link epochChecks}' query, built once: the checks of a feed that knows its cells' versions. */
const epochChecksQuery = reusableQuery<{ viewerId: number }, CheckRow>(
  ['viewerId'],
  (db, { viewerId }) => ({ compile: () => viewerChecksSql(db, viewerId).compile(db) }),
);

/** What the feed's checks answer; `epoch` is null on PostgreSQL, which keeps none. */
export interface FeedChecks {
  versions: Map<number, number>;
  blocked: Set<number>;
  epoch: number | null;
}

function feedChecksOf(rows: CheckRow[]): FeedChecks {
  const checks: FeedChecks = { versions: new Map(), blocked: new Set(), epoch: null };
  for (const row of rows) {
    if (row.kind === 'blocked') checks.blocked.add(Number(row.value));
    else if (row.kind === 'epoch') checks.epoch = Number(row.value);
    else checks.versions.set(Number(row.cell), Number(row.value));
  }
  return checks;
}

/**
 * What the feed cache checks before answering `viewerId` from the lists of `cells` (at most
 * {@link MAX_FEED_CELLS} and the online cell, as {@link feedCells} answers), in one query: the
 * version of each cell (migration 0018; a cell never written is at 0), the members blocked
 * either way with the viewer, and on SQLite the feed's epoch, read in the same statement, so the
 * versions are those of that epoch.
 * @throws Error for more cells than that.
 */
export async function cellChecks(
  db: Executor,
  cells: number[],
  viewerId: number,
): Promise<FeedChecks> {
  if (cells.length > CELL_SLOTS.length) throw new Error(`cellChecks: ${cells.length} cells`);
  const values = { viewerId } as CellCheckValues;
  CELL_SLOTS.forEach((slot, i) => (values[slot] = cells[i] ?? null));
  return feedChecksOf(await cellChecksQuery(db, values));
}

/**
 * The checks of a radius feed that already knows its cells' versions as of an epoch (SQLite
 * only): the members blocked either way with `viewerId` and the feed's epoch now, in one query
 * of a few index entries. The versions still hold when the epoch has not moved.
 */
export async function epochChecks(
  db: Executor,
  viewerId: number,
): Promise<Pick<FeedChecks, 'blocked' | 'epoch'>> {
  return feedChecksOf(await epochChecksQuery(db, { viewerId }));
}

/**
 * The place index cells a radius feed of `filter` reads: the cells covering its circle
 * that its sports and category let through, with {@link ONLINE_CELL} when online games may show;
 * null when the feed has no radius or its circle is read without cells (see {@link feed}).
 */
export function feedCells(filter: FeedFilter): number[] | null {
  const cells = cellsOf(filter.near);
  if (!cells) return null;
  const wanted = kindsWanted(filter);
  return [...(wanted.online ? [ONLINE_CELL] : []), ...(wanted.placed ? cells : [])];
}

/**
 * SQL condition: the post's public point lies within `near.radius` metres of `near` (the geo
 * module's portable test). Others' games are placed at their public point (the
 * author's `location_sharing`); a hidden one has none, so it is never within.
 */
function withinSql(near: { lat: number; lng: number; radius: number }) {
  return withinRadiusSql({ lat: 'p.public_lat', lng: 'p.public_lng' }, near, near.radius);
}

/**
 * Which of the place index's kinds of cell `filter`'s sports and category let through: online
 * games live only in the online cell, every other game in a place cell, so a branch
 * that could match nothing is not walked at all.
 */
function kindsWanted(filter: FeedFilter): { online: boolean; placed: boolean } {
  const isOnline = (sport: string) => (ONLINE_GAMES as readonly string[]).includes(sport);
  return {
    online: filter.category !== 'sports' && (!filter.sports || filter.sports.some(isOnline)),
    placed:
      filter.category !== 'esports' &&
      (!filter.sports || filter.sports.some((sport) => !isOnline(sport))),
  };
}

/** The place index cells of the circle `near` (lib/geo.ts), or null for the plan without cells. */
function cellsOf(near: FeedFilter['near']): number[] | null {
  return near?.radius ? geocellsCovering(near.lat, near.lng, near.radius, MAX_FEED_CELLS) : null;
}

/**
 * The feed, soonest first: upcoming posts of others matching `filter`, keyset-paginated on
 * (event_time, id) after `cursor`, the last row shown; a radius keeps the games within it plus
 * every online game, which has no place to measure, interleaved by time.
 *
 * The plan: without a radius, the time index. With one, one branch per place index cell
 * covering the circle (lib/geo.ts geocellsCovering) and one for the online cell, each walking the
 * (geocell, event_time, id) index in time order, testing the exact distance on the index entry,
 * and stopping after `filter.limit` rows that pass every filter; `union all` merges them by time.
 * So a dense city reads about `limit` rows per cell and a sparse region almost none; cells the
 * sports filter rules out are not walked ({@link kindsWanted}). A circle
 * needing more than {@link MAX_FEED_CELLS} cells (or reaching a pole or the antimeridian) is
 * filtered in one query instead. Given `sqliteSkeleton` (the database is SQLite), the same cells
 * are read by {@link feedByCellWalk} instead of the `union all`.
 */
export async function feed(
  db: Executor,
  filter: FeedFilter,
  cursor?: Keyset,
  sqliteSkeleton?: SqliteFeedSkeleton,
) {
  const page = (query: ReturnType<typeof feedRows>) =>
    query.orderBy('p.event_time').orderBy('p.id').limit(filter.limit);
  const near = filter.near;
  if (!near?.radius) return hydratePosts(db, await page(feedRows(db, filter, cursor)).execute());
  const circle = { lat: near.lat, lng: near.lng, radius: near.radius };
  const cells = cellsOf(near);
  if (filter.postgis) {
    const rows = (after?: Keyset) => feedRows(db, filter, after);
    const skeleton = await postgisFeedSkeleton(db, rows, circle, cells, filter.limit, cursor);
    if (skeleton) return hydratePosts(db, skeleton);
  }
  if (!cells) {
    const within = sql<boolean>`(${onlineGameSql} or ${withinSql(circle)})`;
    return hydratePosts(db, await page(feedRows(db, filter, cursor).where(within)).execute());
  }
  const walked = feedCells(filter)!;
  if (sqliteSkeleton) return feedByCellWalk(db, sqliteSkeleton, filter, walked, circle, cursor);
  const [first, ...rest] = walked.map((cell) => {
    const rows = feedRows(db, filter, cursor).where('p.geocell', '=', cell);
    const branch = page(cell === ONLINE_CELL ? rows : rows.where(withinSql(circle)));
    return db.selectFrom(branch.as('b')).selectAll();
  });
  if (!first) return [];
  const skeleton = await first
    .unionAll(rest)
    .orderBy('event_time')
    .orderBy('id')
    .limit(filter.limit)
    .execute();
  return hydratePosts(db, skeleton);
}

/** Whether `filter`'s sports and category let a game of `sport` through (as {@link feedRows}). */
function sportAllowed(filter: FeedFilter): (sport: string) => boolean {
  const online = new Set<string>(ONLINE_GAMES);
  const chosen = filter.sports ? new Set(filter.sports) : null;
  return (sport) =>
    (!chosen || chosen.has(sport)) &&
    (filter.category !== 'esports' || online.has(sport)) &&
    (filter.category !== 'sports' || !online.has(sport));
}

/**
 * {@link feed} on SQLite: the candidates of `cells` in time order from the windowed
 * cell walk (feed-skeleton.sqlite.ts: distance, sports, tags, dates, cursor and the viewer's own
 * games tested on the index walk), then their whole rows in one query that also applies every rule of
 * {@link feedRows} (blocks, suspended hosts, tags), so those rules keep one definition. When rules
 * drop candidates, the walk goes on after the last one until the page is full or the cells end.
 */
async function feedByCellWalk(
  db: Executor,
  skeleton: SqliteFeedSkeleton,
  filter: FeedFilter,
  cells: number[],
  circle: { lat: number; lng: number; radius: number },
  cursor?: Keyset,
) {
  const walk = { ...walkOf(filter, cells, circle), onlineCell: ONLINE_CELL };
  return walkWithRules(
    db,
    filter,
    cursor,
    (from, limit) => skeleton.byTime({ ...walk, ...(from ? { cursor: from } : {}), limit }),
    (row) => row,
    (last) => ({ time: last.event_time, id: last.id }),
  );
}

/**
 * The games in range of {@link feedNearest} on SQLite: candidates from the ring walk
 * (feed-skeleton.sqlite.ts byDistance) in (distance_key, event_time, id) order, then their whole
 * rows in one query applying every rule of {@link feedRows}, as {@link feedByCellWalk} does. Each
 * row carries its `distance_key`.
 */
async function feedNearestByRingWalk(
  db: Executor,
  skeleton: SqliteFeedSkeleton,
  filter: FeedFilter,
  cells: number[],
  circle: { lat: number; lng: number; radius: number },
  cursor?: DistanceKeyset,
) {
  const walk = walkOf(filter, cells, circle);
  return walkWithRules(
    db,
    filter,
    cursor,
    (from, limit) => skeleton.byDistance({ ...walk, ...(from ? { cursor: from } : {}), limit }),
    (row, candidate) => ({ ...row, distance_key: candidate.distance_key }),
    (last) => ({ distance: last.distance_key, time: last.event_time, id: last.id }),
  );
}

/** The walk parameters both SQLite walks share: `cells` round `circle`, and `filter`'s tests. */
function walkOf(
  filter: FeedFilter,
  cells: number[],
  circle: { lat: number; lng: number; radius: number },
) {
  return {
    cells,
    centre: circle,
    maxHaversine: haversineBound(circle.radius),
    viewerId: filter.viewerId,
    after: filter.after,
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    sports: filter.sports,
    sportAllowed: sportAllowed(filter),
    tagKeys: filter.tagKeys,
  };
}

/**
 * A page of `filter.limit` posts from a SQLite walk: asks `next` for candidates after
 * the cursor, loads their whole rows in one query that applies every rule of {@link feedRows}
 * (blocks, suspended hosts, tags), keeps the survivors in the walk's order (`present` shapes
 * each), and when rules dropped some walks on after the last candidate (`cursorOf`) until the
 * page is full or the walk ends.
 */
async function walkWithRules<C extends Candidate, K, R>(
  db: Executor,
  filter: FeedFilter,
  cursor: K | undefined,
  next: (from: K | undefined, limit: number) => C[],
  present: (row: PostRow, candidate: C) => R,
  cursorOf: (last: C) => K,
): Promise<R[]> {
  const shown: R[] = [];
  let from = cursor;
  for (;;) {
    const wanted = filter.limit - shown.length;
    const candidates = next(from, wanted);
    if (candidates.length === 0) return shown;
    const rows = await feedRows(db, filter)
      .selectAll('p')
      .where(
        'p.id',
        'in',
        candidates.map((c) => c.id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const c of candidates) {
      const row = byId.get(c.id);
      if (row) shown.push(present(row, c));
      if (shown.length === filter.limit) return shown;
    }
    if (candidates.length < wanted) return shown;
    from = cursorOf(candidates.at(-1)!);
  }
}

/**
 * The whole posts of a feed skeleton, in its order, each with the skeleton's own
 * fields (such as `distance_key`); a post deleted meanwhile is left out. One query by id.
 */
async function hydratePosts<S extends { id: number }>(db: Executor, skeleton: S[]) {
  if (skeleton.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .selectAll()
    .where(
      'id',
      'in',
      skeleton.map((s) => s.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return skeleton.flatMap((s) => {
    const row = byId.get(s.id);
    return row ? [{ ...row, ...s }] : [];
  });
}

/**
 * The feed, nearest first: the rows {@link feed} would show ordered by `distance_key`
 * (whole metres from `origin` to the public point, {@link NO_DISTANCE_KEY} for online games and
 * hidden places, so they come after every game in range), then event_time and id;
 * keyset-paginated on those three after `cursor`, the last row shown. Each row carries its
 * `distance_key` for the cursor.
 *
 * The plan with a radius: the games in range come from the place index cells covering
 * the circle only (every one of them is still measured and sorted), the online games from the
 * online cell in time order, stopping after `filter.limit`; `union all` merges the two (each only
 * when the sports filter lets its kind through). A circle
 * without cells (see {@link feed}) is filtered and sorted in one query. Given `sqliteSkeleton`,
 * the games in range come from its ring walk instead ({@link feedNearestByRingWalk}), which reads
 * the cells nearest first and stops early rather than measuring every game in the circle.
 */
export async function feedNearest(
  db: Executor,
  filter: FeedFilter,
  origin: { lat: number; lng: number },
  cursor?: DistanceKeyset,
  sqliteSkeleton?: SqliteFeedSkeleton,
) {
  const distance = distanceMetresSql({ lat: 'p.public_lat', lng: 'p.public_lng' }, origin);
  const key = sql<number>`coalesce(case when ${onlineGameSql} then null else ${distance} end, ${NO_DISTANCE_KEY})`;
  const near = filter.near;
  const cells = cellsOf(near);
  if (!near?.radius || !cells) {
    let query = feedRows(db, filter).select(key.as('distance_key'));
    if (near?.radius) {
      const within = withinSql({ lat: near.lat, lng: near.lng, radius: near.radius });
      query = query.where(sql<boolean>`(${onlineGameSql} or ${within})`);
    }
    if (cursor) {
      query = query.where(
        afterDistanceKeyset({ distance: key, time: 'p.event_time', id: 'p.id' }, cursor),
      );
    }
    const skeleton = await query
      .orderBy(key)
      .orderBy('p.event_time')
      .orderBy('p.id')
      .limit(filter.limit)
      .execute();
    return hydratePosts(db, skeleton);
  }
  // Online games all have the largest key: after a cursor among them, only their time order is left.
  const onlineCursor = cursor?.distance === NO_DISTANCE_KEY ? cursor : undefined;
  const online = db
    .selectFrom(
      feedRows(db, filter, onlineCursor)
        .select(sql.lit(NO_DISTANCE_KEY).as('distance_key'))
        .where('p.geocell', '=', ONLINE_CELL)
        .orderBy('p.event_time')
        .orderBy('p.id')
        .limit(filter.limit)
        .as('b'),
    )
    .selectAll();
  const wanted = kindsWanted(filter);
  if (!wanted.placed || (cursor && cursor.distance >= NO_DISTANCE_KEY)) {
    if (!wanted.online) return [];
    return hydratePosts(db, await online.orderBy('event_time').orderBy('id').execute());
  }
  const circle = { lat: near.lat, lng: near.lng, radius: near.radius };
  if (sqliteSkeleton) {
    const placedRows = await feedNearestByRingWalk(
      db,
      sqliteSkeleton,
      filter,
      cells,
      circle,
      cursor,
    );
    if (placedRows.length >= filter.limit || !wanted.online) return placedRows;
    const onlineRows = await hydratePosts(
      db,
      await online.orderBy('event_time').orderBy('id').execute(),
    );
    return [...placedRows, ...onlineRows].slice(0, filter.limit);
  }
  let inRange = feedRows(db, filter)
    .select(distance.as('distance_key'))
    .where('p.geocell', 'in', cells)
    .where(withinSql(circle));
  if (cursor) {
    inRange = inRange.where(
      afterDistanceKeyset({ distance, time: 'p.event_time', id: 'p.id' }, cursor),
    );
  }
  const placed = db
    .selectFrom(
      inRange.orderBy(distance).orderBy('p.event_time').orderBy('p.id').limit(filter.limit).as('b'),
    )
    .selectAll();
  const skeleton = await (wanted.online ? placed.unionAll(online) : placed)
    .orderBy('distance_key')
    .orderBy('event_time')
    .orderBy('id')
    .limit(filter.limit)
    .execute();
  return hydratePosts(db, skeleton);
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

/** Authors, tags and interested members (in joining order) of a page of posts, in three queries. */
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
      .orderBy('post_id')
      .orderBy('seq')
      .execute(),
  ]);
  return { authors, tags, interests };
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
