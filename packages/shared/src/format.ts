/**
 * Display formats of spec part 1 §8-§9, shown in the viewer's time zone (IANA name; the
 * spec's UTC is the default when none is given).
 */

type DateInput = string | number | Date | null | undefined;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Options shared by the formatters: the viewer's IANA time zone (default UTC). */
export interface FormatOptions {
  timeZone?: string;
}

/** Formats a parsed date with `format`, or gives the spec's fallbacks (spec part 1 §8). */
function withDate(input: DateInput, format: (date: Date) => string): string {
  if (input === null || input === undefined || input === '') return 'Unknown time';
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? 'Invalid date' : format(date);
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * Relative time (spec part 1 §9): under 60 s 'Just now'; under an hour 'N minute(s) ago';
 * under a day 'N hour(s) ago'; under 7 days 'N day(s) ago'; else 'Nov 21, 2026'.
 * No date gives 'Unknown time'; an unparseable one 'Invalid date' (spec part 1 §8).
 */
export function formatRelativeTime(
  input: DateInput,
  now: Date = new Date(),
  options: FormatOptions = {},
): string {
  return withDate(input, (date) => {
    const diff = now.getTime() - date.getTime();
    if (diff < MINUTE) return 'Just now';
    if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minute');
    if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hour');
    if (diff < 7 * DAY) return plural(Math.floor(diff / DAY), 'day');
    return date.toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: options.timeZone ?? 'UTC',
    });
  });
}

/**
 * Date-time display (spec part 1 §9): year, short month, day, 2-digit hour and minute,
 * e.g. 'Nov 21, 2026, 05:30 PM'. Same fallbacks as {@link formatRelativeTime}.
 */
export function formatDateTime(input: DateInput, options: FormatOptions = {}): string {
  return withDate(input, (date) =>
    date.toLocaleString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: options.timeZone ?? 'UTC',
    }),
  );
}

/**
 * Recent-message time (spec part 1 §9): clock time ('05:30 PM') when under 24 hours old,
 * otherwise month and day ('Nov 21').
 */
export function formatMessageTime(
  input: DateInput,
  now: Date = new Date(),
  options: FormatOptions = {},
): string {
  const timeZone = options.timeZone ?? 'UTC';
  return withDate(input, (date) =>
    now.getTime() - date.getTime() < DAY
      ? date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone })
      : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone }),
  );
}

/** Distance on a card: kilometres to one decimal, from metres (spec part 1 §9): '30.2 km'. */
export function formatDistanceKm(metres: number): string {
  // Round on whole hundreds of metres: (30150 / 1000).toFixed(1) would give '30.1' (binary floats).
  return `${(Math.round(metres / 100) / 10).toFixed(1)} km`;
}

/** Message preview: cut to 50 characters followed by '...' (spec part 1 §5). */
export function truncatePreview(text: string, max = 50): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
