/**
 * The place index of the feed (migration 0014): which cell a game is filed under, and which
 * cells a feed reads. Pure: no database. Posts' writes store {@link geocellFor} (through the
 * module's index); the skeletons walk {@link feedCells}.
 */
import { ONLINE_GAMES } from '@gameon/shared';
import { geocellOf, geocellsCovering } from '../../lib/geo.js';

/** What a feed asks for, whoever's rules then apply (the skeleton's input). */
export interface FeedFilter {
  viewerId: number;
  /** Only games after this ISO time (the feed shows upcoming games). */
  after: string;
  sports: string[] | null;
  category: 'sports' | 'esports' | null;
  tagKeys: string[];
  from?: string;
  to?: string;
  /** Where the viewer is (degrees) and the radius in metres, or null for any distance. */
  near?: { lat: number; lng: number; radius: number | null };
  limit: number;
}

/** The parts of a {@link FeedFilter} that say which games match, whoever looks. */
export type GamesFilter = Pick<
  FeedFilter,
  'after' | 'sports' | 'category' | 'tagKeys' | 'from' | 'to'
>;

/** The place index cell of every online game (migration 0014): it shows in every radius feed. */
export const ONLINE_CELL = -1;

/**
 * The most place index cells one feed query walks: a 25 km circle needs 9 to 16, a
 * 50 km one about 30; a wider circle uses the plan without cells.
 */
export const MAX_FEED_CELLS = 36;

/**
 * The distance key of a game that has none (online, or its place hidden): more metres than any
 * two points on Earth are apart, so nearest order puts such games after every game in range.
 */
export const NO_DISTANCE_KEY = 1_000_000_000;

const ONLINE = new Set<string>(ONLINE_GAMES);

/**
 * The place index cell of a game (migration 0014): -1 when it is online, null when its
 * place is hidden (no public point), else lib/geo.ts geocellOf of the public point. Every write of
 * a post's sport or public point stores it (posts insertPost, updatePublicPoints; bench/seed.ts).
 */
export function geocellFor(post: {
  sport: string;
  public_lat?: number | null;
  public_lng?: number | null;
}): number | null {
  if (ONLINE.has(post.sport)) return ONLINE_CELL;
  if (post.public_lat == null || post.public_lng == null) return null;
  return geocellOf(post.public_lat, post.public_lng);
}

/**
 * Which of the place index's kinds of cell `filter`'s sports and category let through: online
 * games live only in the online cell, every other game in a place cell, so a branch
 * that could match nothing is not walked at all.
 */
export function kindsWanted(filter: Pick<FeedFilter, 'sports' | 'category'>): {
  online: boolean;
  placed: boolean;
} {
  const isOnline = (sport: string) => ONLINE.has(sport);
  return {
    online: filter.category !== 'sports' && (!filter.sports || filter.sports.some(isOnline)),
    placed:
      filter.category !== 'esports' &&
      (!filter.sports || filter.sports.some((sport) => !isOnline(sport))),
  };
}

/** The place index cells of the circle `near` (lib/geo.ts), or null for the plan without cells. */
export function cellsOf(near: FeedFilter['near']): number[] | null {
  return near?.radius ? geocellsCovering(near.lat, near.lng, near.radius, MAX_FEED_CELLS) : null;
}

/**
 * The place index cells a radius feed of `filter` reads: the cells covering its circle
 * that its sports and category let through, with {@link ONLINE_CELL} when online games may show;
 * null when the feed has no radius or its circle is read without cells.
 */
export function feedCells(filter: FeedFilter): number[] | null {
  const cells = cellsOf(filter.near);
  if (!cells) return null;
  const wanted = kindsWanted(filter);
  return [...(wanted.online ? [ONLINE_CELL] : []), ...(wanted.placed ? cells : [])];
}

/** Whether `filter`'s sports and category let a game of `sport` through (as the SQL filters). */
export function sportAllowed(filter: FeedFilter): (sport: string) => boolean {
  const chosen = filter.sports ? new Set(filter.sports) : null;
  return (sport) =>
    (!chosen || chosen.has(sport)) &&
    (filter.category !== 'esports' || ONLINE.has(sport)) &&
    (filter.category !== 'sports' || !ONLINE.has(sport));
}
