import { describe, expect, it, vi } from 'vitest';
import { eventTimeLabel } from './event-time';

/** A local date-time (the viewer's zone), as an ISO instant. */
function local(year: number, month: number, day: number, hour: number, minute = 0): string {
  return new Date(year, month - 1, day, hour, minute).toISOString();
}

describe('eventTimeLabel (spec part 2 §4), in local calendar days', () => {
  // Wednesday 15 July 2026, 21:30 local time.
  const now = new Date(2026, 6, 15, 21, 30);

  it.each([
    { when: 'later the same evening', start: local(2026, 7, 15, 23, 59), label: 'Today' },
    { when: 'already running since this morning', start: local(2026, 7, 15, 8), label: 'Today' },
    { when: 'just after midnight', start: local(2026, 7, 16, 0, 5), label: 'Tomorrow' },
    { when: 'late tomorrow', start: local(2026, 7, 16, 23, 0), label: 'Tomorrow' },
    { when: 'the day after tomorrow', start: local(2026, 7, 17, 6), label: 'This Week' },
    { when: '7 days on', start: local(2026, 7, 22, 22), label: 'This Week' },
    { when: '8 days on', start: local(2026, 7, 23, 0, 1), label: 'Upcoming' },
    { when: 'next month', start: local(2026, 8, 19, 10), label: 'Upcoming' },
  ])('$when is $label', ({ start, label }) => {
    expect(eventTimeLabel(start, now)).toBe(label);
  });

  it('reads the clock when no `now` is given', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 6, 15, 9, 0));
    expect(eventTimeLabel(local(2026, 7, 16, 9))).toBe('Tomorrow');
    expect(eventTimeLabel(local(2026, 7, 15, 18))).toBe('Today');
  });
});
