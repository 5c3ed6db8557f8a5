/** Display helpers of the web app; the product formats live in `@gameon/shared` (spec part 1 §9). */
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, NO_RADIUS, RADIUS_OPTIONS_M } from '@gameon/shared';
import type { FormatOptions } from '@gameon/shared';

/**
 * The viewer's IANA time zone, from the browser (India's when it names none), passed to the
 * shared formatters and the feed's `tz` filter.
 */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
}

/**
 * How this viewer reads dates and times (BEYOND-THE-SPEC "Dates and times"): Indian English in
 * their own time zone. Every date the web app shows goes through the shared formatters with it.
 */
export function viewerFormat(): FormatOptions {
  return { timeZone: viewerTimeZone(), locale: DEFAULT_LOCALE };
}

/** Seconds as `mm:ss`, e.g. 600 -> '10:00', 59 -> '00:59' (registration code countdown). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** Joins class names, skipping falsy ones. */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}

/** Unread badge text: the count, capped at '99+'. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** A comma-separated list: entries trimmed, empties dropped (spec part 1 §5). */
export function parseCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A distance filter's choice: 'Within 25 km', or 'Any distance' for -1 (spec part 1 §9). */
export function radiusLabel(metres: number): string {
  return metres === NO_RADIUS ? 'Any distance' : `Within ${metres / 1000} km`;
}

/** The distance filter's choices in metres, nearest first, then any distance (spec part 1 §9). */
export const RADIUS_CHOICES: readonly number[] = [...RADIUS_OPTIONS_M, NO_RADIUS];

/** `date` as a `datetime-local` value (`YYYY-MM-DDTHH:mm`, local time). */
export function toDateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}
