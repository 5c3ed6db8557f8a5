/**
 * The hold of an offered place (offers.ts), a pure function of the clock, at each boundary: the
 * time left to the start (16 h, 1 h, 10 min), the overnight pause (22:00 and 07:00 IST) and the
 * start itself. Instants are written with their IST offset (+05:30).
 */
import { describe, expect, it } from 'vitest';
import { holdLength, inOvernightPause, offerExpiry, promotesStraight } from './offers.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const ist = (local: string) => new Date(`${local}+05:30`);
const expiry = (now: string, start: string) => offerExpiry(ist(now), ist(start)).toISOString();
const iso = (local: string) => ist(local).toISOString();

describe('the hold by the time left to the start', () => {
  it('is 2 hours above 16 hours, 30 minutes above 1 hour, 10 minutes in the last hour', () => {
    expect(holdLength(16 * HOUR + 1)).toBe(2 * HOUR);
    expect(holdLength(16 * HOUR)).toBe(30 * MINUTE);
    expect(holdLength(HOUR + 1)).toBe(30 * MINUTE);
    expect(holdLength(HOUR)).toBe(10 * MINUTE);
    expect(holdLength(11 * MINUTE)).toBe(10 * MINUTE);
  });

  it('ends that long after the offer in the daytime', () => {
    expect(expiry('2026-12-01T10:00:00', '2026-12-03T10:00:00')).toBe(iso('2026-12-01T12:00:00'));
    // 16 h exactly is not "more than 16 h".
    expect(expiry('2026-12-01T10:00:00', '2026-12-02T02:00:00')).toBe(iso('2026-12-01T10:30:00'));
    expect(expiry('2026-12-01T10:00:00', '2026-12-01T11:00:01')).toBe(iso('2026-12-01T10:30:00'));
    expect(expiry('2026-12-01T10:00:00', '2026-12-01T11:00:00')).toBe(iso('2026-12-01T10:10:00'));
  });
});

describe('the overnight pause, 22:00 to 07:00 IST', () => {
  it('is in force from 22:00 and over at 07:00', () => {
    expect(inOvernightPause(ist('2026-12-01T21:59:59.999'))).toBe(false);
    expect(inOvernightPause(ist('2026-12-01T22:00:00'))).toBe(true);
    expect(inOvernightPause(ist('2026-12-02T06:59:59.999'))).toBe(true);
    expect(inOvernightPause(ist('2026-12-02T07:00:00'))).toBe(false);
  });

  it('stops the clock at 22:00 and resumes it at 07:00', () => {
    // 1 h before the pause, 1 h after it.
    expect(expiry('2026-12-01T21:00:00', '2026-12-03T10:00:00')).toBe(iso('2026-12-02T08:00:00'));
    // A hold that ends at 22:00 exactly ends there.
    expect(expiry('2026-12-01T21:30:00', '2026-12-02T10:00:00')).toBe(iso('2026-12-01T22:00:00'));
  });

  it('counts an offer made in the pause from 07:00', () => {
    expect(expiry('2026-12-01T22:00:00', '2026-12-03T10:00:00')).toBe(iso('2026-12-02T09:00:00'));
    expect(expiry('2026-12-02T03:00:00', '2026-12-03T10:00:00')).toBe(iso('2026-12-02T09:00:00'));
    expect(expiry('2026-12-02T06:59:00', '2026-12-03T10:00:00')).toBe(iso('2026-12-02T09:00:00'));
    expect(expiry('2026-12-02T07:00:00', '2026-12-03T10:00:00')).toBe(iso('2026-12-02T09:00:00'));
  });

  it('uses the time left at the offer, not the running time, to choose the hold', () => {
    // 5 hours left at 03:00: a 30-minute hold, counted from 07:00.
    expect(expiry('2026-12-02T03:00:00', '2026-12-02T08:00:00')).toBe(iso('2026-12-02T07:30:00'));
  });
});

describe('the start', () => {
  it('is never passed by a hold, paused or not', () => {
    // Paused until 07:00 but the game starts at 07:10: the hold ends at the start.
    expect(expiry('2026-12-02T03:00:00', '2026-12-02T07:10:00')).toBe(iso('2026-12-02T07:10:00'));
    // Offered at 22:10 for a 23:00 game: paused all the way to the start.
    expect(expiry('2026-12-01T22:10:00', '2026-12-01T23:00:00')).toBe(iso('2026-12-01T23:00:00'));
    // 12 minutes left: a 10-minute hold fits.
    expect(expiry('2026-12-01T10:00:00', '2026-12-01T10:12:00')).toBe(iso('2026-12-01T10:10:00'));
  });

  it('leaves no hold in its last 10 minutes: a freed place goes straight in', () => {
    const start = ist('2026-12-01T19:00:00');
    expect(promotesStraight(new Date(start.getTime() - 10 * MINUTE - 1), start)).toBe(false);
    expect(promotesStraight(new Date(start.getTime() - 10 * MINUTE), start)).toBe(true);
    expect(promotesStraight(new Date(start.getTime() - MINUTE), start)).toBe(true);
  });
});
