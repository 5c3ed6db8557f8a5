/**
 * The rules of offering a freed place to the first waitlisted member, as pure functions of the
 * clock (offers.service.ts applies them under the game's lock):
 *
 * - the hold, by the time left to the start: 2 hours when more than 16 hours remain, 30 minutes
 *   from 16 hours down to more than 1 hour, 10 minutes in the last hour;
 * - the hold's clock stops from 22:00 to 07:00 IST and resumes after, so nobody loses a place
 *   in their sleep;
 * - a hold never runs past the start;
 * - in the last 10 minutes before the start there is no time to answer: a freed place goes
 *   straight to the first waitlisted member.
 *
 * Anchor: OpenSports' waitlist offers (holds of 2 h / 30 min / 10 min by time to the start,
 * paused overnight, never after the start).
 */
import { TZDate } from '@date-fns/tz';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** The time zone of the overnight pause. */
export const OFFER_TIME_ZONE = 'Asia/Kolkata';
/** The overnight pause of a hold's clock: from this hour (inclusive) ... */
export const PAUSE_FROM_HOUR = 22;
/** ... to this hour (exclusive), local time in {@link OFFER_TIME_ZONE}. */
export const PAUSE_UNTIL_HOUR = 7;
/** Within this long before the start a freed place is given, not offered. */
export const STRAIGHT_PROMOTION_MS = 10 * MINUTE_MS;

/**
 * How long a freed place is held for the member it is offered to, in milliseconds of running
 * (unpaused) clock, when `msLeft` milliseconds remain to the start: 2 h above 16 h, 30 min above
 * 1 h (16 h exactly included), else 10 min.
 */
export function holdLength(msLeft: number): number {
  if (msLeft > 16 * HOUR_MS) return 2 * HOUR_MS;
  if (msLeft > HOUR_MS) return 30 * MINUTE_MS;
  return 10 * MINUTE_MS;
}

/** Whether instant `at` falls in the overnight pause (22:00 inclusive to 07:00 exclusive, IST). */
export function inOvernightPause(at: Date): boolean {
  const hour = new TZDate(at.getTime(), OFFER_TIME_ZONE).getHours();
  return hour >= PAUSE_FROM_HOUR || hour < PAUSE_UNTIL_HOUR;
}

/**
 * Where the running clock stands next after `at`: `at` itself outside the pause, else the
 * pause's end (07:00 IST, the same morning or the next one).
 */
function resumeOf(at: Date): Date {
  const local = new TZDate(at.getTime(), OFFER_TIME_ZONE);
  if (!inOvernightPause(at)) return at;
  const day = local.getHours() >= PAUSE_FROM_HOUR ? local.getDate() + 1 : local.getDate();
  const resume = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    day,
    PAUSE_UNTIL_HOUR,
    0,
    0,
    0,
    OFFER_TIME_ZONE,
  );
  return new Date(resume.getTime());
}

/** The start of the pause after running instant `at` (22:00 IST of its local day). */
function pauseAfter(at: Date): Date {
  const local = new TZDate(at.getTime(), OFFER_TIME_ZONE);
  const pause = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    PAUSE_FROM_HOUR,
    0,
    0,
    0,
    OFFER_TIME_ZONE,
  );
  return new Date(pause.getTime());
}

/**
 * When an offer made at `now` for a game starting at `start` ends: {@link holdLength} of the
 * time left, counted on a clock that stops from 22:00 to 07:00 IST, and never past `start`.
 */
export function offerExpiry(now: Date, start: Date): Date {
  let remaining = holdLength(start.getTime() - now.getTime());
  let at = now;
  while (remaining > 0 && at.getTime() < start.getTime()) {
    at = resumeOf(at);
    const run = Math.min(remaining, pauseAfter(at).getTime() - at.getTime());
    at = new Date(at.getTime() + run);
    remaining -= run;
  }
  return new Date(Math.min(at.getTime(), start.getTime()));
}

/**
 * Whether a place freed at `now` goes straight to the first waitlisted member (the last
 * {@link STRAIGHT_PROMOTION_MS} before `start`) rather than being offered.
 */
export function promotesStraight(now: Date, start: Date): boolean {
  return start.getTime() - now.getTime() <= STRAIGHT_PROMOTION_MS;
}
