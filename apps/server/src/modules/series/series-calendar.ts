/**
 * Series as iCalendar (RFC 5545) through the shared `lib/calendar.ts`: one VEVENT per series
 * with its RRULE (weekly, INTERVAL 1 or 2, UNTIL the end of its last local day or when it was
 * ended) and EXDATE (skipped instants, and instants whose game was deleted), and one override
 * VEVENT (same UID, RECURRENCE-ID its instant) per occurrence the host changed. A series moved
 * to another day or time from a date on starts its rule there: its occurrences from before are
 * single events (the game's own UID, `post-{id}`). Each carries the games' VALARM 2 hours
 * before the start, as GameOn's reminder.
 */
import type { PostRow, SeriesRow } from '../../db/types.js';
import { calendarText, type CalendarEntry } from '../../lib/calendar.js';
import { pointShownTo } from '../access/index.js';
import { GAME_ALARM_SECONDS, GAME_DURATION_MS } from '../posts/posts.service.js';
import { ruleOf, slotsBetween, untilInstant } from './recurrence.js';

/** One series with what its calendar needs. */
export interface SeriesWithGames {
  series: SeriesRow;
  skipped: string[];
  /** Its occurrences (games), any order. */
  games: PostRow[];
}

/** The calendar entries of `item` as `viewerId` sees them (`publicUrl` without a trailing slash). */
export function seriesEntries(
  publicUrl: string,
  viewerId: number,
  { series, skipped, games }: SeriesWithGames,
): CalendarEntry[] {
  const start = new Date(series.first_at);
  const bySlot = new Map(games.map((g) => [g.series_slot ?? g.event_time, g]));
  // Instants given a game that is gone (deleted by its host) are left out too.
  const gone = slotsBetween(ruleOf(series, skipped), series.first_at, series.last_slot).filter(
    (slot) => !bySlot.has(slot),
  );
  const ends = [
    series.until_date ? untilInstant(series.until_date, series.time_zone) : null,
    series.ended_at,
  ].filter((t): t is string => t !== null);
  const until = ends.length > 0 ? new Date(ends.sort()[0]!) : null;
  const first = games.find((g) => g.series_slot === series.first_at) ?? games[0];
  const before = (slot: string | null) => slot !== null && slot < series.first_at;
  const base = {
    key: `series-${series.id}`,
    stamp: new Date(series.created_at),
    summary: `${series.sport}: ${series.heading}`,
    alarmBeforeSeconds: GAME_ALARM_SECONDS,
  };
  const entries: CalendarEntry[] = [
    {
      ...base,
      start,
      end: new Date(start.getTime() + GAME_DURATION_MS),
      description: series.description,
      location: series.location_name,
      point: first ? pointShownTo(viewerId, first) : null,
      url: `${publicUrl}/posts/${first?.id ?? ''}`,
      sequence: series.sequence,
      repeating: {
        everyWeeks: series.every_weeks,
        until,
        exclude: [...new Set([...skipped.filter((slot) => !before(slot)), ...gone])].map(
          (slot) => new Date(slot),
        ),
      },
    },
  ];
  for (const game of games) {
    const slot = game.series_slot;
    const single = before(slot);
    if (slot === null || (!single && game.event_time === slot && game.sequence === 0)) continue;
    const at = new Date(game.event_time);
    entries.push({
      ...base,
      ...(single ? { key: `post-${game.id}` } : { recurrenceId: new Date(slot) }),
      summary: `${game.sport}: ${game.heading}`,
      start: at,
      end: new Date(at.getTime() + GAME_DURATION_MS),
      description: game.description,
      location: game.location_name,
      point: pointShownTo(viewerId, game),
      url: `${publicUrl}/posts/${game.id}`,
      sequence: series.sequence + game.sequence,
    });
  }
  return entries;
}

/** The iCalendar text of `items` (a host's series) as `viewerId` sees them. */
export function seriesCalendar(
  publicUrl: string,
  viewerId: number,
  items: SeriesWithGames[],
): string {
  return calendarText(
    publicUrl,
    { name: 'GameOn series', product: 'series' },
    items.flatMap((item) => seriesEntries(publicUrl, viewerId, item)),
  );
}
