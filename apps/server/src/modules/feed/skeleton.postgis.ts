/**
 * The feed's skeleton on PostgreSQL with PostGIS: where few games lie within the
 * circle, the GiST index on `posts.geog` (migration 0016) hands them over and they are sorted by
 * time; where many do (a dense city), sorting them all costs more than walking the time-ordered
 * place index cells of the portable plan, which stops after a page, so this plan declines and
 * the portable skeleton (skeleton.portable.ts) answers. A cheap count of the games in the
 * circle's cells, stopped at {@link GIST_PLAN_MAX_GAMES}, decides: a spatial index where
 * few games are in range and the time index where many are.
 * PostgreSQL's own planner, left to choose, took the GiST index in central Bengaluru too (14,550
 * games in 25 km of a million: ~400 ms, where the cells answer in about a millisecond). A circle
 * too wide for cells (or across the antimeridian or a pole) always takes the GiST plan.
 */
import { sql, type RawBuilder } from 'kysely';
import { afterDistanceKeyset, type DistanceKeyset, type Keyset } from '../../lib/cursor.js';
import { distanceMetresSql, withinRadiusExactSql } from '../../lib/geo.js';
import { feedRows, type Executor, type FeedRows } from './feed.repository.js';
import {
  NO_DISTANCE_KEY,
  ONLINE_CELL,
  cellsOf,
  kindsWanted,
  type FeedFilter,
} from './place-index.js';
import type { FeedSkeleton } from './skeleton.js';
import { onlineNearest } from './skeleton.portable.js';

/**
 * Metres added to the radius of the index test: PostGIS's sphere (radius 6,371,008.77 m, use_spheroid
 * false) and lib/geo.ts's haversine (6,371,008.8 m) differ by under 0.1 mm in 25 km and under
 * 10 cm across the globe, so the index may keep a game the haversine refuses, never the reverse.
 * The exact haversine test comes last and decides, as on every other plan.
 */
const INDEX_MARGIN_M = 1;

/** SQL: the point `near` (degrees) as a PostGIS geography. */
function centreSql(near: { lat: number; lng: number }): RawBuilder<unknown> {
  return sql`ST_SetSRID(ST_MakePoint(${near.lng}, ${near.lat}), 4326)::geography`;
}

/**
 * SQL condition: the public point `p.geog` lies within `near.radius` metres of `near` (degrees):
 * `ST_DWithin` on the sphere (GiST-indexable), then the exact haversine of lib/geo.ts. A hidden
 * place (NULL) is never within.
 */
export function postgisWithinSql(near: {
  lat: number;
  lng: number;
  radius: number;
}): RawBuilder<boolean> {
  const centre = centreSql(near);
  const exact = withinRadiusExactSql(
    { lat: 'p.public_lat', lng: 'p.public_lng' },
    near,
    near.radius,
  );
  return sql<boolean>`(ST_DWithin(${sql.ref('p.geog')}, ${centre}, ${near.radius + INDEX_MARGIN_M}, false) and ${exact})`;
}

/**
 * The most games in the circle's cells (of any time) for which the GiST plan serves: sorting
 * this many by time costs about what the cells plan's walk of ~20 rows per cell does.
 */
const GIST_PLAN_MAX_GAMES = 500;

/**
 * The skeleton of a radius feed page, soonest first, or null when more than
 * {@link GIST_PLAN_MAX_GAMES} games lie in `cells`, the place index cells covering the circle
 * `near` (lib/geo.ts geocellsCovering; null for a circle without cells), so the caller's
 * time-ordered plan serves better: at most `limit` `{id, event_time}` rows of
 * `rows(cursor)` (the feed's filters, after the keyset `cursor`) that are online games (their
 * cell, walked in time order) or lie within the circle `near` ({@link postgisWithinSql}), merged
 * by (event_time, id) with `union all`. Any radius works: no cell limit, and PostGIS measures
 * across the antimeridian and the poles.
 */
