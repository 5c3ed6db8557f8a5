/**
 * The feed's rules stage as a pure function (rules.ts): one table of games against one viewer's
 * context, each case saying whether the game may show and why.
 */
import { describe, expect, it } from 'vitest';
import { geocellOf } from '../../lib/geo.js';
import { ONLINE_CELL } from './place-index.js';
import {
  applyFeedRules,
  passesFeedRules,
  viewerContext,
  type RuleSubject,
  type ViewerContext,
} from './rules.js';

const VIEWER = 1;
const HOST = 2;
const BLOCKED_BY_VIEWER = 3;
const BLOCKING_VIEWER = 4;
const SUSPENDED = 5;
const NOW = '2026-11-27T10:00:00.000Z';
const LATER = '2026-11-28T10:00:00.000Z';
// Central Bengaluru; a point about 5 km north, one about 50 km north.
const CENTRE = { lat: 12.9716, lng: 77.5946 };
const NEAR: [number, number] = [77.5946, 13.0166];
const FAR: [number, number] = [77.5946, 13.4216];

/** A game of `author` at `point` ([lng, lat]; null: hidden), `online` or not, after now. */
function game(
  author: number,
  point: [number, number] | null,
  { online = false, time = LATER } = {},
): RuleSubject {
  return {
    author_id: author,
    event_time: time,
    geocell: online ? ONLINE_CELL : point ? geocellOf(point[1], point[0]) : null,
    public_lng: point?.[0] ?? null,
    public_lat: point?.[1] ?? null,
  };
}

/** The viewer's context: blocked either way with two members, one member suspended. */
function context(radius: number | null): ViewerContext {
  return viewerContext(
    { viewerId: VIEWER, after: NOW, near: { ...CENTRE, radius } },
    { blocked: new Set([BLOCKED_BY_VIEWER, BLOCKING_VIEWER]), suspended: new Set([SUSPENDED]) },
  );
}

const CASES: [string, RuleSubject, number | null, boolean][] = [
  ["another member's game in range", game(HOST, NEAR), 25_000, true],
  ["another member's game, no radius", game(HOST, FAR), null, true],
  ['the viewer’s own game', game(VIEWER, NEAR), 25_000, false],
  ['the viewer’s own game, no radius', game(VIEWER, NEAR), null, false],
  ['a host the viewer blocked', game(BLOCKED_BY_VIEWER, NEAR), 25_000, false],
  ['a host who blocked the viewer', game(BLOCKING_VIEWER, NEAR), null, false],
  ['a suspended host', game(SUSPENDED, NEAR), 25_000, false],
  ['a suspended host, no radius', game(SUSPENDED, NEAR), null, false],
  ['a game that has started', game(HOST, NEAR, { time: NOW }), 25_000, false],
  ['a game before now', game(HOST, NEAR, { time: '2026-11-27T09:00:00.000Z' }), null, false],
  ['outside the radius', game(HOST, FAR), 25_000, false],
  ['inside a wider radius', game(HOST, FAR), 60_000, true],
  ['a hidden place with a radius', game(HOST, null), 25_000, false],
  ['a hidden place, no radius', game(HOST, null), null, true],
  ['an online game with a radius', game(HOST, null, { online: true }), 25_000, true],
  [
    'an online game of a blocked host',
    game(BLOCKING_VIEWER, null, { online: true }),
    25_000,
    false,
  ],
  ['an online game of a suspended host', game(SUSPENDED, null, { online: true }), null, false],
  ["the viewer's own online game", game(VIEWER, null, { online: true }), 25_000, false],
];

describe('the feed rules stage', () => {
  it.each(CASES)('%s', (_name, subject, radius, shows) => {
    expect(passesFeedRules(subject, context(radius))).toBe(shows);
  });

  it('keeps the games that pass, in their order', () => {
    const viewer = context(25_000);
    const games = CASES.map(([, subject]) => subject);
    expect(applyFeedRules(games, viewer)).toEqual(games.filter((g) => passesFeedRules(g, viewer)));
    expect(applyFeedRules([], viewer)).toEqual([]);
  });
});
