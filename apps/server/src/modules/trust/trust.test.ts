/**
 * Trust between players over a real server on SQLite (and PostgreSQL with TEST_DIALECT), with
 * an injected clock the tests move to each boundary of the windows (all from the game's start).
 * Games are posted in the real future (the API refuses a past time); the trust rules read only
 * the injected clock. A departure's time is the real clock's, so the 2-hour leave grace is set
 * straight on the stored departure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameTrust, LoginResponse, Post, UserTrust } from '@gameon/shared';
import { EARTH_RADIUS_M } from '../../lib/geo.js';
import { startServer, type TestServer } from '../../../test/harness.js';

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const PLACE: [number, number] = [77.5946, 12.9716];

let server: TestServer;
let clock = new Date();
let seq = 0;
let hoursAhead = 0;

beforeAll(async () => {
  server = await startServer({}, { now: () => clock });
});
afterAll(() => server.close());

const member = () => server.signUp(`trust${(seq += 1)}`);
type Who = LoginResponse;
const req = <T = unknown>(who: Who, method: string, path: string, body?: unknown) =>
  server.request<T>(method, path, { token: who.token, ...(body === undefined ? {} : { body }) });

/** A game by `host` with `players` joined, each game an hour after the last (real future). */
async function game(host: Who, players: Who[], overrides: Partial<Post> & { sport?: string } = {}) {
  hoursAhead += 1;
  const post = await server.createPost(host.token, {
    eventTime: new Date(Date.now() + (hoursAhead + 1) * HOUR).toISOString(),
    location: { type: 'Point', coordinates: PLACE },
    playersNeeded: Math.max(1, players.length),
    ...(overrides.sport ? { sport: overrides.sport, locationName: 'Discord' } : {}),
  });
  for (const p of players)
    expect((await req(p, 'POST', `/api/posts/${post.id}/interest`)).status).toBe(200);
  return post;
}
/** Moves the clock to `offset` ms from the game's start. */
const at = (post: Post, offset: number) => {
  clock = new Date(Date.parse(post.event_time) + offset);
};
const north = (metres: number) => PLACE[1] + (metres / EARTH_RADIUS_M) * (180 / Math.PI);
const checkIn = (who: Who, post: Post, metres = 0, accuracy = 20) =>
  req(who, 'POST', `/api/posts/${post.id}/check-in`, {
    lat: north(metres),
    lng: PLACE[0],
    accuracy,
  });
const attendance = (host: Who, post: Post, who: Who, status: 'checked_in' | 'no_show') =>
  req(host, 'PUT', `/api/posts/${post.id}/players/${who.user.id}/attendance`, { status });
const rate = (rater: Who, post: Post, rated: Who, level: string) =>
  req(rater, 'PUT', `/api/posts/${post.id}/ratings/${rated.user.id}`, { level });
const trustOf = async (viewer: Who, who: Who) =>
  (await req<UserTrust>(viewer, 'GET', `/api/users/${who.user.id}/trust`)).body;
const panel = async (viewer: Who, post: Post) =>
  (await req<GameTrust>(viewer, 'GET', `/api/posts/${post.id}/trust`)).body;
const notes = (who: Who, type: string) =>
  server.app.database.db
    .selectFrom('notifications')
    .select(['message', 'data'])
    .where('user_id', '=', who.user.id)
    .where('type', '=', type as never)
    .execute();

