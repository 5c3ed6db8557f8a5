import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDistanceKm,
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

  it('shows an absolute date (short month, day, year) from 7 days on', () => {
    expect(formatRelativeTime(ago(7 * D), now)).toBe('Nov 14, 2026');
  });

  it("uses the viewer's time zone for the absolute date", () => {
    const lateUtc = '2026-11-01T20:00:00.000Z';
    expect(formatRelativeTime(lateUtc, now, { timeZone: 'UTC' })).toBe('Nov 1, 2026');
    expect(formatRelativeTime(lateUtc, now, { timeZone: 'Asia/Kolkata' })).toBe('Nov 2, 2026');
  });

  it("falls back to 'Unknown time' and 'Invalid date' (spec part 1 §8)", () => {
    expect(formatRelativeTime(null, now)).toBe('Unknown time');
    expect(formatRelativeTime(undefined, now)).toBe('Unknown time');
    expect(formatRelativeTime('', now)).toBe('Unknown time');
    expect(formatRelativeTime('not a date', now)).toBe('Invalid date');
  });
});

describe('formatDateTime', () => {
  it('shows year, short month, day, 2-digit hour and minute', () => {
    expect(formatDateTime('2026-11-21T05:30:00.000Z')).toBe('Nov 21, 2026, 05:30 AM');
    expect(formatDateTime('2026-11-21T05:30:00.000Z', { timeZone: 'Asia/Kolkata' })).toBe(
      'Nov 21, 2026, 11:00 AM',
    );
  });
  it('has the same fallbacks', () => {
    expect(formatDateTime(null)).toBe('Unknown time');
    expect(formatDateTime('31/02/2026 nonsense')).toBe('Invalid date');
  });
});

describe('formatMessageTime', () => {
  it('shows the clock time under 24 hours, else month and day', () => {
    expect(formatMessageTime(ago(2 * H), now)).toBe('10:00 AM');
    expect(formatMessageTime(ago(2 * H), now, { timeZone: 'Asia/Kolkata' })).toBe('03:30 PM');
    expect(formatMessageTime(ago(25 * H), now)).toBe('Nov 20');
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
