/**
 * The feed's skeleton stage: the ids of a page of games in the feed's order, before any row is
 * read whole. One interface, its implementations chosen once at start-up from the storage
 * engine's capabilities (feed.repository.ts createFeedSkeleton): the SQLite index walk
 * (skeleton.sqlite.ts), PostGIS (skeleton.postgis.ts), the portable Kysely plans
 * (skeleton.portable.ts), and the cell-list cache wrapped round any of them (feed-cache.ts).
 */
import type { FeedOrder } from '@gameon/shared';
import type { PostRow } from '../../db/types.js';
import type { DistanceKeyset, Keyset } from '../../lib/cursor.js';
import type { FeedFilter } from './place-index.js';
import type { ViewerContext } from './rules.js';

/** A game of a skeleton by id: its time, and in nearest order its distance key. */
export interface SkeletonId {
  id: number;
  event_time: string;
  /** Whole metres from the origin, nearest order only (place-index.ts NO_DISTANCE_KEY: none). */
  distance_key?: number;
}

/**
 * A game of a skeleton: by id, or its whole row where the skeleton already holds it (a cell
 * list), so that hydration (hydration.ts) reads only the others.
 */
export type FeedCandidate = SkeletonId | PostRow;

/**
 * The skeleton of the feed. Each method answers at most `filter.limit` candidates after the
 * cursor in its order, matching `filter`'s sports, category, tags, dates and radius; a skeleton
 * may test the viewer's rules early (awaiting `viewer` when it does) so that its page is full,
 * but the rules stage (rules.ts) decides.
 */
export interface FeedSkeleton {
  /**
   * The viewer's context for the rules (rules.ts), read in one statement with whatever the
   * skeleton checks beside it (a cache's versions). Called once per request, before the page.
   */
  viewer(filter: FeedFilter, order: FeedOrder): Promise<ViewerContext>;
  /** Soonest first: (event_time, id) after `cursor`. */
  soonest(
    filter: FeedFilter,
    viewer: Promise<ViewerContext>,
    cursor?: Keyset,
  ): Promise<FeedCandidate[]>;
  /**
   * Nearest first from `origin` (degrees): (distance_key, event_time, id) after `cursor`, online
   * games and hidden places after every game in range. Every candidate carries `distance_key`.
   */
  nearest(
    filter: FeedFilter,
    origin: { lat: number; lng: number },
    viewer: Promise<ViewerContext>,
    cursor?: DistanceKeyset,
  ): Promise<FeedCandidate[]>;
}