describe('check-in', () => {
  it('is open from 30 minutes before to 30 minutes after the start, within 300 m after accuracy', async () => {
    const [host, p1, waiting, stranger] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const post = await game(host, [p1]);
    await req(waiting, 'POST', `/api/posts/${post.id}/interest`);

    at(post, -30 * MIN - 1);
    expect((await checkIn(p1, post)).status).toBe(400);
    at(post, -30 * MIN);
    // 400 m away: counts only when the accuracy covers the 100 m past the radius.
    expect((await checkIn(p1, post, 400, 99.9)).body).toMatchObject({ code: 'too_far' });
    expect((await checkIn(p1, post, 0, 500.1)).body).toMatchObject({ code: 'too_far' });
    expect((await checkIn(p1, post, 400, 100.1)).status).toBe(200);
    at(post, 30 * MIN);
    expect((await checkIn(host, post)).status).toBe(200);
    at(post, 30 * MIN + 1);
    expect((await checkIn(host, post)).status).toBe(400);
    at(post, 0);
    expect((await checkIn(waiting, post)).body).toMatchObject({ code: 'not_player' });
    expect((await checkIn(stranger, post)).body).toMatchObject({ code: 'not_player' });
    // A malformed position is refused before anything is read.
    expect(
      (await req(p1, 'POST', `/api/posts/${post.id}/check-in`, { lat: 'x', lng: 1 })).status,
    ).toBe(400);
    const players = (await panel(host, post)).players;
    expect(players.map((p) => [p.user.id, p.checked_in])).toEqual([
      [host.user.id, true],
      [p1.user.id, true],
    ]);
  });

  it('counts an online game by the host only', async () => {
    const [host, p1] = [await member(), await member()];
    const post = await game(host, [p1], { sport: 'Valorant' });
    at(post, 0);
    expect((await checkIn(p1, post)).status).toBe(400);
    expect((await attendance(host, post, p1, 'checked_in')).status).toBe(200);
    expect((await attendance(p1, post, host, 'checked_in')).body).toMatchObject({
      code: 'not_author',
    });
    expect((await panel(p1, post)).players.find((p) => p.user.id === p1.user.id)!.checked_in).toBe(
      true,
    );
  });
});

describe('no-show marks', () => {
  it('are marked from the start to 48 hours after it, never on a checked-in player; the player is told', async () => {
    const [host, p1, p2, p3] = [await member(), await member(), await member(), await member()];
    const post = await game(host, [p1, p2, p3]);
    at(post, -1);
    await checkIn(p2, post);
    expect((await attendance(host, post, p1, 'no_show')).status).toBe(400);
    at(post, 0);
    expect((await attendance(host, post, p1, 'no_show')).status).toBe(200);
    expect((await attendance(host, post, p2, 'no_show')).status).toBe(400);
    expect((await attendance(host, post, host, 'no_show')).status).toBe(400);
    at(post, 48 * HOUR + 1);
    expect((await attendance(host, post, p3, 'no_show')).status).toBe(400);
    at(post, 48 * HOUR);
    expect((await attendance(host, post, p3, 'no_show')).status).toBe(200);
    await expect
      .poll(() => notes(p1, 'no_show_marked'))
      .toEqual([
        {
          message: `The host marked you as not coming to "${post.heading}": you can dispute it within 48 hours`,
          data: JSON.stringify({ post_id: post.id }),
        },
      ]);
    // A player sees their own mark only; the host sees every one.
    const own = await panel(p3, post);
    expect(own.players.filter((p) => p.no_show).map((p) => p.user.id)).toEqual([p3.user.id]);
    const host_ = await panel(host, post);
    expect(host_.players.filter((p) => p.no_show).map((p) => p.user.id)).toEqual([
      p1.user.id,
      p3.user.id,
    ]);
  });

  it('may be disputed once within 48 hours, and counts again only when confirmed within 48 hours of the dispute', async () => {
    const [host, p1, p2] = [await member(), await member(), await member()];
    const post = await game(host, [p1, p2]);
    at(post, HOUR);
    await attendance(host, post, p1, 'no_show');
    await attendance(host, post, p2, 'no_show');
    const dispute = (who: Who) => req(who, 'POST', `/api/posts/${post.id}/no-show/dispute`);
    at(post, HOUR + 48 * HOUR + 1);
    expect((await dispute(p1)).status).toBe(400);
    at(post, HOUR + 48 * HOUR);
    expect((await dispute(p1)).status).toBe(200);
    expect((await dispute(p1)).status).toBe(400);
    expect((await dispute(host)).status).toBe(404);
    await expect.poll(async () => (await notes(host, 'no_show_disputed')).length).toBe(1);
    const disputedAt = 49 * HOUR;
    const markOf = async (who: Who) =>
      (await panel(who, post)).players.find((p) => p.user.id === who.user.id)!.no_show;
    expect((await markOf(p1))!.counts).toBe(false);

    at(post, disputedAt + 48 * HOUR + 1);
    expect((await attendance(host, post, p1, 'no_show')).status).toBe(400);
    expect((await markOf(p1))!.counts).toBe(false);
    at(post, disputedAt + 48 * HOUR);
    expect((await attendance(host, post, p1, 'no_show')).status).toBe(200);
    expect((await markOf(p1))!.counts).toBe(true);
  });
});

