/**
 * The feed's skeleton on PostgreSQL with PostGIS (issue 18): the ids of a radius feed page from
 * the GiST index on `posts.geog` (migration 0016) or the time index, whichever PostgreSQL's
 * planner finds cheaper from its statistics of the circle: in a dense city walking the time index
 * and testing each game reaches a page after a few hundred rows, in a sparse region the GiST
 * index hands over the few games in range to sort. posts.repository.ts dispatches here when the
 * database has PostGIS; the portable plan serves otherwise.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Keyset } from '../../lib/cursor.js';
import { withinRadiusExactSql } from '../../lib/geo.js';

type Executor = Kysely<DB> | Transaction<DB>;

const skeletonBase = (db: Executor) =>
  db.selectFrom('posts as p').select(['p.id', 'p.event_time']);

/** The feed's filtered rows (posts.repository.ts feedRows): `id`, `event_time` of `posts as p`. */
export type FeedRows = ReturnType<typeof skeletonBase>;

/** The place index cell of every online game (migration 0014): shown in every radius feed. */
const ONLINE_CELL = -1;

/**
 * Metres added to the radius of the index test: PostGIS's sphere (radius 6,371,008.77 m, use_spheroid
 * false) and lib/geo.ts's haversine (6,371,008.8 m) differ by under 0.1 mm in 25 km and under
 * 10 cm across the globe, so the index may keep a game the haversine refuses, never the reverse.
 * The exact haversine test comes last and decides, as on every other plan.
 */
const INDEX_MARGIN_M = 1;

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
  const centre = sql`ST_SetSRID(ST_MakePoint(${near.lng}, ${near.lat}), 4326)::geography`;
  const exact = withinRadiusExactSql({ lat: 'p.public_lat', lng: 'p.public_lng' }, near, near.radius);
  return sql<boolean>`(ST_DWithin(${sql.ref('p.geog')}, ${centre}, ${near.radius + INDEX_MARGIN_M}, false) and ${exact})`;
}

/**
 * The skeleton of a radius feed page, soonest first: at most `limit` `{id, event_time}` rows of
 * `rows(cursor)` (the feed's filters, after the keyset `cursor`) that are online games (their
 * cell, walked in time order) or lie within the circle `near` ({@link postgisWithinSql}), merged
 * by (event_time, id) with `union all`. Any radius works: no cell limit, and PostGIS measures
 * across the antimeridian and the poles.
 */
export function postgisFeedSkeleton(
  db: Executor,
  rows: (cursor?: Keyset) => FeedRows,
  near: { lat: number; lng: number; radius: number },
  limit: number,
  cursor?: Keyset,
) {
  const page = (query: FeedRows) =>
    db
      .selectFrom(query.orderBy('p.event_time').orderBy('p.id').limit(limit).as('b'))
      .selectAll();
  const online = page(rows(cursor).where('p.geocell', '=', ONLINE_CELL));
  const placed = page(
    rows(cursor).where('p.geocell', '!=', ONLINE_CELL).where(postgisWithinSql(near)),
  );
  return online.unionAll(placed).orderBy('event_time').orderBy('id').limit(limit).execute();
}
