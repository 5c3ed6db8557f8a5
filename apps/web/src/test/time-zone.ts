/** Runs component code as a viewer in another time zone: the browser's zone is the process's. */
import { afterEach, vi } from 'vitest';

const original = process.env.TZ;

/**
 * Makes `zone` (IANA) the viewer's time zone until the end of the test, and `now` (if given) the
 * clock's time (only `Date` is faked, so timers and promises run as usual).
 */
export function viewerIn(zone: string, now?: string): void {
  process.env.TZ = zone;
  if (now !== undefined) vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
}

afterEach(() => {
  if (original === undefined) delete process.env.TZ;
  else process.env.TZ = original;
  vi.useRealTimers();
});