describe('show-up record', () => {
  it('shows "New player" before 3 games count; leaves 2 hours or more before, excused or removed do not count; no-shows drop out after 90 days', async () => {
    const [host, p] = [await member(), await member()];
    const games: Post[] = [];
    for (let i = 0; i < 5; i += 1) games.push(await game(host, [p]));
    const [g1, g2, g3, g4, g5] = games as [Post, Post, Post, Post, Post];
    // p leaves g4 and g5; g5 was left within 2 hours of its start.
    for (const g of [g4, g5]) await req(p, 'DELETE', `/api/posts/${g.id}/interest`);
    const leftAt = (g: Post, before: number) =>
      server.app.database.db
        .updateTable('post_departures')
        .set({ left_at: new Date(Date.parse(g.event_time) - before).toISOString() })
        .where('post_id', '=', g.id)
        .execute();
    await leftAt(g4, 2 * HOUR);
    await leftAt(g5, 2 * HOUR - 1);

    at(g2, 0);
    expect((await trustOf(host, p)).record).toBeNull();
    at(g1, 0);
    await attendance(host, g1, p, 'no_show');
    at(g5, DAY);
    // g1 (no-show), g2, g3 came, g5 a late leave; g4 left in time does not count.
    expect((await trustOf(host, p)).record).toEqual({ came: 2, counted: 4 });
    const own = (await trustOf(p, p)).games!;
    expect(own.map((g) => [g.post_id, g.missed])).toEqual([
      [g5.id, 'late_leave'],
      [g3.id, null],
      [g2.id, null],
      [g1.id, 'no_show'],
    ]);
    expect((await trustOf(host, p)).games).toBeNull();

    // An excused departure does not count.
    await server.app.database.db
      .updateTable('post_departures')
      .set({ excused: 1 })
      .where('post_id', '=', g5.id)
      .execute();
    expect((await trustOf(host, p)).record).toEqual({ came: 2, counted: 3 });

    at(g1, 90 * DAY);
    expect((await trustOf(host, p)).record).toEqual({ came: 2, counted: 3 });
    at(g1, 90 * DAY + 1);
    expect((await trustOf(host, p)).record).toBeNull();
  });

  it('is hidden by activity_history_visibility but still counts for a minimum', async () => {
    const [host, p, other, viewer] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const games = [await game(host, [p]), await game(host, [p]), await game(host, [p])];
    at(games[0]!, 0);
    await attendance(host, games[0]!, p, 'no_show');
    await req(p, 'PUT', '/api/settings', { activity_history_visibility: 'private' });
    const next = await game(other, []);
    clock = new Date(Date.parse(games[2]!.event_time) + HOUR);
    const hidden = await req(viewer, 'GET', `/api/users/${p.user.id}/trust`);
    expect(hidden.body).toEqual({ hidden: true, record: null, levels: [], games: null });
    expect((await trustOf(p, p)).record).toEqual({ came: 2, counted: 3 });

    expect(
      (
        await req(other, 'PUT', `/api/posts/${next.id}/minimums`, {
          min_show_up_percent: 80,
          min_level: null,
        })
      ).status,
    ).toBe(200);
    const join = await req(p, 'POST', `/api/posts/${next.id}/interest`);
    expect(join.status).toBe(403);
    expect(join.body).toMatchObject({ code: 'below_minimum' });
    expect((await panel(p, next)).refusal).toMatch(/at least 80%/);
    // A new player passes the same minimum.
    expect((await req(viewer, 'POST', `/api/posts/${next.id}/interest`)).status).toBe(200);
    expect(
      (
        await req(p, 'PUT', `/api/posts/${next.id}/minimums`, {
          min_show_up_percent: 80,
          min_level: null,
        })
      ).body,
    ).toMatchObject({ code: 'not_author' });
  });
});

