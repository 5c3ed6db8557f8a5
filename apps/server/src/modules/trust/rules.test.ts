/** The pure rules of trust between players, at their boundaries. */
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M } from '../../lib/geo.js';
import {
  minimumRefusal,
  positionCounts,
  ratedLevel,
  recordEntries,
  recordOf,
  RECORD_GAMES,
} from './rules.js';

const PLACE: [number, number] = [77.5946, 12.9716];
/** A point `metres` due north of the place. */
const north = (metres: number): [number, number] => [
  PLACE[0],
  PLACE[1] + (metres / EARTH_RADIUS_M) * (180 / Math.PI),
];

describe('trust rules', () => {
  it('counts a position within 300 m after its accuracy, with an accuracy of at most 500 m', () => {
    expect(positionCounts(PLACE, north(299.99), 0)).toBe(true);
    expect(positionCounts(PLACE, north(300.01), 0)).toBe(false);
    expect(positionCounts(PLACE, north(700), 400.01)).toBe(true);
    expect(positionCounts(PLACE, north(700), 399.99)).toBe(false);
    expect(positionCounts(PLACE, PLACE, 500)).toBe(true);
    expect(positionCounts(PLACE, PLACE, 500.01)).toBe(false);
  });

  it('takes the lower median of three raters or more, none with two', () => {
    expect(ratedLevel(['expert', 'expert'])).toBeNull();
    expect(ratedLevel(['expert', 'beginner', 'advanced'])).toBe('advanced');
    expect(ratedLevel(['expert', 'beginner', 'advanced', 'intermediate'])).toBe('intermediate');
  });

  it('reads the latest 20 games, drops misses older than 90 days, "New player" under 3 games', () => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
    const games = Array.from({ length: 25 }, (_, i) => ({
      event_time: day(i + 1),
      came: i % 5 !== 0,
    }));
    const kept = recordEntries(games, now);
    expect(kept).toHaveLength(RECORD_GAMES);
    expect(kept[0]!.event_time).toBe(day(1));
    expect(recordOf(kept)).toEqual({ came: 16, counted: 20 });
    const old = [
      { event_time: day(90), came: false },
      { event_time: new Date(now.getTime() - 90 * 86_400_000 - 1).toISOString(), came: false },
    ];
    expect(recordEntries(old, now).map((g) => g.event_time)).toEqual([day(90)]);
    expect(recordOf(games.slice(0, 2))).toBeNull();
  });

  it('lets a new player and an unrated member pass any minimum', () => {
    const strict = { min_show_up_percent: 100, min_level: 'expert' as const };
    expect(minimumRefusal(strict, null, null)).toBeNull();
    expect(minimumRefusal(strict, { came: 2, counted: 3 }, null)).toMatch(/at least 100%/);
    expect(minimumRefusal(strict, { came: 3, counted: 3 }, 'advanced')).toMatch(/rated expert/);
    expect(
      minimumRefusal({ min_show_up_percent: 75, min_level: null }, { came: 3, counted: 4 }, null),
    ).toBeNull();
  });
});
