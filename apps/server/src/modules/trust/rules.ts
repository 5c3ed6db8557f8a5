/**
 * The pure rules of trust between players: the windows (all counted from the game's start,
 * `event_time`), the check-in radius, the show-up record, the rated level and the host's
 * minimums. No storage and no clock of their own: callers pass `now`.
 */
import {
  CHECK_IN_MAX_ACCURACY_M,
  CHECK_IN_RADIUS_M,
  CHECK_IN_WINDOW_MIN,
  MIN_RATERS,
  MIN_RECORD_GAMES,
  NO_SHOW_WINDOW_HOURS,
  RATING_WINDOW_HOURS,
  SKILL_LEVELS,
  type Minimums,
  type SkillLevel,
} from '@gameon/shared';
import { distanceMetres } from '../../lib/geo.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A leave this long or more before the start does not count on the record. */
export const LEAVE_GRACE_MS = 2 * HOUR;
/** A no-show (or late leave) of a game that started longer ago than this drops out of the record. */
export const NO_SHOW_EXPIRY_MS = 90 * DAY;
/** The record reads a member's last this many games that count. */
export const RECORD_GAMES = 20;

const at = (iso: string) => Date.parse(iso);

/** The windows of a game starting at `eventTime` (UTC ISO), as UTC ISO instants. */
export function windowsOf(eventTime: string) {
  const start = at(eventTime);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    checkInOpens: iso(start - CHECK_IN_WINDOW_MIN * MINUTE),
    checkInCloses: iso(start + CHECK_IN_WINDOW_MIN * MINUTE),
    marksClose: iso(start + NO_SHOW_WINDOW_HOURS * HOUR),
    ratingsClose: iso(start + RATING_WINDOW_HOURS * HOUR),
  };
}

/** Whether `now` is in the check-in window: 30 minutes before to 30 minutes after the start, both ends in. */
export function checkInOpen(eventTime: string, now: Date): boolean {
  const t = now.getTime();
  const start = at(eventTime);
  return t >= start - CHECK_IN_WINDOW_MIN * MINUTE && t <= start + CHECK_IN_WINDOW_MIN * MINUTE;
}

/**
 * Whether a position counts as being at the place: distance minus accuracy at most 300 m, with
 * an accuracy of at most 500 m (metres; points [lng, lat]).
 */
export function positionCounts(
  place: readonly [number, number],
  position: readonly [number, number],
  accuracy: number,
): boolean {
  if (accuracy > CHECK_IN_MAX_ACCURACY_M) return false;
  return distanceMetres(place, position) - accuracy <= CHECK_IN_RADIUS_M;
}

/** Whether the host may mark no-shows at `now`: from the start to 48 hours after it, both ends in. */
export function marksOpen(eventTime: string, now: Date): boolean {
  const t = now.getTime();
  return t >= at(eventTime) && t <= at(eventTime) + NO_SHOW_WINDOW_HOURS * HOUR;
}

/** Whether a window of 48 hours from `from` (a mark, a dispute) is still open at `now`. */
export function within48Hours(from: string, now: Date): boolean {
  return now.getTime() <= at(from) + NO_SHOW_WINDOW_HOURS * HOUR;
}

/** Whether ratings are open at `now`: from the start to 72 hours after it, both ends in. */
export function ratingsOpen(eventTime: string, now: Date): boolean {
  const t = now.getTime();
  return t >= at(eventTime) && t <= at(eventTime) + RATING_WINDOW_HOURS * HOUR;
}

/** Whether a mark counts: not disputed, or confirmed again after the dispute. */
export function markCounts(mark: { disputed_at: string | null; confirmed_at: string | null }) {
  return mark.disputed_at === null || mark.confirmed_at !== null;
}

/** Whether a departure at `leftAt` from a game starting at `eventTime` leaves a miss on the record. */
export function lateLeave(leftAt: string, eventTime: string): boolean {
  return at(eventTime) - at(leftAt) < LEAVE_GRACE_MS;
}

/** One game of a member's record: `came`, and when it started. */
export interface RecordEntry {
  event_time: string;
  came: boolean;
}

/**
 * The entries the record reads: misses of games that started more than 90 days before `now`
 * drop out, then the latest {@link RECORD_GAMES} by start.
 */
export function recordEntries<T extends RecordEntry>(entries: T[], now: Date): T[] {
  const cutoff = now.getTime() - NO_SHOW_EXPIRY_MS;
  return entries
    .filter((e) => e.came || at(e.event_time) >= cutoff)
    .sort((a, b) => at(b.event_time) - at(a.event_time))
    .slice(0, RECORD_GAMES);
}

/** The record `{came, counted}`, or null for a "New player" (fewer than 3 games count). */
export function recordOf(entries: RecordEntry[]): { came: number; counted: number } | null {
  if (entries.length < MIN_RECORD_GAMES) return null;
  return { came: entries.filter((e) => e.came).length, counted: entries.length };
}

const rank = (level: SkillLevel) => SKILL_LEVELS.indexOf(level);

/**
 * The lower median of `levels` (each rater's latest), or null when fewer than 3 raters: sorted
 * from beginner up, the element at index floor((n - 1) / 2).
 */
export function ratedLevel(levels: SkillLevel[]): SkillLevel | null {
  if (levels.length < MIN_RATERS) return null;
  const sorted = [...levels].sort((a, b) => rank(a) - rank(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Why a member with `record` and `level` (in the game's sport) may not join a game with
 * `minimums`, or null when they may. A "New player" (record null) and an unrated member (level
 * null) always pass.
 */
export function minimumRefusal(
  minimums: Minimums,
  record: { came: number; counted: number } | null,
  level: SkillLevel | null,
): string | null {
  const { min_show_up_percent: percent, min_level: minLevel } = minimums;
  if (percent !== null && record !== null && record.came * 100 < percent * record.counted) {
    return `The host asks for players who came to at least ${percent}% of their games; your record is ${record.came} of ${record.counted}.`;
  }
  if (minLevel !== null && level !== null && rank(level) < rank(minLevel)) {
    return `The host asks for players rated ${minLevel} or above in this sport; co-players rated you ${level}.`;
  }
  return null;
}