describe('levels rated by co-players', () => {
  it('are rated within 72 hours by players who checked in; shown from three raters as the lower median of each rater latest', async () => {
    const [host, x, a, b, c] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const post = await game(host, [x, a, b, c]);
    at(post, 0);
    for (const who of [host, x, a, b]) await attendance(host, post, who, 'checked_in');

    at(post, -1);
    expect((await rate(a, post, x, 'expert')).status).toBe(400);
    at(post, 72 * HOUR + 1);
    expect((await rate(a, post, x, 'expert')).status).toBe(400);
    at(post, 72 * HOUR);
    expect((await rate(c, post, x, 'expert')).body).toMatchObject({ code: 'not_checked_in' });
    expect((await rate(a, post, a, 'expert')).status).toBe(400);
    expect((await rate(a, post, x, 'expert')).status).toBe(200);
    expect((await rate(b, post, x, 'beginner')).status).toBe(200);
    expect((await trustOf(c, x)).levels).toEqual([]);
    expect((await rate(host, post, x, 'advanced')).status).toBe(200);
    expect((await trustOf(c, x)).levels).toEqual([
      { sport: 'Football', level: 'advanced', raters: 3 },
    ]);
    // The latest rating of a pair replaces the first.
    expect((await rate(a, post, x, 'beginner')).status).toBe(200);
    expect((await trustOf(c, x)).levels).toEqual([
      { sport: 'Football', level: 'beginner', raters: 3 },
    ]);

    // A later game: a's latest rating counts across games; four raters, the lower median.
    const later = await game(host, [x, a, c]);
    at(later, 0);
    for (const who of [x, a, c]) await attendance(host, later, who, 'checked_in');
    at(later, 72 * HOUR);
    await rate(a, later, x, 'expert');
    await rate(c, later, x, 'intermediate');
    // host advanced, a expert, b beginner, c intermediate: lower median intermediate.
    expect((await trustOf(b, x)).levels).toEqual([
      { sport: 'Football', level: 'intermediate', raters: 4 },
    ]);

    // A suspended rater drops out (host advanced, a expert, b beginner), and a deleted one.
    await server.app.database.db
      .updateTable('users')
      .set({ suspended_at: clock.toISOString() })
      .where('id', '=', c.user.id)
      .execute();
    expect((await trustOf(b, x)).levels).toEqual([
      { sport: 'Football', level: 'advanced', raters: 3 },
    ]);
    expect((await req(b, 'DELETE', '/api/account', { password: 'secret123' })).status).toBe(200);
    expect((await trustOf(host, x)).levels).toEqual([]);
    // The deleted member's check-ins and ratings went with the account.
    const { db } = server.app.database;
    const left = await Promise.all([
      db.selectFrom('game_checkins').select('post_id').where('user_id', '=', b.user.id).execute(),
      db.selectFrom('skill_ratings').select('id').where('rater_id', '=', b.user.id).execute(),
    ]);
    expect(left).toEqual([[], []]);
  });

  it('are not rated across a block, and a member sees the levels given to them (never by whom) only after rating the others', async () => {
    const [host, x, a, b] = [await member(), await member(), await member(), await member()];
    const post = await game(host, [x, a, b]);
    at(post, 0);
    for (const who of [host, x, a, b]) await attendance(host, post, who, 'checked_in');
    await req(b, 'POST', `/api/users/${a.user.id}/block`);
    expect((await rate(a, post, b, 'expert')).status).toBe(404);
    const socket = await server.connect(x.token);
    const heard: unknown[] = [];
    socket.onAny((...args: unknown[]) => heard.push(args));

    for (const rater of [host, a, b])
      expect((await rate(rater, post, x, 'advanced')).status).toBe(200);
    expect((await panel(x, post)).my_ratings).toBeNull();
    await rate(x, post, host, 'expert');
    await rate(x, post, a, 'expert');
    expect((await panel(x, post)).my_ratings).toBeNull();
    await rate(x, post, b, 'expert');
    const seen = await panel(x, post);
    expect(seen.my_ratings!.map((r) => Object.keys(r).sort())).toEqual([
      ['id', 'level'],
      ['id', 'level'],
      ['id', 'level'],
    ]);
    // Nobody else reads them: a co-player's panel holds only their own ratings.
    const other = await panel(a, post);
    expect(other.players.find((p) => p.user.id === x.user.id)!.my_rating).toBe('advanced');
    expect(other.my_ratings).toBeNull();
    expect(JSON.stringify(other)).not.toContain('rater');
    expect(JSON.stringify(await req(a, 'GET', `/api/users/${x.user.id}/trust`))).not.toContain(
      String(host.user.id),
    );
    expect(JSON.stringify(heard)).not.toContain('advanced');

    // The rated member reports one: the operators get it with a snapshot.
    const ratingId = seen.my_ratings![0]!.id;
    expect((await req(a, 'POST', `/api/ratings/${ratingId}/report`, { reason: 'No' })).status).toBe(
      404,
    );
    expect(
      (await req(x, 'POST', `/api/ratings/${ratingId}/report`, { reason: 'Unfair' })).status,
    ).toBe(200);
    const report = await server.app.database.db
      .selectFrom('reports as r')
      .innerJoin('report_snapshots as s', 's.report_id', 'r.id')
      .select(['r.target_type', 'r.reported_id', 's.content'])
      .where('r.target_id', '=', ratingId)
      .executeTakeFirstOrThrow();
    expect(report.target_type).toBe('rating');
    expect(JSON.parse(report.content)).toEqual({
      type: 'rating',
      level: 'advanced',
      sport: 'Football',
      post_id: post.id,
      heading: post.heading,
    });
  });

  it('lets an unrated member pass a minimum level, and refuses a member rated below it', async () => {
    const [host, x, a, b, newcomer] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const post = await game(host, [x, a, b]);
    at(post, 0);
    for (const who of [host, x, a, b]) await attendance(host, post, who, 'checked_in');
    for (const rater of [host, a, b]) await rate(rater, post, x, 'beginner');
    const next = await game(host, []);
    clock = new Date(Date.parse(post.event_time) + HOUR);
    await req(host, 'PUT', `/api/posts/${next.id}/minimums`, {
      min_show_up_percent: null,
      min_level: 'intermediate',
    });
    const refused = await req(x, 'POST', `/api/posts/${next.id}/interest`);
    expect(refused.body).toMatchObject({ code: 'below_minimum' });
    expect((await req(newcomer, 'POST', `/api/posts/${next.id}/interest`)).status).toBe(200);
    // Joining again is harmless for a member already in.
    expect((await req(newcomer, 'POST', `/api/posts/${next.id}/interest`)).status).toBe(200);
  });
});

describe('a late leave from the waitlist', () => {
  it('does not count: only a member who held a place misses a game by leaving late', async () => {
    const [host, player, waiting] = [await member(), await member(), await member()];
    const g = await game(host, [player]);
    expect((await req(waiting, 'POST', `/api/posts/${g.id}/interest`)).body).toMatchObject({
      status: 'waitlisted',
    });
    await req(waiting, 'DELETE', `/api/posts/${g.id}/interest`);
    await req(player, 'DELETE', `/api/posts/${g.id}/interest`);
    // Both left less than 2 hours before the start.
    await server.app.database.db
      .updateTable('post_departures')
      .set({ left_at: new Date(Date.parse(g.event_time) - HOUR).toISOString() })
      .where('post_id', '=', g.id)
      .execute();
    at(g, DAY);
    const missed = async (who: Who) =>
      ((await trustOf(who, who)).games ?? []).filter((x) => x.post_id === g.id);
    expect(await missed(player)).toMatchObject([{ missed: 'late_leave' }]);
    expect(await missed(waiting)).toEqual([]);
  });
});
