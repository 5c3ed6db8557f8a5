/**
 * iCalendar text (RFC 5545) with `ical-generator`, for games and events alike:
 * one VEVENT per entry with UID, DTSTAMP, DTSTART and DTEND in UTC, SUMMARY, DESCRIPTION,
 * LOCATION (with GEO where a point may be shown), URL and, when asked, a display VALARM before
 * the start, and for a repeating entry its RRULE and EXDATE (or, overriding one instant of it,
 * RECURRENCE-ID). Knows no feature: each caller maps its rows to {@link CalendarEntry}.
 */
import ical, { ICalAlarmType, ICalEventRepeatingFreq } from 'ical-generator';

/** The Content-Type of every calendar answer. */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** One VEVENT. */
export interface CalendarEntry {
  /** Unique within GameOn, e.g. `post-12`; the UID is `{key}@{host of PUBLIC_URL}`. */
  key: string;
  /** DTSTAMP: when the thing was created. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** The place's display name. */
  location: string;
  /** [lng, lat] in degrees for GEO, or null to leave GEO out. */
  point: readonly [number, number] | null;
  /** Absolute URL of the thing's page. */
  url: string;
  /** SEQUENCE: the revision, up with every change of the thing; 0 when absent. */
  sequence?: number;
  /**
   * A display VALARM this many seconds before the start (`TRIGGER:-PT2H` for 7200), saying
   * `summary`; none when absent.
   */
  alarmBeforeSeconds?: number;
  /** RRULE and EXDATE: weekly every `everyWeeks` weeks up to `until`, `exclude` left out. */
  repeating?: { everyWeeks: number; until: Date | null; exclude: Date[] };
  /** RECURRENCE-ID: this entry overrides the repeating entry of its key at that instant. */
  recurrenceId?: Date;
}

/**
 * The iCalendar text of `entries` in a calendar named `name`, PRODID GameOn `product`;
 * `publicUrl` (PUBLIC_URL, no trailing slash) gives the UIDs' domain.
 */
export function calendarText(
  publicUrl: string,
  { name, product }: { name: string; product: string },
  entries: CalendarEntry[],
): string {
  const host = new URL(publicUrl).host;
  const calendar = ical({ name, prodId: { company: 'GameOn', product } });
  for (const entry of entries) {
    const event = calendar.createEvent({
      id: `${entry.key}@${host}`,
      stamp: entry.stamp,
      start: entry.start,
      end: entry.end,
      summary: entry.summary,
      description: entry.description,
      location: {
        title: entry.location,
        ...(entry.point ? { geo: { lon: entry.point[0], lat: entry.point[1] } } : {}),
      },
      url: entry.url,
      sequence: entry.sequence ?? 0,
      ...(entry.repeating
        ? {
            repeating: {
              freq: ICalEventRepeatingFreq.WEEKLY,
              interval: entry.repeating.everyWeeks,
              ...(entry.repeating.until ? { until: entry.repeating.until } : {}),
              ...(entry.repeating.exclude.length > 0 ? { exclude: entry.repeating.exclude } : {}),
            },
          }
        : {}),
      ...(entry.recurrenceId ? { recurrenceId: entry.recurrenceId } : {}),
    });
    if (entry.alarmBeforeSeconds !== undefined)
      event.createAlarm({
        type: ICalAlarmType.display,
        trigger: entry.alarmBeforeSeconds,
        description: entry.summary,
      });
  }
  return calendar.toString();
}
