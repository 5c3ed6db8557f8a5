/** Time helpers. All timestamps stored and sent are UTC ISO-8601 strings. */
import { TZDate } from '@date-fns/tz';
import { badRequest } from './errors.js';

/** Now as `2026-11-21T05:00:00.000Z`. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** `date` plus `seconds`, as ISO text. */
export function addSeconds(date: Date, seconds: number): string {
  return new Date(date.getTime() + seconds * 1000).toISOString();
}

/** Normalises any ISO-8601 instant (with offset) to UTC ISO text; throws on invalid input. */
export function toUtcIso(input: string): string {
  const date = new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${input}`);
  return date.toISOString();
}

/**
 * The UTC instants bounding calendar day `date` (YYYY-MM-DD) in IANA time zone `tz`: `from`
 * inclusive, `to` exclusive (the feed's and the events list's `date` filter; CONTRACT.md).
 * @throws AppError 400 (field `date`) for a day that does not exist, such as 2031-02-30.
 */
export function dayRange(date: string, tz: string): { from: string; to: string } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = new TZDate(y, m - 1, d, tz);
  if (Number.isNaN(start.getTime()) || start.getMonth() !== m - 1 || start.getDate() !== d) {
    throw badRequest('Invalid date', [
      { field: 'date', message: 'Date must be a real calendar day' },
    ]);
  }
  const end = new TZDate(y, m - 1, d + 1, tz);
  return {
    from: new Date(start.getTime()).toISOString(),
    to: new Date(end.getTime()).toISOString(),
  };
}
