/** When an event takes place, as its card labels it (spec part 2 §4). */

export type EventTimeLabel = 'Today' | 'Tomorrow' | 'This Week' | 'Upcoming';

/** Calendar days from `now` to `date`, both read in the viewer's local time zone. */
function calendarDaysBetween(now: Date, date: Date): number {
  const day = (value: Date) => new Date(value.getFullYear(), value.getMonth(), value.getDate());
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  return Math.round((day(date).getTime() - day(now).getTime()) / (24 * 3600 * 1000));
}

/**
 * The time label of an event starting at `start` (an ISO instant) seen at `now` (spec part 2 §4):
 * 'Today' on the viewer's calendar day of `now` (or an event already running), 'Tomorrow' on the
 * next day, 'This Week' within the next 7 days and 'Upcoming' after that. Days are the viewer's
 * local calendar days, not 24-hour spans.
 */
export function eventTimeLabel(start: string, now: Date = new Date()): EventTimeLabel {
  const days = calendarDaysBetween(now, new Date(start));
  if (days <= 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days <= 7) return 'This Week';
  return 'Upcoming';
}
