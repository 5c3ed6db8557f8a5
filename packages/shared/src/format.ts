/**
 * Every date and time GameOn shows a person, in one place (BEYOND-THE-SPEC "Dates and times",
 * superseding spec part 1 §9's "English US, UTC"): Indian English (`en-IN`) in the viewer's time
 * zone, India's when unknown, for the web app, share previews, e-mails and calendar summaries
 * alike. Machine formats (the API's UTC ISO strings, `.ics` times) are not made here. The locale
 * is a parameter, so another language only passes its own.
 */
import { DEFAULT_TIME_ZONE } from './constants.js';

type DateInput = string | number | Date | null | undefined;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The locale of every display format unless another is passed: Indian English. */
export const DEFAULT_LOCALE = 'en-IN';

/**
 * Options shared by the formatters: the viewer's IANA time zone (default Asia/Kolkata, India's)
 * and the display locale (a BCP 47 tag, default {@link DEFAULT_LOCALE}).
 */
export interface FormatOptions {
  timeZone?: string;
  locale?: string;
}

// Building an Intl.DateTimeFormat costs far more than using one, and a feed formats many cards.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached `Intl.DateTimeFormat` for `options` with the zone and locale of `format`. */
function cachedFormat(format: FormatOptions, options: Intl.DateTimeFormatOptions) {
  const locale = format.locale ?? DEFAULT_LOCALE;
  const timeZone = format.timeZone ?? DEFAULT_TIME_ZONE;
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

// ICU puts thin and narrow no-break spaces in some patterns (around a range's dash, before
// 'pm' in some versions); plain spaces read the same, and mail, tests and the browser's own ICU
// then agree.
const ODD_SPACES = /[\u00a0\u2009\u202f]/g;

/** Formats one date or a range with {@link cachedFormat}, in plain spaces. */
function formatter(format: FormatOptions, options: Intl.DateTimeFormatOptions) {
  const intl = cachedFormat(format, options);
  return {
    format: (date: Date) => intl.format(date).replace(ODD_SPACES, ' '),
    formatRange: (from: Date, to: Date) => intl.formatRange(from, to).replace(ODD_SPACES, ' '),
  };
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, ...CLOCK };
const WHEN: Intl.DateTimeFormatOptions = { weekday: 'short', ...DAY_MONTH, ...CLOCK };

/** Parses `input`, or null for no date; NaN-time dates are returned as they are. */
function parsed(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  return input instanceof Date ? input : new Date(input);
}

/** Formats a parsed date with `format`, or gives the spec's fallbacks (spec part 1 §8). */
function withDate(input: DateInput, format: (date: Date) => string): string {
  const date = parsed(input);
  if (date === null) return 'Unknown time';
  return Number.isNaN(date.getTime()) ? 'Invalid date' : format(date);
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * Relative time (spec part 1 §9): under 60 s 'Just now'; under an hour 'N minute(s) ago';
 * under a day 'N hour(s) ago'; under 7 days 'N day(s) ago'; else the date, '21 Nov 2026'.
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
    return formatter(options, DATE).format(date);
  });
}

/**
 * A moment with its date and year, for when something happened: '21 Nov 2026, 11:00 am'.
 * Same fallbacks as {@link formatRelativeTime}.
 */
export function formatDateTime(input: DateInput, options: FormatOptions = {}): string {
  return withDate(input, (date) => formatter(options, DATE_TIME).format(date));
}

/**
 * When something is due, as game cards, the share preview, events and deadlines write it:
 * weekday, day, short month and clock time, 'Sun, 29 Nov, 8:00 pm'; the year is added when it
 * is not the viewer's current one (`now`), 'Sun, 3 Jan, 2027, 8:00 pm'. Same fallbacks as
 * {@link formatRelativeTime}.
 */
export function formatGameTime(
  input: DateInput,
  options: FormatOptions = {},
  now: Date = new Date(),
): string {
  return withDate(input, (date) => {
    const year = (at: Date) => formatter(options, { year: 'numeric' }).format(at);
    const style = year(date) === year(now) ? WHEN : { ...WHEN, year: 'numeric' as const };
    return formatter(options, style).format(date);
  });
}

/**
 * From `start` to `end` as an event's card writes it, the day written once when both fall on
 * it: 'Sat, 19 Jul, 10:00 am – 6:00 pm', else 'Sat, 19 Jul, 10:00 am – Sun, 20 Jul, 6:00 pm'
 * (the year added as {@link formatGameTime} does). Same fallbacks, for either end.
 */
export function formatTimeRange(
  start: DateInput,
  end: DateInput,
  options: FormatOptions = {},
  now: Date = new Date(),
): string {
  return withDate(start, (from) =>
    withDate(end, (to) => {
      const year = (at: Date) => formatter(options, { year: 'numeric' }).format(at);
      const sameYear = year(from) === year(now) && year(to) === year(now);
      const style = sameYear ? WHEN : { ...WHEN, year: 'numeric' as const };
      return formatter(options, style).formatRange(from, to);
    }),
  );
}

/**
 * Recent-message time (spec part 1 §9): clock time ('5:30 pm') when under 24 hours old,
 * otherwise day and month ('21 Nov').
 */
export function formatMessageTime(
  input: DateInput,
  now: Date = new Date(),
  options: FormatOptions = {},
): string {
  return withDate(input, (date) =>
    formatter(options, now.getTime() - date.getTime() < DAY ? CLOCK : DAY_MONTH).format(date),
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

/**
 * An amount of money from whole paise, in Indian rupees with Indian digit grouping: '₹1,500',
 * '₹214.28', '₹187.50', '₹0.04' (paise shown only when there are any).
 */
export function formatRupees(paise: number, locale = DEFAULT_LOCALE): string {
  const whole = paise % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(paise / 100);
}
