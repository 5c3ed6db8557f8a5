/**
 * Series and their regulars over a real server on SQLite (and PostgreSQL with TEST_DIALECT),
 * with an injected clock moved by the tests, which then run the scheduler's due work; nothing
 * sleeps. Games are dated in 2027 so the posts module's own clock (the real one) takes them.
 *
 * Time zones: the recurrence is computed here and, for the same rule, in a child process under
 * the other of TZ=UTC and TZ=Asia/Kolkata; both must give the same instants (CI runs this file
 * under either). The calendars are read back with a real iCalendar parser (node-ical).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Post, PostSeriesResponse, Series } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';
import { movedStart, slotsBetween, type SeriesRule } from './recurrence.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** Sunday 7 Mar 2027, 7 pm IST. */
const FIRST = '2027-03-07T13:30:00.000Z';
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

let server: TestServer;
let clock: Date;
let seq = 0;

beforeAll(async () => {
  clock = new Date(Date.parse(FIRST) - 3 * DAY);
  server = await startServer({ PUBLIC_URL: 'https://gameon.example' }, { now: () => clock });
  await server.app.scheduler.runDue();
});
afterAll(() => server.close());

const member = (s: TestServer = server) => s.signUp(`series${(seq += 1)}`);

async function seriesOf(s: TestServer, who: LoginResponse, postId: number) {
  const res = await s.request<PostSeriesResponse>('GET', `/api/posts/${postId}/series`, {
    token: who.token,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function claimsOf(s: TestServer, who: LoginResponse) {
  return s.app.database.db
    .selectFrom('notifications')
    .select(['message', 'data'])
    .where('user_id', '=', who.user.id)
    .where('type', '=', 'series_claim')
    .execute();
}

/** How many nearby-game alerts `who` has of game `postId`. */
async function nearbyOf(who: LoginResponse, postId: number) {
  const rows = await server.app.database.db
    .selectFrom('notifications')
    .select('data')
    .where('user_id', '=', who.user.id)
    .where('type', '=', 'nearby_post')
    .execute();
  return rows.filter((r) => (JSON.parse(r.data) as { post_id: number }).post_id === postId).length;
}

async function feedIds(s: TestServer, who: LoginResponse): Promise<number[]> {
  const res = await s.request<Post[]>(
    'GET',
    '/api/posts?limit=100&lat=12.9716&lng=77.5946&radius=20000',
    { token: who.token },
  );
  expect(res.status).toBe(200);
  return res.body.map((p) => p.id);
}

/** A hosted game at `eventTime` joined by `players`, made weekly; answers the game and series. */
async function weeklyGame(
  s: TestServer,
  eventTime: string,
  players: LoginResponse[],
  extra: Record<string, unknown> = {},
) {
  const host = await member(s);
  const game = await s.createPost(host.token, {
    heading: 'Sunday five-a-side',
    eventTime,
    playersNeeded: 3,
  });
  for (const who of players)
    expect(
      (await s.request('POST', `/api/posts/${game.id}/interest`, { token: who.token })).status,
    ).toBe(200);
  const res = await s.request<Series>('POST', '/api/series', {
    token: host.token,
    body: { postId: game.id, everyWeeks: 1, ...extra },
  });
  expect(res.status).toBe(201);
  return { host, game, series: res.body };
}

describe('the recurrence', () => {
  const rule: SeriesRule = {
    firstAt: FIRST,
    everyWeeks: 1,
    timeZone: 'Asia/Kolkata',
    untilDate: '2027-04-04',
    skipped: ['2027-03-21T13:30:00.000Z'],
  };
  // A game at 00:30 IST (19:00 UTC the day before): its last local day ends before UTC's does.
  const lateNight: SeriesRule = {
    firstAt: '2027-03-06T19:00:00.000Z',
    everyWeeks: 1,
    timeZone: 'Asia/Kolkata',
    untilDate: '2027-03-20',
    skipped: [],
  };
  const expected = [
    [
      '2027-03-07T13:30:00.000Z',
      '2027-03-14T13:30:00.000Z',
      '2027-03-28T13:30:00.000Z',
      '2027-04-04T13:30:00.000Z',
    ],
    ['2027-03-06T19:00:00.000Z', '2027-03-13T19:00:00.000Z'],
  ];
  const END = '2027-12-31T00:00:00.000Z';

  it('gives the same instants across a month (a skipped date, an end date) under TZ=UTC and TZ=Asia/Kolkata', () => {
    const here = [rule, lateNight].map((r) => slotsBetween(r, r.firstAt, END));
    expect(here).toEqual(expected);
    // The same rules in a child process under the other zone.
    const other = process.env.TZ === 'Asia/Kolkata' ? 'UTC' : 'Asia/Kolkata';
    const module = fileURLToPath(new URL('./recurrence.ts', import.meta.url));
    const script = `import { slotsBetween } from ${JSON.stringify(module)};
      const rules = ${JSON.stringify([rule, lateNight])};
      console.log(JSON.stringify(rules.map((r) => slotsBetween(r, r.firstAt, ${JSON.stringify(END)}))));`;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env: { ...process.env, TZ: other }, encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('keeps 7 pm local every other week', () => {
    const fortnightly = { ...rule, everyWeeks: 2, untilDate: null, skipped: [] };
    expect(slotsBetween(fortnightly, FIRST, '2027-04-05T00:00:00.000Z')).toEqual([
      FIRST,
      '2027-03-21T13:30:00.000Z',
      '2027-04-04T13:30:00.000Z',
    ]);
  });
});

describe('a weekly game and its regulars', () => {
  it('offers the next game to the players of the last one from its start, then opens it', async () => {
    const [p1, p2, p3, leaver, stranger] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    // A member near the games who plays football: told of a game when it opens, not before.
    const neighbour = await server.signUp(`series${(seq += 1)}`, { sports: ['Football'] });
    await server.request('PUT', '/api/settings', {
      token: neighbour.token,
      body: { location_city: 'Bengaluru', location_coordinates: [77.6, 12.97] },
    });
    const start = plus(FIRST, 2 * HOUR);
    const { host, game, series } = await weeklyGame(server, start, [p1, leaver, p2, p3]);
    // The leaver leaves before the start: the place is offered to p3, who takes it; regulars
    // are p1, p2, p3.
    await server.request('DELETE', `/api/posts/${game.id}/interest`, { token: leaver.token });
    const accepted = await server.request('POST', `/api/posts/${game.id}/offer/accept`, {
      token: p3.token,
    });
    expect(accepted.body).toMatchObject({ status: 'joined' });
    expect(series.upcoming.slice(0, 2).map((d) => d.slot)).toEqual([start, plus(start, WEEK)]);
    const next = series.upcoming[1]!;
    expect(next.post_id).not.toBeNull();
    expect(next.hidden_until).toBe(plus(start, DAY));
    const nextId = next.post_id!;

    // Held: in no feed, and nobody joins it yet (joining one game never joins the series).
    expect(await feedIds(server, stranger)).toContain(game.id);
    expect(await feedIds(server, stranger)).not.toContain(nextId);
    const early = await server.request('POST', `/api/posts/${nextId}/interest`, {
      token: stranger.token,
    });
    expect(early.status).toBe(403);
    expect(await server.app.scheduler.runDue()).toMatchObject({ failed: 0 });
    for (const who of [p1, p2, p3]) expect(await claimsOf(server, who)).toHaveLength(0);
    await expect.poll(() => nearbyOf(neighbour, game.id)).toBe(1);
    expect(await nearbyOf(neighbour, nextId)).toBe(0);

    // The game starts: its regulars are offered the next one, once.
    clock = new Date(start);
    await server.app.scheduler.runDue();
    await server.app.scheduler.runDue();
    for (const who of [p1, p2, p3])
      expect(await claimsOf(server, who)).toEqual([
        {
          message: expect.stringMatching(
            /^Sunday five-a-side again — in\? Your place is held until /,
          ) as unknown,
          data: JSON.stringify({ post_id: nextId, series_id: series.id }),
        },
      ]);
    expect(await claimsOf(server, leaver)).toHaveLength(0);
    expect(await claimsOf(server, host)).toHaveLength(0);
    // Two future games again: the next and the one after it.
    const after = await seriesOf(server, host, game.id);
    expect(after.series!.upcoming.filter((d) => d.post_id !== null).map((d) => d.slot)).toEqual([
      plus(start, WEEK),
      plus(start, 2 * WEEK),
    ]);
    expect(after.series!.regulars.map((r) => r.id).sort()).toEqual(
      [p1.user.id, p2.user.id, p3.user.id].sort(),
    );

    // A change of the series brings it up to date again: nobody is offered twice.
    const skip = await server.request('POST', `/api/series/${series.id}/skip`, {
      token: host.token,
      body: { slot: plus(start, 3 * WEEK) },
    });
    expect(skip.status).toBe(200);
    for (const who of [p1, p2, p3]) expect(await claimsOf(server, who)).toHaveLength(1);

    // p1 claims, p2 passes; a stranger has nothing to claim.
    expect((await seriesOf(server, p1, nextId)).claim).toEqual({
      status: 'offered',
      hidden_until: plus(start, DAY),
    });
    const claimed = await server.request<{ status: string; interest: { status: string } }>(
      'POST',
      `/api/series/claims/${nextId}`,
      { token: p1.token, body: { answer: 'claim' } },
    );
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ status: 'claimed', interest: { status: 'joined' } });
    const passed = await server.request('POST', `/api/series/claims/${nextId}`, {
      token: p2.token,
      body: { answer: 'pass' },
    });
    expect(passed.body).toEqual({ status: 'passed' });
    const none = await server.request<{ code: string }>('POST', `/api/series/claims/${nextId}`, {
      token: stranger.token,
      body: { answer: 'claim' },
    });
    expect([none.status, none.body.code]).toEqual([400, 'not_offered']);
    const bad = await server.request('POST', `/api/series/claims/${nextId}`, {
      token: p3.token,
      body: { answer: 'maybe' },
    });
    expect(bad.status).toBe(400);

    // The window ends: the game opens to everyone; nobody is asked again.
    clock = new Date(plus(start, DAY));
    await server.app.scheduler.runDue();
    expect(await feedIds(server, stranger)).toContain(nextId);
    await expect.poll(() => nearbyOf(neighbour, nextId)).toBe(1);
    const joined = await server.request('POST', `/api/posts/${nextId}/interest`, {
      token: stranger.token,
    });
    expect(joined.status).toBe(200);
    for (const who of [p1, p2, p3]) expect(await claimsOf(server, who)).toHaveLength(1);
    const nextGame = await server.request<Post>('GET', `/api/posts/${nextId}`, {
      token: host.token,
    });
    expect(nextGame.body.interested_users.map((u) => u.user_id)).toEqual([
      p1.user.id,
      stranger.user.id,
    ]);
  });

  it('lets the host skip a date, drop and add regulars, and end the series; its calendar repeats', async () => {
    clock = new Date(Date.parse(FIRST) + 10 * WEEK - 3 * DAY);
    const start = plus(FIRST, 10 * WEEK);
    const [p1, p2] = [await member(), await member()];
    const { host, game, series } = await weeklyGame(server, start, [p1, p2], {
      until: '2027-06-06',
    });
    const second = series.upcoming[1]!;
    // The host changes the second game's time: an override in the calendar.
    const moved = plus(second.slot, HOUR);
    expect(
      (
        await server.request('PATCH', `/api/posts/${second.post_id}`, {
          token: host.token,
          body: { eventTime: moved },
        })
      ).status,
    ).toBe(200);
    // Skip the third date (not yet a game) and the second's players are untouched.
    const third = series.upcoming[2]!.slot;
    const skipped = await server.request<Series>('POST', `/api/series/${series.id}/skip`, {
      token: host.token,
      body: { slot: third },
    });
    expect(skipped.status).toBe(200);
    expect(skipped.body.skipped).toEqual([third]);
    expect(skipped.body.upcoming.map((d) => d.slot)).not.toContain(third);
    const notADate = await server.request('POST', `/api/series/${series.id}/skip`, {
      token: host.token,
      body: { slot: plus(third, HOUR) },
    });
    expect(notADate.status).toBe(400);
    const notHost = await server.request('POST', `/api/series/${series.id}/skip`, {
      token: p1.token,
      body: { slot: plus(third, WEEK) },
    });
    expect(notHost.status).toBe(403);

    // The calendar: one repeating event, the skipped date out, the moved game an override.
    const res = await server.request<string>('GET', `/api/series/${series.id}/calendar.ics`, {
      token: host.token,
    });
    expect(res.status).toBe(200);
    const parsed = Object.values(ical.sync.parseICS(res.body)).filter(
      (c): c is ical.VEvent => c !== undefined && c.type === 'VEVENT',
    );
    expect(parsed).toHaveLength(1);
    const event = parsed[0]!;
    const instants = event
      .rrule!.between(new Date(start), new Date('2027-12-31T00:00:00Z'), true)
      .map((d) => d.toISOString())
      .filter((d) => !Object.values(event.exdate ?? {}).some((x) => x.toISOString() === d));
    // The last date is 6 June: the third week skipped, no fifth.
    expect(instants).toEqual([start, second.slot, plus(start, 3 * WEEK)]);
    // node-ical files each override under more than one key: one entry per RECURRENCE-ID.
    const overrides = new Map(
      Object.values(event.recurrences ?? {}).map((o) => [
        new Date(o.recurrenceid as string).toISOString(),
        new Date(o.start as string).toISOString(),
      ]),
    );
    expect([...overrides]).toEqual([[second.slot, moved]]);
    expect((event.alarms ?? []).map((alarm) => alarm.trigger)).toEqual(['-PT2H']);

    // Private feeds: the host's carries the series as that one repeating event; a player's
    // only the game they joined.
    const feedOf = async (who: LoginResponse) => {
      const { body } = await server.request<{ url: string }>(
        'POST',
        '/api/settings/calendar-feed',
        {
          token: who.token,
        },
      );
      const text = await (await fetch(`${server.url}${new URL(body.url).pathname}`)).text();
      return Object.values(ical.sync.parseICS(text)).filter(
        (c): c is ical.VEvent => c !== undefined && c.type === 'VEVENT',
      );
    };
    const hostFeed = await feedOf(host);
    expect(hostFeed.map((e) => [e.uid, e.rrule?.toString().includes('FREQ=WEEKLY')])).toEqual([
      [`series-${series.id}@gameon.example`, true],
    ]);
    const playerFeed = await feedOf(p1);
    expect(playerFeed.map((e) => [e.uid, e.rrule === undefined])).toEqual([
      [`post-${game.id}@gameon.example`, true],
    ]);

    // Regulars: the host removes p2, and cannot add a stranger.
    const removed = await server.request<Series>(
      'DELETE',
      `/api/series/${series.id}/regulars/${p2.user.id}`,
      { token: host.token },
    );
    expect(removed.body.regulars.map((r) => r.id)).toEqual([p1.user.id]);
    const stranger = await member();
    const add = await server.request<{ code: string }>(
      'POST',
      `/api/series/${series.id}/regulars`,
      {
        token: host.token,
        body: { userId: stranger.user.id },
      },
    );
    expect([add.status, add.body.code]).toEqual([400, 'not_a_player']);

    // Ending deletes the future games (their players told) and makes no more.
    const ended = await server.request<Series>('POST', `/api/series/${series.id}/end`, {
      token: host.token,
    });
    expect(ended.body.ended).toBe(true);
    expect(ended.body.upcoming).toEqual([]);
    expect(
      (await server.request('GET', `/api/posts/${game.id}`, { token: host.token })).status,
    ).toBe(404);
    await expect
      .poll(
        async () =>
          (
            await server.app.database.db
              .selectFrom('notifications')
              .select('type')
              .where('user_id', '=', p1.user.id)
              .where('type', '=', 'game_cancelled')
              .execute()
          ).length,
      )
      .toBeGreaterThan(0);

    // Personal data: the regular's and the host's go with their accounts.
    const rowsOf = (table: 'series_regulars', userId: number) =>
      server.app.database.db
        .selectFrom(table)
        .select('series_id')
        .where('user_id', '=', userId)
        .execute();
    expect(await rowsOf('series_regulars', p2.user.id)).toHaveLength(1);
    for (const who of [p2, host])
      expect(
        (
          await server.request('DELETE', '/api/account', {
            token: who.token,
            body: { password: 'secret123' },
          })
        ).status,
      ).toBe(200);
    expect(await rowsOf('series_regulars', p2.user.id)).toEqual([]);
    expect(
      await server.app.database.db
        .selectFrom('series')
        .select('id')
        .where('id', '=', series.id)
        .execute(),
    ).toEqual([]);
  });

  it('edits the series from a date on: later games change, their players are told, new games follow', async () => {
    clock = new Date(Date.parse(FIRST) + 40 * WEEK - 3 * DAY);
    const start = plus(FIRST, 40 * WEEK);
    const player = await member();
    // No claim window: the second game is open at once, and the player is in both.
    const { host, game, series } = await weeklyGame(server, start, [], { claimWindowHours: 0 });
    const second = series.upcoming[1]!;
    expect(second.hidden_until).toBeNull();
    for (const id of [game.id, second.post_id!])
      await server.request('POST', `/api/posts/${id}/interest`, { token: player.token });
    const edit = await server.request<Series>('PATCH', `/api/series/${series.id}`, {
      token: host.token,
      body: { from: second.slot, heading: 'Sunday seven-a-side', playersNeeded: 7 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.heading).toBe('Sunday seven-a-side');
    const headingOf = async (id: number) =>
      (await server.request<Post>('GET', `/api/posts/${id}`, { token: host.token })).body;
    expect((await headingOf(game.id)).heading).toBe('Sunday five-a-side');
    expect(await headingOf(second.post_id!)).toMatchObject({
      heading: 'Sunday seven-a-side',
      players_needed: 7,
    });
    await expect
      .poll(async () =>
        (
          await server.app.database.db
            .selectFrom('notifications')
            .select('data')
            .where('user_id', '=', player.user.id)
            .where('type', '=', 'game_updated')
            .execute()
        ).map((n) => (JSON.parse(n.data) as { post_id: number }).post_id),
      )
      .toEqual([second.post_id]);
    // The game made when the first starts copies the change.
    clock = new Date(start);
    await server.app.scheduler.runDue();
    const third = (await seriesOf(server, host, game.id)).series!.upcoming.find(
      (d) => d.slot === plus(start, 2 * WEEK),
    )!;
    expect(await headingOf(third.post_id!)).toMatchObject({
      heading: 'Sunday seven-a-side',
      players_needed: 7,
    });
    const bad = await server.request('PATCH', `/api/series/${series.id}`, {
      token: host.token,
      body: { from: second.slot, sport: 'Cricket' },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a malformed series and a game of someone else', async () => {
    const host = await member();
    const other = await member();
    const game = await server.createPost(host.token, { eventTime: plus(FIRST, 30 * WEEK) });
    for (const body of [
      { postId: game.id, everyWeeks: 3 },
      { postId: game.id, everyWeeks: 1, until: 'soon' },
      { postId: game.id, everyWeeks: 1, claimWindowHours: 1000 },
      { postId: 'x', everyWeeks: 1 },
    ]) {
      const res = await server.request('POST', '/api/series', { token: host.token, body });
      expect(res.status).toBe(400);
    }
    const early = await server.request('POST', '/api/series', {
      token: host.token,
      body: { postId: game.id, everyWeeks: 1, until: '2027-01-01' },
    });
    expect(early.status).toBe(400);
    const notHost = await server.request('POST', '/api/series', {
      token: other.token,
      body: { postId: game.id, everyWeeks: 1 },
    });
    expect(notHost.status).toBe(403);
  });
});

// Two processes on one database (on PostgreSQL they need Redis: db/heartbeats.ts).
const shareable = process.env.TEST_DIALECT !== 'postgres' || process.env.TEST_REDIS_URL;
describe.runIf(shareable)('a series in two processes', () => {
  it('sends each claim once, and the opened game reaches the other process’s feed', async () => {
    const redis: Record<string, string> = process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL }
      : {};
    clock = new Date(Date.parse(FIRST) + 20 * WEEK - 3 * DAY);
    const one = await startServer(redis, { now: () => clock });
    const two = await startServer(
      { ...redis, DATABASE_URL: one.databaseUrl },
      { now: () => clock },
    );
    try {
      const players = [await member(one), await member(one), await member(one)];
      const stranger = await member(one);
      const start = plus(FIRST, 20 * WEEK);
      const { series } = await weeklyGame(one, start, players);
      const nextId = series.upcoming[1]!.post_id!;
      expect(await feedIds(two, stranger)).not.toContain(nextId);
      clock = new Date(start);
      await Promise.all([one.app.scheduler.runDue(), two.app.scheduler.runDue()]);
      await Promise.all([one.app.scheduler.runDue(), two.app.scheduler.runDue()]);
      for (const who of players) expect(await claimsOf(one, who)).toHaveLength(1);
      clock = new Date(plus(start, DAY));
      await one.app.scheduler.runDue();
      expect(await feedIds(two, stranger)).toContain(nextId);
    } finally {
      await two.close();
      await one.close();
    }
  });
});

describe('moving a series to another day and time from a date on', () => {
  it('moves the games from that date (players told), keeps the regulars, the skips, the jobs and the calendar', async () => {
    clock = new Date(Date.parse(FIRST) + 60 * WEEK - 3 * DAY);
    const start = plus(FIRST, 60 * WEEK);
    const [p1, p2] = [await member(), await member()];
    const { host, game, series } = await weeklyGame(server, start, [p1, p2]);
    const second = series.upcoming[1]!;
    // The first game starts: its players are offered the second, a third is made; p1 claims.
    clock = new Date(plus(start, HOUR));
    await server.app.scheduler.runDue();
    expect(
      (
        await server.request('POST', `/api/series/claims/${second.post_id}`, {
          token: p1.token,
          body: { answer: 'claim' },
        })
      ).status,
    ).toBe(200);
    const fourth = plus(start, 3 * WEEK);
    const skip = await server.request('POST', `/api/series/${series.id}/skip`, {
      token: host.token,
      body: { slot: fourth },
    });
    expect(skip.status).toBe(200);

    // From the second date: Tuesday 8 pm instead of Sunday 7 pm (IST).
    const moved = plus(second.slot, 2 * DAY + HOUR);
    expect(new Date(moved).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })).toMatch(
      /8:00:00 pm/i,
    );
    const edit = await server.request<Series>('PATCH', `/api/series/${series.id}`, {
      token: host.token,
      body: { from: second.slot, time: '20:00', weekday: 2 },
    });
    expect(edit.status).toBe(200);
    const after = [0, 1, 3, 4, 5, 6].map((w) => plus(moved, w * WEEK));
    expect(edit.body.upcoming.map((d) => d.slot)).toEqual(after);
    expect(edit.body.skipped).toEqual([plus(moved, 2 * WEEK)]);
    const third = edit.body.upcoming[1]!;
    expect(edit.body.upcoming[0]!.post_id).toBe(second.post_id);
    const timeOf = async (id: number) =>
      (await server.request<Post>('GET', `/api/posts/${id}`, { token: host.token })).body
        .event_time;
    expect(await timeOf(game.id)).toBe(start);
    expect(await timeOf(second.post_id!)).toBe(moved);
    expect(await timeOf(third.post_id!)).toBe(plus(moved, WEEK));
    // The second game's player is told; its start job moved with it.
    await expect
      .poll(async () =>
        (
          await server.app.database.db
            .selectFrom('notifications')
            .select('data')
            .where('user_id', '=', p1.user.id)
            .where('type', '=', 'game_updated')
            .execute()
        ).map((n) => (JSON.parse(n.data) as { post_id: number }).post_id),
      )
      .toEqual([second.post_id]);
    expect(
      (await server.app.scheduler.find('series-start', String(second.post_id)))?.dueAt,
    ).toEqual(new Date(moved));

    // The moved game starts: its player is offered the next, and the date after the skip is made.
    clock = new Date(moved);
    await server.app.scheduler.runDue();
    expect(
      (await claimsOf(server, p1)).map((c) => (JSON.parse(c.data) as { post_id: number }).post_id),
    ).toEqual([second.post_id, third.post_id]);
    expect(await claimsOf(server, p2)).toHaveLength(1);
    const view = (await seriesOf(server, host, game.id)).series!;
    expect(view.upcoming.slice(0, 2).map((d) => [d.slot, d.post_id !== null])).toEqual([
      [plus(moved, WEEK), true],
      [plus(moved, 3 * WEEK), true],
    ]);

    // The calendar: the first game alone, then the rule from the new day and time.
    const res = await server.request<string>('GET', `/api/series/${series.id}/calendar.ics`, {
      token: host.token,
    });
    const events = Object.values(ical.sync.parseICS(res.body)).filter(
      (c): c is ical.VEvent => c !== undefined && c.type === 'VEVENT',
    );
    const single = events.find((e) => e.uid === `post-${game.id}@gameon.example`)!;
    expect([new Date(single.start as unknown as string).toISOString(), single.rrule]).toEqual([
      start,
      undefined,
    ]);
    const repeating = events.find((e) => e.uid === `series-${series.id}@gameon.example`)!;
    const instants = repeating
      .rrule!.between(new Date(start), new Date(plus(moved, 4 * WEEK)), true)
      .map((d) => d.toISOString())
      .filter((d) => !Object.values(repeating.exdate ?? {}).some((x) => x.toISOString() === d));
    expect(instants).toEqual([0, 1, 3, 4].map((w) => plus(moved, w * WEEK)));
    expect(
      Object.values(repeating.recurrences ?? {}).every(
        (o) =>
          new Date(o.recurrenceid as string).getTime() === new Date(o.start as string).getTime(),
      ),
    ).toBe(true);
  });

  it('computes the moved start the same under TZ=UTC and TZ=Asia/Kolkata', () => {
    // Sunday 7 pm IST, moved to Tuesday 8 pm; and a 00:30 IST game moved to the same day's 11 pm.
    const cases: [string, number | null, string][] = [
      [FIRST, 2, '20:00'],
      ['2027-03-06T19:00:00.000Z', null, '23:00'],
    ];
    const expected = ['2027-03-09T14:30:00.000Z', '2027-03-07T17:30:00.000Z'];
    expect(cases.map(([at, day, time]) => movedStart(at, day, time, 'Asia/Kolkata'))).toEqual(
      expected,
    );
    const other = process.env.TZ === 'Asia/Kolkata' ? 'UTC' : 'Asia/Kolkata';
    const module = fileURLToPath(new URL('./recurrence.ts', import.meta.url));
    const script = `import { movedStart } from ${JSON.stringify(module)};
      const cases = ${JSON.stringify(cases)};
      console.log(JSON.stringify(cases.map(([at, day, time]) => movedStart(at, day, time, 'Asia/Kolkata'))));`;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env: { ...process.env, TZ: other }, encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('refuses a bad time, day or date, and anyone but the host', async () => {
    clock = new Date(Date.parse(FIRST) + 70 * WEEK - 3 * DAY);
    const start = plus(FIRST, 70 * WEEK);
    const { host, series } = await weeklyGame(server, start, []);
    const stranger = await member();
    const patch = (body: Record<string, unknown>, token = host.token) =>
      server.request<{ fields?: { field: string }[] }>('PATCH', `/api/series/${series.id}`, {
        token,
        body,
      });
    for (const body of [
      { from: start, time: '24:00' },
      { from: start, time: '7 pm' },
      { from: start, weekday: 0 },
      { from: start, weekday: 'Tue' },
      { from: plus(start, HOUR), time: '20:00' },
      // Past the first date not yet made: the dates in between would be lost.
      { from: plus(start, 4 * WEEK), time: '20:00' },
    ])
      expect((await patch(body)).status).toBe(400);
    expect((await patch({ from: start, time: '20:00' }, stranger.token)).status).toBe(403);
    // Nothing moved.
    const view = (await seriesOf(server, host, series.upcoming[0]!.post_id!)).series!;
    expect(view.upcoming.map((d) => d.slot).slice(0, 3)).toEqual([
      start,
      plus(start, WEEK),
      plus(start, 2 * WEEK),
    ]);
  });
});
