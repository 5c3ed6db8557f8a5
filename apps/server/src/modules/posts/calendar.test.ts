/**
 * Calendars over real HTTP on a real database, read back with a real iCalendar
 * parser (node-ical): one game's .ics for its host and players, and a member's private feed,
 * whose secret stops working once reset (test/request-log.test.ts: it never reaches the log).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ical from 'node-ical';
import type { CalendarFeedResponse, CalendarFeedStatus, LoginResponse, Post } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';

const PUBLIC_URL = 'https://gameon.example';
let server: TestServer;
let host: LoginResponse;
let player: LoginResponse;
let outsider: LoginResponse;

beforeAll(async () => {
  server = await startServer({ PUBLIC_URL, RATE_LIMITS: 'off' });
  host = await server.signUp('calhost');
  player = await server.signUp('calplayer');
  outsider = await server.signUp('caloutsider');
});
afterAll(() => server.close());

/** A property's text, with or without parameters (`URL;VALUE=URI:...`). */
const text = (value: ical.ParameterValue | string | undefined) =>
  typeof value === 'object' ? value.val : value;

/** The VEVENTs of an iCalendar text, parsed by node-ical. */
function events(body: string): ical.VEvent[] {
  return Object.values(ical.sync.parseICS(body)).filter(
    (c): c is ical.VEvent => c !== undefined && c.type === 'VEVENT',
  );
}

const gameCalendar = (who: LoginResponse, postId: number) =>
  server.request<string>('GET', `/api/posts/${postId}/calendar.ics`, { token: who.token });

describe('a game as iCalendar', () => {
  let game: Post;
  beforeAll(async () => {
    game = await server.createPost(host.token, {
      sport: 'Badminton',
      heading: 'Doubles night',
      locationName: 'Indiranagar, Bengaluru',
      eventTime: '2031-05-04T13:30:00.000Z',
    });
    await server.request('POST', `/api/posts/${game.id}/interest`, { token: player.token });
  });

  it('is one VEVENT: DTSTART the event time, two hours long, sport and title, place, link', async () => {
    const res = await gameCalendar(player, game.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const [event, ...rest] = events(res.body);
    expect(rest).toEqual([]);
    expect(event!.start.toISOString()).toBe(game.event_time);
    expect(event!.end!.toISOString()).toBe('2031-05-04T15:30:00.000Z');
    expect(text(event!.summary)).toBe('Badminton: Doubles night');
    expect(text(event!.location)).toBe('Indiranagar, Bengaluru');
    expect(text(event!.url)).toBe(`${PUBLIC_URL}/posts/${game.id}`);
    expect(event!.uid).toBe(`post-${game.id}@gameon.example`);
    expect(event!.dtstamp).toBeInstanceOf(Date);
  });

  it('has GEO only where the viewer may see the point', async () => {
    const geoOf = async (who: LoginResponse, postId: number) =>
      (events((await gameCalendar(who, postId)).body)[0]?.geo ?? null) as {
        lat: number;
        lon: number;
      } | null;
    // The host sees the exact point; a player the point the host shares (a 1 km cell).
    expect(await geoOf(host, game.id)).toEqual({ lat: 12.9716, lon: 77.5946 });
    const seen = await server.request<Post>('GET', `/api/posts/${game.id}`, {
      token: player.token,
    });
    const [lon, lat] = seen.body.location!.coordinates;
    expect(lat).not.toBe(12.9716);
    expect(await geoOf(player, game.id)).toEqual({ lat, lon });
    // A host who hides locations gives players no point at all.
    const hider = await server.signUp('calhider');
    await server.request('PUT', '/api/settings', {
      token: hider.token,
      body: { location_sharing: 'hidden' },
    });
    const hidden = await server.createPost(hider.token);
    await server.request('POST', `/api/posts/${hidden.id}/interest`, { token: player.token });
    expect(await geoOf(player, hidden.id)).toBeNull();
    expect((await gameCalendar(player, hidden.id)).body).not.toContain('GEO:');
  });

  it('is 403 for a member who is not in the game, 404 for an unknown one, 401 signed out', async () => {
    expect((await gameCalendar(outsider, game.id)).status).toBe(403);
    expect((await gameCalendar(outsider, 2_000_000_000)).status).toBe(404);
    expect((await server.request('GET', `/api/posts/${game.id}/calendar.ics`)).status).toBe(401);
  });
});

describe('the private calendar feed', () => {
  const newFeed = async (who: LoginResponse) => {
    const res = await server.request<CalendarFeedResponse>('POST', '/api/settings/calendar-feed', {
      token: who.token,
    });
    expect(res.status).toBe(200);
    return res.body.url;
  };
  const fetchFeed = (url: string) => server.request<string>('GET', new URL(url).pathname);

  it('lists every upcoming game hosted, joined or waitlisted, with no bearer token', async () => {
    const member = await server.signUp('calmember');
    const hosted = await server.createPost(member.token, { eventTime: '2031-01-01T10:00:00.000Z' });
    const full = await server.createPost(host.token, {
      playersNeeded: 1,
      eventTime: '2031-01-03T10:00:00.000Z',
    });
    const joined = await server.createPost(host.token, { eventTime: '2031-01-02T10:00:00.000Z' });
    const notMine = await server.createPost(host.token);
    const over = await server.createPost(member.token);
    await server.app.database.db
      .updateTable('posts')
      .set({ event_time: new Date(Date.now() - 3600 * 1000).toISOString() })
      .where('id', '=', over.id)
      .execute();
    await server.request('POST', `/api/posts/${full.id}/interest`, { token: player.token });
    const waiting = await server.request<{ status: string }>(
      'POST',
      `/api/posts/${full.id}/interest`,
      { token: member.token },
    );
    expect(waiting.body.status).toBe('waitlisted');
    await server.request('POST', `/api/posts/${joined.id}/interest`, { token: member.token });

    const url = await newFeed(member);
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const list = events(res.body);
    expect(list.map((e) => text(e.url))).toEqual(
      [hosted, joined, full].map((p) => `${PUBLIC_URL}/posts/${p.id}`),
    );
    expect(list.map((e) => e.start.toISOString())).toEqual([
      hosted.event_time,
      joined.event_time,
      full.event_time,
    ]);
    expect(list.map((e) => text(e.url))).not.toContain(`${PUBLIC_URL}/posts/${notMine.id}`);
    const status = await server.request<CalendarFeedStatus>('GET', '/api/settings/calendar-feed', {
      token: member.token,
    });
    expect(status.body.active).toBe(true);
  });

  it('stops the old address at once when reset, and stores only a hash of the secret', async () => {
    const member = await server.signUp('calreset');
    const before = await server.request<CalendarFeedStatus>('GET', '/api/settings/calendar-feed', {
      token: member.token,
    });
    expect(before.body).toEqual({ active: false, created_at: null });
    const first = await newFeed(member);
    expect((await fetchFeed(first)).status).toBe(200);
    const second = await newFeed(member);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    const secret = new URL(second).pathname.split('/').pop()!.replace('.ics', '');
    const rows = await server.app.database.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('answers 404 for an unknown or malformed secret', async () => {
    expect((await server.request('GET', `/api/calendar/${'a'.repeat(43)}.ics`)).status).toBe(404);
    expect((await server.request('GET', '/api/calendar/short.ics')).status).toBe(400);
  });
});
