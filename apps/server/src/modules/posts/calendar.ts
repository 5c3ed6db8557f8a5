/**
 * Games as iCalendar (RFC 5545) through the shared `lib/calendar.ts`: DTSTART the
 * game's time, DTEND two hours later (games have no duration), SUMMARY sport and title, LOCATION
 * the place name, GEO only where the viewer may see the point (the access module's location
 * rule), URL the game page, SEQUENCE the game's revision (up with every edit of it), and a
 * VALARM 2 hours before the start (when GameOn's own reminder comes). Entries made elsewhere
 * (a host's series) may follow the games.
 */
import type { PostRow } from '../../db/types.js';
import { calendarText, type CalendarEntry } from '../../lib/calendar.js';
import { pointShownTo } from '../access/index.js';

/** How long a game lasts in a calendar: games have no duration of their own. */
export const GAME_DURATION_MS = 2 * 3600 * 1000;
/** The calendar's alarm before a game: as GameOn's reminder (modules/reminders), 2 hours. */
export const GAME_ALARM_SECONDS = 2 * 3600;

/**
 * The iCalendar text of `rows` as `viewerId` sees them; `publicUrl` (no trailing slash) makes
 * the game pages' absolute URLs and the UIDs' domain.
 */
export function gamesCalendar(
  publicUrl: string,
  viewerId: number,
  rows: PostRow[],
  extra: CalendarEntry[] = [],
): string {
  return calendarText(publicUrl, { name: 'GameOn games', product: 'games' }, [
    ...rows.map((row) => {
      const start = new Date(row.event_time);
      return {
        key: `post-${row.id}`,
        stamp: new Date(row.created_at),
        start,
        end: new Date(start.getTime() + GAME_DURATION_MS),
        summary: `${row.sport}: ${row.heading}`,
        description: row.description,
        location: row.location_name,
        point: pointShownTo(viewerId, row),
        url: `${publicUrl}/posts/${row.id}`,
        sequence: row.sequence,
        alarmBeforeSeconds: GAME_ALARM_SECONDS,
      };
    }),
    ...extra,
  ]);
}
