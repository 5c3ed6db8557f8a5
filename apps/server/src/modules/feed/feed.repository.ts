/**
 * The feed's queries that every engine shares: the games a filter matches, the SQL form of the
 * feed's rules that plans pre-filter with, the cell lists' rows, the viewer's checks and the rows
 * and parts hydration reads. Engine-specific parts come from factories given the engine's
 * capabilities at start-up ({@link createFeedChecks}; skeleton.factory.ts).
 */
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import { ONLINE_GAMES } from '@gameon/shared';
import type { Engine } from '../../db/engine.js';
import { reusableQuery } from '../../db/reusable-query.js';
import type { DB, PostRow } from '../../db/types.js';
import { afterKeyset, type Keyset } from '../../lib/cursor.js';
import { withinRadiusSql } from '../../lib/geo.js';
import {
  blockedEitherWay,
  notBlockedWith,
  notSuspended,
  suspendedMembers,
} from '../access/index.js';
import { MAX_FEED_CELLS, type FeedFilter, type GamesFilter } from './place-index.js';

export type Executor = Kysely<DB> | Transaction<DB>;

/** The feed's filtered rows ({@link feedRows}): `id`, `event_time` of `posts as p`. */
export type FeedRows = SelectQueryBuilder<
  DB & { p: DB['posts'] },
  'p',
  { id: number; event_time: string }
>;

/** SQL condition: the post is an online game (spec part 1 §3: its sport is an online game). */
export const onlineGameSql = sql<boolean>`${sql.ref('p.sport')} in (${sql.join([...ONLINE_GAMES])})`;

/**
 * SQL condition: the post's public point lies within `near.radius` metres of `near` (the geo
 * module's portable test). Others' games are placed at their public point (the
 * author's `location_sharing`); a hidden one has none, so it is never within.
 */
export function withinSql(near: { lat: number; lng: number; radius: number }) {
  return withinRadiusSql({ lat: 'p.public_lat', lng: 'p.public_lng' }, near, near.radius);
}

/**
 * `id` and `event_time` of the upcoming posts matching `filter`'s sports, category, tags and
 * dates, after `cursor` in (event_time, id) order when given, unordered, not yet filtered by place
 * and with no viewer's rules; never an occurrence held for its regulars (`hidden_until`).
 */
