/**
 * The feed's caches (feed-cache.ts) never answer stale: every change a member can make
 * to what a radius feed shows is seen on the next request, on the process that made it and on a
 * second process over the same database, whose caches hear of nothing but the versions the
 * database keeps (migration 0018). Real servers on SQLite (PostgreSQL with TEST_DIALECT).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Post } from '@gameon/shared';
import { startServer, type HttpResult, type TestServer } from '../../../test/harness.js';

let one: TestServer;
let two: TestServer;
let host: LoginResponse;
let viewer: LoginResponse;
let player: LoginResponse;
let operator: LoginResponse;

// Pune: a spot no other test file posts near, and a point 10 km north of it.
const SPOT: [number, number] = [73.8567, 18.5204];
const NEAR: [number, number] = [73.8567, 18.5204 + 10 / 111.195];
const QUERY = `/api/posts?lat=${SPOT[1]}&lng=${SPOT[0]}&radius=25000&limit=20&filterType=SPORTS_ONLY`;

beforeAll(async () => {
  one = await startServer({ ADMIN_EMAILS: 'cacheop@example.test' });
  // A second process over the same database: it shares no memory with the first.
  two = await startServer({ DATABASE_URL: one.databaseUrl, ADMIN_EMAILS: 'cacheop@example.test' });
  host = await one.signUp('cachehost');
  viewer = await one.signUp('cacheviewer');
  player = await one.signUp('cacheplayer');
  operator = await one.signUp('cacheop');
});
afterAll(async () => {
  await two.close();
  await one.close();
});

/** The radius feed `who` gets from `server`: the posts in order. */
async function feed(server: TestServer, who: LoginResponse = viewer): Promise<Post[]> {
  const res = await server.request<Post[]>('GET', QUERY, { token: who.token });
  expect(res.status).toBe(200);
  return res.body;
}

/**
 * The same feed from both processes, which must agree, post for post; and each post is what its
 * game page (never cached) shows the viewer, but for the distance. Answers the ids, headings and
 * players.
 */
async function both(): Promise<{ id: number; heading: string; players: number[] }[]> {
  const [a, b] = [await feed(one), await feed(two)];
  expect(b).toEqual(a);
  for (const { distance: _distance, ...post } of a) {
    const page = await two.request<Post>('GET', `/api/posts/${String(post.id)}`, {
      token: viewer.token,
    });
    expect(page.body).toEqual(post);
  }
  return a.map((p) => ({
    id: p.id,
    heading: p.heading,
    players: p.interested_users.map((u) => u.user_id),
  }));
}

describe('the feed caches', () => {
  it('show every change on the next request, on both processes', async () => {
    expect(await both()).toEqual([]);
    const first = await one.createPost(host.token, {
      heading: 'Cache first',
      location: { type: 'Point', coordinates: NEAR },
    });
    // Twice each: the second answer comes from the caches.
    expect(await both()).toEqual([{ id: first.id, heading: 'Cache first', players: [] }]);
    expect(await both()).toEqual([{ id: first.id, heading: 'Cache first', players: [] }]);

    // A game created through the second process shows on the first.
    const second = await two.createPost(host.token, {
      heading: 'Cache second',
      location: { type: 'Point', coordinates: SPOT },
      eventTime: new Date(Date.now() + 2 * 24 * 3600_000).toISOString(),
    });
    expect((await both()).map((p) => p.id)).toEqual([first.id, second.id]);

    // Joining through one process shows the player on both; leaving through the other too.
    const join = await one.request('POST', `/api/posts/${first.id}/interest`, {
      token: player.token,
    });
    expect(join.status).toBe(200);
    expect((await both())[0]!.players).toEqual([player.user.id]);
    const leave = await two.request('DELETE', `/api/posts/${first.id}/interest`, {
      token: player.token,
    });
    expect(leave.status).toBe(200);
    expect((await both())[0]!.players).toEqual([]);

    // A block hides the host's games from the viewer at once; unblocking shows them again.
    await both();
    const block = await two.request('POST', `/api/users/${host.user.id}/block`, {
      token: viewer.token,
    });
    expect(block.status).toBe(200);
    expect(await both()).toEqual([]);
    const unblock = await one.request('POST', `/api/users/${host.user.id}/unblock`, {
      token: viewer.token,
    });
    expect(unblock.status).toBe(200);
    expect((await both()).map((p) => p.id)).toEqual([first.id, second.id]);

    // Deleting a game takes it out.
    const removed = await two.request('DELETE', `/api/posts/${second.id}`, { token: host.token });
    expect(removed.status).toBe(200);
    expect((await both()).map((p) => p.id)).toEqual([first.id]);

    // Hiding one's location takes one's games out of every radius feed.
    const hide = await one.request('PUT', '/api/settings', {
      token: host.token,
      body: { location_sharing: 'hidden' },
    });
    expect(hide.status).toBe(200);
    expect(await both()).toEqual([]);
    const show = await two.request('PUT', '/api/settings', {
      token: host.token,
      body: { location_sharing: 'exact' },
    });
    expect(show.status).toBe(200);
    expect((await both()).map((p) => p.id)).toEqual([first.id]);

    // A suspension hides them too, until it ends (it also ends the host's sessions: last).
    const suspend = await one.request('POST', `/api/admin/users/${host.user.id}/suspend`, {
      token: operator.token,
    });
    expect(suspend.status).toBe(200);
    expect(await both()).toEqual([]);
    const unsuspend = await two.request('POST', `/api/admin/users/${host.user.id}/unsuspend`, {
      token: operator.token,
    });
    expect(unsuspend.status).toBe(200);
    expect((await both()).map((p) => p.id)).toEqual([first.id]);
  });

  it('still pages past what the cell lists hold, in order', async () => {
    const many = await one.signUp('cachemany');
    const created: number[] = [];
    for (let i = 0; i < 45; i++) {
      const post = await one.createPost(many.token, {
        heading: `Cache many ${String(i)}`,
        location: { type: 'Point', coordinates: NEAR },
        eventTime: new Date(Date.now() + (3 * 24 + i) * 3600_000).toISOString(),
      });
      created.push(post.id);
    }
    const ids: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: HttpResult<Post[]> = await one.request<Post[]>(
        'GET',
        `${QUERY.replace('limit=20', 'limit=10')}${cursor ? `&cursor=${cursor}` : ''}`,
        { token: viewer.token },
      );
      ids.push(...res.body.filter((p) => p.author_id === many.user.id).map((p) => p.id));
      cursor = res.headers.get('x-next-cursor');
      if (!cursor) break;
    }
    expect(ids).toEqual(created);
  });
});