async function postgisFeedSkeleton(
  db: Executor,
  rows: (cursor?: Keyset) => FeedRows,
  near: { lat: number; lng: number; radius: number },
  cells: number[] | null,
  limit: number,
  cursor?: Keyset,
) {
  if (cells) {
    // Counted on the place index (index only, in its order so that it stops at the limit rather
    // than scanning the table for a dense city's cells): PostgreSQL estimates the
    // games within a circle far too low in a dense city (100 for 14,550 in central Bengaluru),
    // so a count through the GiST index got a bitmap of all of them first (~100 ms).
    const inCells = await db
      .selectFrom(
        db
          .selectFrom('posts as p')
          .select('p.geocell')
          .where('p.geocell', 'in', cells)
          .orderBy('p.geocell')
          .limit(GIST_PLAN_MAX_GAMES + 1)
          .as('c'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(inCells.n) > GIST_PLAN_MAX_GAMES) return null;
  }
  const page = (query: FeedRows) =>
    db.selectFrom(query.orderBy('p.event_time').orderBy('p.id').limit(limit).as('b')).selectAll();
  const online = page(rows(cursor).where('p.geocell', '=', ONLINE_CELL));
  const placed = page(
    rows(cursor).where('p.geocell', '!=', ONLINE_CELL).where(postgisWithinSql(near)),
  );
  return online.unionAll(placed).orderBy('event_time').orderBy('id').limit(limit).execute();
}

/** A game in range of a nearest-first page: its id, time and distance key. */
interface NearRow {
  id: number;
  event_time: string;
  distance_key: number;
}

/** The first k-nearest batch holds this many times the page; each next one four times more. */
const KNN_FIRST_BATCH = 2;

/**
 * The games in range of a nearest-first radius feed page, by a k-nearest walk of the GiST index
 * on `posts.geog` (`order by geog <-> centre`, sphere distance): at most `filter.limit`
 * `{id, event_time, distance_key}` of `filter`'s placed games within the circle `near`
 * ({@link postgisWithinSql}) after `cursor`, in (distance_key, event_time, id) order, the key
 * being whole haversine metres (lib/geo.ts distanceMetresSql) as every plan computes it. A batch
 * of the nearest games is read; when it was full and its farthest game (sphere metres) is not
 * more than {@link INDEX_MARGIN_M} beyond the page's last key, a game not yet read could still
 * have a key of the page, so a batch four times larger is read. So the rows read grow with the
 * page (and the cursor's depth), not with the games in the circle.
 */
async function knnInRange(
  db: Executor,
  filter: FeedFilter,
  near: { lat: number; lng: number; radius: number },
  cursor?: DistanceKeyset,
): Promise<NearRow[]> {
  const centre = centreSql(near);
  const distance = distanceMetresSql({ lat: 'p.public_lat', lng: 'p.public_lng' }, near);
  const sphere = sql<number>`(${sql.ref('p.geog')} <-> ${centre})`;
  let query = feedRows(db, filter)
    .select([distance.as('distance_key'), sphere.as('sphere')])
    .where('p.geocell', '!=', ONLINE_CELL)
    .where(postgisWithinSql(near));
  if (cursor)
    query = query.where(
      afterDistanceKeyset({ distance, time: 'p.event_time', id: 'p.id' }, cursor),
    );
  const byKey = (a: NearRow, b: NearRow) =>
    a.distance_key - b.distance_key ||
    (a.event_time < b.event_time ? -1 : a.event_time > b.event_time ? 1 : a.id - b.id);
  // PostgreSQL underestimates the games in a dense circle and would read them all through a
  // bitmap of the GiST index to sort them; without bitmaps it walks the same index in distance
  // order (Index Cond: the circle's box, Order By: <->) and stops at the batch. The setting is
  // local to a transaction of this walk's own (a caller's transaction keeps its settings).
  if (!db.isTransaction)
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_bitmapscan = off`.execute(trx);
      return knnInRange(trx, filter, near, cursor);
    });
  for (let batch = filter.limit * KNN_FIRST_BATCH; ; batch *= 4) {
    const rows = await query.orderBy(sphere).limit(batch).execute();
    const found = rows
      .map((r) => ({ id: r.id, event_time: r.event_time, distance_key: Number(r.distance_key) }))
      .sort(byKey)
      .slice(0, filter.limit);
    if (rows.length < batch) return found;
    const farthest = Number(rows[rows.length - 1]!.sphere);
    if (
      found.length === filter.limit &&
      farthest > found[found.length - 1]!.distance_key + INDEX_MARGIN_M
    )
      return found;
  }
}

/**
 * The PostGIS plan as a {@link FeedSkeleton}: a radius feed in soonest order from
 * {@link postgisFeedSkeleton} where it serves; everything else, and a dense circle it declines,
 * from `portable`.
 */
export function createPostgisSkeleton(db: Executor, portable: FeedSkeleton): FeedSkeleton {
  return {
    viewer: (filter, order) => portable.viewer(filter, order),
    async soonest(filter: FeedFilter, viewer, cursor) {
      const near = filter.near;
      if (near?.radius) {
        const circle = { lat: near.lat, lng: near.lng, radius: near.radius };
        const rows = (after?: Keyset) => feedRows(db, filter, after);
        const skeleton = await postgisFeedSkeleton(
          db,
          rows,
          circle,
          cellsOf(near),
          filter.limit,
          cursor,
        );
        if (skeleton) return skeleton;
      }
      return portable.soonest(filter, viewer, cursor);
    },
    /**
     * Nearest first with a radius: the games in range by the k-nearest walk ({@link knnInRange}),
     * then the online games in time order (they all have the largest key); everything else
     * (no radius, a cursor among the online games, no placed sport wanted) from `portable`.
     */
    async nearest(filter, origin, viewer, cursor) {
      const near = filter.near;
      const wanted = kindsWanted(filter);
      if (
        !near?.radius ||
        near.lat !== origin.lat ||
        near.lng !== origin.lng ||
        !wanted.placed ||
        (cursor && cursor.distance >= NO_DISTANCE_KEY)
      )
        return portable.nearest(filter, origin, viewer, cursor);
      const circle = { lat: near.lat, lng: near.lng, radius: near.radius };
      const placed = await knnInRange(db, filter, circle, cursor);
      if (placed.length >= filter.limit || !wanted.online) return placed;
      return [...placed, ...(await onlineNearest(db, filter, cursor))].slice(0, filter.limit);
    },
  };
}
