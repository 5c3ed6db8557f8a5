/**
 * The feed's skeleton in plain Kysely SQL, on any engine: the plans PostgreSQL runs without
 * PostGIS, and those the other skeletons leave to it (no radius, a circle without cells, the
 * online games of nearest order). Every plan pre-filters with the SQL form of the feed's rules
 * (feed.repository.ts feedRows).
 */
import { sql } from 'kysely';
import { afterDistanceKeyset, type DistanceKeyset, type Keyset } from '../../lib/cursor.js';
import { distanceMetresSql } from '../../lib/geo.js';
import {
  feedRows,
  onlineGameSql,
  withinSql,
  type Executor,
  type FeedChecksQueries,
  type FeedRows,
} from './feed.repository.js';
import {
  NO_DISTANCE_KEY,
  ONLINE_CELL,
  cellsOf,
  feedCells,
  kindsWanted,
  type FeedFilter,
} from './place-index.js';
import { viewerContext, type ViewerContext } from './rules.js';
import type { FeedCandidate, FeedSkeleton } from './skeleton.js';

/**
 * The online games of nearest order after `cursor` (only when it is among them: they all have the
 * largest key, so only their time order is left), at most `filter.limit`, in time order.
 */
export function onlineNearest(
  db: Executor,
  filter: FeedFilter,
  cursor?: DistanceKeyset,
): Promise<FeedCandidate[]> {
  const onlineCursor = cursor?.distance === NO_DISTANCE_KEY ? cursor : undefined;
  return feedRows(db, filter, onlineCursor)
    .select(sql.lit(NO_DISTANCE_KEY).as('distance_key'))
    .where('p.geocell', '=', ONLINE_CELL)
    .orderBy('p.event_time')
    .orderBy('p.id')
    .limit(filter.limit)
    .execute();
}

/** The plans of this file as a {@link FeedSkeleton} on `db`, the viewer read by `checks`. */
export function createPortableSkeleton(db: Executor, checks: FeedChecksQueries): FeedSkeleton {
  const page = (query: FeedRows, limit: number) =>
    query.orderBy('p.event_time').orderBy('p.id').limit(limit);
  return {
    async viewer(filter: FeedFilter): Promise<ViewerContext> {
      return viewerContext(filter, await checks.viewer(db, filter.viewerId));
    },

    /**
     * Without a radius, the time index. With one, one branch per place index cell covering the
     * circle (lib/geo.ts geocellsCovering) and one for the online cell, each walking the
     * (geocell, event_time, id) index in time order, testing the exact distance on the index
     * entry, and stopping after `filter.limit` rows that pass every filter; `union all` merges
     * them by time. So a dense city reads about `limit` rows per cell and a sparse region almost
     * none; cells the sports filter rules out are not walked (place-index.ts kindsWanted). A
     * circle needing more than place-index.ts MAX_FEED_CELLS cells (or reaching a pole or the
     * antimeridian) is filtered in one query instead.
     */
    soonest(filter, _viewer, cursor?: Keyset) {
      const near = filter.near;
      if (!near?.radius) return page(feedRows(db, filter, cursor), filter.limit).execute();
      const circle = { lat: near.lat, lng: near.lng, radius: near.radius };
      if (!cellsOf(near)) {
        const within = sql<boolean>`(${onlineGameSql} or ${withinSql(circle)})`;
        return page(feedRows(db, filter, cursor).where(within), filter.limit).execute();
      }
      const [first, ...rest] = feedCells(filter)!.map((cell) => {
        const rows = feedRows(db, filter, cursor).where('p.geocell', '=', cell);
        const branch = page(
          cell === ONLINE_CELL ? rows : rows.where(withinSql(circle)),
          filter.limit,
        );
        return db.selectFrom(branch.as('b')).selectAll();
      });
      if (!first) return Promise.resolve([]);
      return first.unionAll(rest).orderBy('event_time').orderBy('id').limit(filter.limit).execute();
    },

    /**
     * The rows of {@link soonest} ordered by `distance_key` (whole metres from `origin` to the
     * public point, NO_DISTANCE_KEY for online games and hidden places), then event_time and id.
     * With a radius, the games in range come from the place index cells covering the circle only
     * (every one of them is still measured and sorted), the online games from the online cell in
     * time order, stopping after `filter.limit`; `union all` merges the two (each only when the
     * sports filter lets its kind through). A circle without cells is filtered and sorted in one
     * query.
     */
    async nearest(filter, origin, _viewer, cursor?: DistanceKeyset) {
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
        return query
          .orderBy(key)
          .orderBy('p.event_time')
          .orderBy('p.id')
          .limit(filter.limit)
          .execute();
      }
      const wanted = kindsWanted(filter);
      if (!wanted.placed || (cursor && cursor.distance >= NO_DISTANCE_KEY)) {
        return wanted.online ? onlineNearest(db, filter, cursor) : [];
      }
      const circle = { lat: near.lat, lng: near.lng, radius: near.radius };
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
          inRange
            .orderBy(distance)
            .orderBy('p.event_time')
            .orderBy('p.id')
            .limit(filter.limit)
            .as('b'),
        )
        .selectAll();
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
      return (wanted.online ? placed.unionAll(online) : placed)
        .orderBy('distance_key')
        .orderBy('event_time')
        .orderBy('id')
        .limit(filter.limit)
        .execute();
    },
  };
}