function matchingGames(db: Executor, filter: GamesFilter, cursor?: Keyset) {
  // An occurrence of a series held for its regulars is in no feed until it opens.
  let query = db
    .selectFrom('posts as p')
    .select(['p.id', 'p.event_time'])
    .where('p.hidden_until', 'is', null);
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
 * The {@link matchingGames} of others, pre-filtered in SQL by the feed's rules (rules.ts) so a
 * plan's page is full: not the viewer's games, nor those of a member they blocked or who blocked
 * them, nor those of a suspended member. The rules stage still decides.
 */
export function feedRows(db: Executor, filter: FeedFilter, cursor?: Keyset): FeedRows {
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

/** The bound values of the cell checks: the viewer and one slot per possible cell. */
type CellCheckValues = { viewerId: number } & Record<`cell${number}`, number | null>;

/** The cell slots of the cell checks: the most cells a feed reads, the online one too. */
const CELL_SLOTS = Array.from({ length: MAX_FEED_CELLS + 1 }, (_, i) => `cell${i}` as const);

/** A row of the feed's checks: a cell's version, a member blocked or suspended, or the epoch. */
interface CheckRow {
  kind: 'cell' | 'blocked' | 'suspended' | 'epoch';
  cell: number | null;
  value: number;
}

/** What the feed's checks answer; `epoch` is null where the engine keeps none (PostgreSQL). */
export interface FeedChecks {
  versions: Map<number, number>;
  blocked: Set<number>;
  suspended: Set<number>;
  epoch: number | null;
}

function feedChecksOf(rows: CheckRow[]): FeedChecks {
  const checks: FeedChecks = {
    versions: new Map(),
    blocked: new Set(),
    suspended: new Set(),
    epoch: null,
  };
  for (const row of rows) {
    if (row.kind === 'blocked') checks.blocked.add(Number(row.value));
    else if (row.kind === 'suspended') checks.suspended.add(Number(row.value));
    else if (row.kind === 'epoch') checks.epoch = Number(row.value);
    else checks.versions.set(Number(row.cell), Number(row.value));
  }
  return checks;
}

/**
 * The feed's checks on `engine`, their queries built once (they run for every feed request):
 * the members blocked either way with the viewer (the access module's {@link blockedEitherWay})
 * and the suspended members ({@link suspendedMembers}), with, where the engine keeps it (SQLite,
 * migration 0019), the feed's epoch in the same statement.
 */
export function createFeedChecks(engine: Pick<Engine, 'dialect'>) {
  const epochSql =
    engine.dialect === 'sqlite'
      ? sql`union all select 'epoch' as kind, null as cell, version as value from feed_epoch`
      : sql``;
  const viewerSql = (viewerId: number, epoch: boolean) =>
    sql`select 'blocked' as kind, null as cell, b.id as value from (${blockedEitherWay(viewerId)}) b
      union all select 'suspended' as kind, null as cell, s.id as value from (${suspendedMembers()}) s
      ${epoch ? epochSql : sql``}`;
  // A fixed number of cell slots, so that the SQL never changes; slots past the cells asked for
  // are null, which matches no cell.
  const cellChecksQuery = reusableQuery<CellCheckValues, CheckRow>(
    ['viewerId', ...CELL_SLOTS],
    (db, values) => ({
      compile: () =>
        sql<CheckRow>`
          select 'cell' as kind, geocell as cell, version as value from feed_cell_versions
            where geocell in (${sql.join(CELL_SLOTS.map((slot) => values[slot]))})
          union all ${viewerSql(values.viewerId, true)}`.compile(db),
    }),
  );
  const epochChecksQuery = reusableQuery<{ viewerId: number }, CheckRow>(
    ['viewerId'],
    (db, { viewerId }) => ({ compile: () => viewerSql(viewerId, true).compile(db) }),
  );
  const viewerChecksQuery = reusableQuery<{ viewerId: number }, CheckRow>(
    ['viewerId'],
    (db, { viewerId }) => ({ compile: () => viewerSql(viewerId, false).compile(db) }),
  );
  return {
    /** The members blocked either way with `viewerId` and the suspended members. */
    async viewer(db: Executor, viewerId: number): Promise<FeedChecks> {
      return feedChecksOf(await viewerChecksQuery(db, { viewerId }));
    },
    /**
     * What the feed cache checks before answering `viewerId` from the lists of `cells` (at
     * most {@link MAX_FEED_CELLS} and the online cell), in one query: the version of each cell
     * (migration 0018; a cell never written is at 0), the viewer's checks and the epoch, read
     * in the same statement, so the versions are those of that epoch.
     * @throws Error for more cells than that.
     */
    async cells(db: Executor, cells: number[], viewerId: number): Promise<FeedChecks> {
      if (cells.length > CELL_SLOTS.length) throw new Error(`cellChecks: ${cells.length} cells`);
      const values = { viewerId } as CellCheckValues;
      CELL_SLOTS.forEach((slot, i) => (values[slot] = cells[i] ?? null));
      return feedChecksOf(await cellChecksQuery(db, values));
    },
    /**
     * The checks of a radius feed that already knows its cells' versions as of an epoch
     * (SQLite only): the viewer's checks and the feed's epoch now, in one query of a few index
     * entries. The versions still hold when the epoch has not moved.
     */
    async epoch(db: Executor, viewerId: number): Promise<FeedChecks> {
      return feedChecksOf(await epochChecksQuery(db, { viewerId }));
    },
  };
}

export type FeedChecksQueries = ReturnType<typeof createFeedChecks>;

/**
 * Whole rows of the posts `ids` (at least one), in no order; a post deleted meanwhile is not
 * among them.
 */
export function postRows(db: Executor, ids: number[]): Promise<PostRow[]> {
  return db.selectFrom('posts').selectAll().where('id', 'in', ids).execute();
}

/** Authors, tags and interested members (in joining order) of a page of posts, in three queries. */
export async function postParts(db: Executor, postIds: number[], authorIds: number[]) {
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
      .select(['post_id', 'user_id', 'place', 'offer_expires_at'])
      .where('post_id', 'in', postIds)
      .orderBy('post_id')
      .orderBy('seq')
      .execute(),
  ]);
  return { authors, tags, interests };
}
