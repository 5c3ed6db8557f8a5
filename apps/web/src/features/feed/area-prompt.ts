/**
 * When the feed asks a member without a home area where they play: on their first visit to the
 * feed (right after sign-up, where it welcomes them), then, after "Not now", again {@link AREA_PROMPT_SNOOZE_DAYS}
 * days later (never on every visit: each "Not now" starts the wait again). Remembered per member
 * in this browser's localStorage.
 */

/** Days the prompt stays away after "Not now". */
export const AREA_PROMPT_SNOOZE_DAYS = 7;

const DAY_MS = 24 * 3600 * 1000;

/** localStorage key of member `userId`'s last "Not now" (epoch milliseconds). */
export const areaPromptKey = (userId: number) => `gameon.areaPrompt.${userId}`;

/** True when member `userId` was never asked (no "Not now" yet): the welcome, after sign-up. */
export function areaPromptFirst(userId: number): boolean {
  return localStorage.getItem(areaPromptKey(userId)) === null;
}

/** True when member `userId` without a home area should be asked now (`now`: epoch ms). */
export function areaPromptDue(userId: number, now = Date.now()): boolean {
  const snoozedAt = Number(localStorage.getItem(areaPromptKey(userId)));
  return !(snoozedAt > 0) || now - snoozedAt >= AREA_PROMPT_SNOOZE_DAYS * DAY_MS;
}

/** Remembers member `userId`'s "Not now" at `now` (epoch ms). */
export function snoozeAreaPrompt(userId: number, now = Date.now()): void {
  localStorage.setItem(areaPromptKey(userId), String(now));
}
