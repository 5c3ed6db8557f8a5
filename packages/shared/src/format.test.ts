import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDistanceKm,
  formatGameTime,
  formatTimeRange,
  formatMessageTime,
  formatRelativeTime,
  truncatePreview,
} from './format.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatRelativeTime (spec part 1 §9)', () => {
  it.each([
    [0, 'Just now'],
    [59 * S, 'Just now'],
    [60 * S, '1 minute ago'],
    [2 * M, '2 minutes ago'],
    [59 * M + 59 * S, '59 minutes ago'],
    [H, '1 hour ago'],
    [23 * H, '23 hours ago'],
    [D, '1 day ago'],
    [6 * D + 23 * H, '6 days ago'],
  ])('%i ms ago -> %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('shows the date in Indian English (day, short month, year) from 7 days on', () => {
    expect(formatRelativeTime(ago(7 * D), now)).toBe('14 Nov 2026');
  });

  it("uses the viewer's time zone for the absolute date, India's when none is given", () => {
    const lateUtc = '2026-11-01T20:00:00.000Z';
    expect(formatRelativeTime(lateUtc, now, { timeZone: 'America/New_York' })).toBe('1 Nov 2026');
    expect(formatRelativeTime(lateUtc, now, { timeZone: 'Asia/Kolkata' })).toBe('2 Nov 2026');
    expect(formatRelativeTime(lateUtc, now)).toBe('2 Nov 2026');
  });

  it("falls back to 'Unknown time' and 'Invalid date' (spec part 1 §8)", () => {
    expect(formatRelativeTime(null, now)).toBe('Unknown time');
    expect(formatRelativeTime(undefined, now)).toBe('Unknown time');
    expect(formatRelativeTime('', now)).toBe('Unknown time');
    expect(formatRelativeTime('not a date', now)).toBe('Invalid date');
  });
});

describe('formatGameTime (cards, share preview, events, deadlines)', () => {
  const game = '2026-11-29T14:30:00.000Z';

  it("writes weekday, day, short month and a 12-hour clock in lower case: 'Sun, 29 Nov, 8:00 pm' in India", () => {
    expect(formatGameTime(game, { timeZone: 'Asia/Kolkata' }, now)).toBe('Sun, 29 Nov, 8:00 pm');
  });

  it("uses the viewer's zone: the same game is 'Sun, 29 Nov, 9:30 am' in New York", () => {
    expect(formatGameTime(game, { timeZone: 'America/New_York' }, now)).toBe(
      'Sun, 29 Nov, 9:30 am',
    );
  });

  it("is India's time when the viewer's zone is unknown", () => {
    expect(formatGameTime(game, {}, now)).toBe('Sun, 29 Nov, 8:00 pm');
  });

  it("adds the year only when it is not the viewer's current year", () => {
    expect(formatGameTime('2027-01-03T14:30:00.000Z', { timeZone: 'Asia/Kolkata' }, now)).toBe(
      'Sun, 3 Jan, 2027, 8:00 pm',
    );
  });

  it('takes the locale as a parameter', () => {
    expect(formatGameTime(game, { timeZone: 'Asia/Kolkata', locale: 'en-US' }, now)).toBe(
      'Sun, Nov 29, 8:00 PM',
    );
  });

  it('has the same fallbacks', () => {
    expect(formatGameTime(null)).toBe('Unknown time');
    expect(formatGameTime('tomorrow-ish')).toBe('Invalid date');
  });
});

describe('formatTimeRange (events)', () => {
  it('writes the day once when start and end fall on it', () => {
    expect(
      formatTimeRange(
        '2026-11-29T04:30:00.000Z',
        '2026-11-29T12:30:00.000Z',
        { timeZone: 'Asia/Kolkata' },
        now,
      ),
    ).toBe('Sun, 29 Nov, 10:00 am – 6:00 pm');
  });

  it("writes both days when they differ in the viewer's zone", () => {
    expect(
      formatTimeRange(
        '2026-11-29T03:30:00.000Z',
        '2026-11-30T12:30:00.000Z',
        { timeZone: 'Europe/London' },
        now,
      ),
    ).toBe('Sun, 29 Nov, 3:30 am – Mon, 30 Nov, 12:30 pm');
  });
});

describe('formatDateTime (when something happened)', () => {
  it('writes day, short month, year and a 12-hour clock in the given zone', () => {
    expect(formatDateTime('2026-11-21T05:30:00.000Z', { timeZone: 'Asia/Kolkata' })).toBe(
      '21 Nov 2026, 11:00 am',
    );
    expect(formatDateTime('2026-11-21T05:30:00.000Z', { timeZone: 'America/New_York' })).toBe(
      '21 Nov 2026, 12:30 am',
    );
  });
  it('has the same fallbacks', () => {
    expect(formatDateTime(null)).toBe('Unknown time');
    expect(formatDateTime('31/02/2026 nonsense')).toBe('Invalid date');
  });
});

describe('formatMessageTime', () => {
  it('shows the clock time under 24 hours, else day and month', () => {
    expect(formatMessageTime(ago(2 * H), now, { timeZone: 'UTC' })).toBe('10:00 am');
    expect(formatMessageTime(ago(2 * H), now, { timeZone: 'Asia/Kolkata' })).toBe('3:30 pm');
    expect(formatMessageTime(ago(25 * H), now, { timeZone: 'Asia/Kolkata' })).toBe('20 Nov');
    expect(formatMessageTime(undefined, now)).toBe('Unknown time');
  });
});

describe('formatDistanceKm and truncatePreview', () => {
  it('shows kilometres to one decimal', () => {
    expect(formatDistanceKm(30_150)).toBe('30.2 km');
    expect(formatDistanceKm(0)).toBe('0.0 km');
    expect(formatDistanceKm(999)).toBe('1.0 km');
  });
  it("cuts previews at 50 characters plus '...'", () => {
    expect(truncatePreview('x'.repeat(50))).toBe('x'.repeat(50));
    expect(truncatePreview('y'.repeat(51))).toBe(`${'y'.repeat(50)}...`);
  });
});
