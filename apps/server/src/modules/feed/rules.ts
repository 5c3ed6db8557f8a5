/**
 * The feed's rules stage: which hydrated games a viewer may see in their feed (spec part 1 §2
 * Feed: others' upcoming games; §6: blocks either way hide a member's games, a suspended
 * member's games leave every list; CONTRACT.md: a radius keeps the games within it and every
 * online game). Pure: every plan's answer, cached or not, goes through {@link applyFeedRules}.
 * A skeleton may test the same rules earlier to fill its page (in SQL or on an index walk); it
 * never decides alone.
 */
import { haversineBound, haversineFrom } from '../../lib/geo.js';
import { ONLINE_CELL, type FeedFilter } from './place-index.js';

/** What the rules know of the viewer, read once per request. */
export interface ViewerContext {
  viewerId: number;
  /** Only games after this ISO time are upcoming. */
  after: string;
  /** Members blocked by the viewer or blocking them. */
  blocked: ReadonlySet<number>;
  /** Suspended members. */
  suspended: ReadonlySet<number>;
  /** The radius test, or null when the feed has no radius ({@link radiusTest}). */
  within: RadiusTest | null;
}

/**
 * The circle a radius feed keeps: the haversine term of a point from the centre (lib/geo.ts
 * haversineFrom, the term the SQL plans compute) and its bound for the radius.
 */
export interface RadiusTest {
  haversine: (lat: number, lng: number) => number;
  bound: number;
}

/** What the rules read of a game: its host, time, place index cell and public point. */
export interface RuleSubject {
  author_id: number;
  event_time: string;
  geocell: number | null;
  public_lat: number | null;
  public_lng: number | null;
  /** Set while an occurrence of a series is held for its regulars: in no feed (migration 0030). */
  hidden_until?: string | null;
}

/** The radius test of a feed `near` (degrees, metres), null without a radius. */
export function radiusTest(
  near: { lat: number; lng: number; radius: number | null } | undefined,
): RadiusTest | null {
  return near?.radius
    ? { haversine: haversineFrom(near), bound: haversineBound(near.radius) }
    : null;
}

/**
 * The context of the viewer of `filter`: who they are, the time after which games are upcoming,
 * the radius test of its circle, and the members `checks` found blocked either way or suspended.
 */
export function viewerContext(
  filter: Pick<FeedFilter, 'viewerId' | 'after' | 'near'>,
  checks: { blocked: ReadonlySet<number>; suspended: ReadonlySet<number> },
): ViewerContext {
  return {
    viewerId: filter.viewerId,
    after: filter.after,
    blocked: checks.blocked,
    suspended: checks.suspended,
    within: radiusTest(filter.near),
  };
}

/**
 * Whether `game` may show in the feed of `viewer`: upcoming, not held for a series' regulars,
 * not the viewer's own, its host not
 * blocked either way nor suspended, and with a radius an online game (no place to measure) or
 * one whose public point lies within it (a hidden place never does).
 */
export function passesFeedRules(game: RuleSubject, viewer: ViewerContext): boolean {
  if (game.event_time <= viewer.after) return false;
  if (game.hidden_until) return false;
  const author = game.author_id;
  if (author === viewer.viewerId || viewer.blocked.has(author) || viewer.suspended.has(author))
    return false;
  const within = viewer.within;
  if (within === null || game.geocell === ONLINE_CELL) return true;
  return (
    game.public_lat !== null &&
    game.public_lng !== null &&
    within.haversine(game.public_lat, game.public_lng) <= within.bound
  );
}

/**
 * The games of `games` that pass {@link passesFeedRules} for `viewer`, in their order: `games`
 * itself when all of them do (the usual case, as every skeleton tests the rules early), so the
 * stage allocates nothing then.
 */
export function applyFeedRules<G extends RuleSubject>(games: G[], viewer: ViewerContext): G[] {
  let kept: G[] | undefined;
  for (let i = 0; i < games.length; i++) {
    const game = games[i]!;
    if (passesFeedRules(game, viewer)) kept?.push(game);
    else kept ??= games.slice(0, i);
  }
  return kept ?? games;
}
