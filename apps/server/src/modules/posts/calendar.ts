/**
 * Games as iCalendar (RFC 5545, issue 11) with `ical-generator`: one VEVENT per game with UID,
 * DTSTAMP, DTSTART in UTC, DTEND two hours later (games have no duration), SUMMARY sport and
 * title, LOCATION the place name, GEO only where the viewer may see the point (the access
 * module's location rule), and URL the game page.
 */
import ical from 'ical-generator';
import type { PostRow } from '../../db/types.js';
import { pointShownTo } from '../access/index.js';

/** How long a game lasts in a calendar: games have no duration of their own (issue 11). */
export const GAME_DURATION_MS = 2 * 3600 * 1000;

/**
 * The iCalendar text of `rows` as `viewerId` sees them; `publicUrl` (no trailing slash) makes
 * the game pages' absolute URLs and the UIDs' domain.
 */
export function gamesCalendar(publicUrl: string, viewerId: number, rows: PostRow[]): string {
  const host = new URL(publicUrl).host;
  const calendar = ical({ name: 'GameOn games', prodId: { company: 'GameOn', product: 'games' } });
  for (const row of rows) {
    const start = new Date(row.event_time);
    const point = pointShownTo(viewerId, row);
    calendar.createEvent({
      id: `post-${row.id}@${host}`,
      stamp: new Date(row.created_at),
      start,
      end: new Date(start.getTime() + GAME_DURATION_MS),
      summary: `${row.sport}: ${row.heading}`,
      description: row.description,
      location: {
        title: row.location_name,
        ...(point ? { geo: { lon: point[0], lat: point[1] } } : {}),
      },
      url: `${publicUrl}/posts/${row.id}`,
    });
  }
  return calendar.toString();
}
