import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Post } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let author: LoginResponse;
let viewer: LoginResponse;

// Bengaluru centre and a point 30 km due north of it (1 degree of latitude = 111.195 km).
const CENTRE: [number, number] = [77.5946, 12.9716];
const NORTH_30KM: [number, number] = [77.5946, 12.9716 + 30 / 111.195];
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

beforeAll(async () => {
  server = await startServer();
  author = await server.signUp('author');
  viewer = await server.signUp('viewer');
});
afterAll(() => server.close());

const feed = async (query: string, token = viewer.token) => {
  const res = await server.request<Post[]>('GET', `/api/posts${query}`, { token });
  expect(res.status).toBe(200);
  return res;
};
const headings = (posts: Post[]) => posts.map((p) => p.heading);

describe('creating a post', () => {
  it('stores every field and answers the post', async () => {
    const post = await server.createPost(author.token, {
      sport: 'Cricket',
      heading: '  Box cricket  ',
      tags: ['night', 'Night', 'box'],
      location: { type: 'Point', coordinates: NORTH_30KM },
      locationName: 'Yelahanka',
      playersNeeded: 6,
    });
    expect(post).toMatchObject({
      author_id: author.user.id,
      author: { id: author.user.id, username: 'author' },
      sport: 'Cricket',
      heading: 'Box cricket',
      tags: ['night', 'box'],
      location_name: 'Yelahanka',
      players_needed: 6,
      interested_users: [],
    });
    expect(post.location?.coordinates).toEqual(NORTH_30KM);
  });

  it('refuses an event time earlier than now and players outside 1-20', async () => {
    const past = await server.request<{ errors: { field: string; message: string }[] }>(
      'POST',
      '/api/posts',
      {
        token: author.token,
        body: {
          sport: 'Football',
          heading: 'x',
          description: 'y',
          tags: [],
          location: { type: 'Point', coordinates: CENTRE },
          locationName: 'B',
          eventTime: inDays(-1),
          playersNeeded: 3,
        },
      },
    );
    expect(past.status).toBe(400);
    expect(past.body.errors[0]?.field).toBe('eventTime');
    for (const playersNeeded of [0, 21, 2.5]) {
      const res = await server.request<{ message: string }>('POST', '/api/posts', {
        token: author.token,
        body: {
          sport: 'Football',
          heading: 'x',
          description: 'y',
          tags: [],
          location: { type: 'Point', coordinates: CENTRE },
          locationName: 'B',
          eventTime: inDays(1),
          playersNeeded,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter a number between 1 and 20');
    }
  });
});

describe('the feed', () => {
  let far: Post;
  beforeAll(async () => {
    far = await server.createPost(author.token, {
      heading: 'Thirty km north',
      location: { type: 'Point', coordinates: NORTH_30KM },
    });
  });

  it("never shows the caller's own posts", async () => {
    const mine = await server.createPost(viewer.token, { heading: 'Viewer own game' });
    const { body } = await feed('');
    expect(body.map((p) => p.id)).not.toContain(mine.id);
    expect(body.map((p) => p.id)).toContain(far.id);
    const authorsView = await feed('', author.token);
    expect(authorsView.body.map((p) => p.id)).toContain(mine.id);
  });

  it('honours the radius: a post 30 km away is in at 50 km and out at 25 km, with its distance', async () => {
    const at50 = await feed(`?lat=${CENTRE[1]}&lng=${CENTRE[0]}&radius=50000`);
    const found = at50.body.find((p) => p.id === far.id);
    // The author shares the default 'general' location: a 1 km grid cell's centre.
    expect(found?.distance).toBeGreaterThan(29_250);
    expect(found?.distance).toBeLessThan(30_750);
    const at25 = await feed(`?lat=${CENTRE[1]}&lng=${CENTRE[0]}&radius=25000`);
    expect(at25.body.map((p) => p.id)).not.toContain(far.id);
  });

  it('radius -1 means no location filter but still gives distances', async () => {
    const { body } = await feed(`?lat=${CENTRE[1]}&lng=${CENTRE[0]}&radius=-1`);
    expect(body.find((p) => p.id === far.id)?.distance).toBeGreaterThan(29_250);
    const none = await feed('');
    expect(none.body.every((p) => p.distance === undefined)).toBe(true);
  });

  it('filters by sports, online games, category and tags (lists comma-separated or repeated)', async () => {
    const maker = await server.signUp('maker');
    await server.createPost(maker.token, {
      sport: 'Valorant',
      heading: 'Ranked stack',
      tags: ['Ranked'],
    });
    await server.createPost(maker.token, {
      sport: 'Badminton',
      heading: 'Doubles',
      tags: ['indoor', 'morning'],
    });
    await server.createPost(maker.token, { sport: 'Cricket', heading: 'Nets', tags: ['morning'] });

    expect(headings((await feed('?esports=Valorant')).body)).toEqual(['Ranked stack']);
    expect(
      headings((await feed('?sports=Badminton,Cricket&filterType=SPORTS_ONLY')).body).sort(),
    ).toEqual(['Box cricket', 'Doubles', 'Nets']);
    expect(headings((await feed('?sports=Badminton&sports=Cricket')).body).sort()).toEqual([
      'Box cricket',
      'Doubles',
      'Nets',
    ]);
    expect(headings((await feed('?filterType=ESPORTS_ONLY')).body)).toEqual(['Ranked stack']);
    expect(headings((await feed('?filterType=SPORTS_ONLY')).body)).not.toContain('Ranked stack');
    expect(headings((await feed('?tags=MORNING')).body).sort()).toEqual(['Doubles', 'Nets']);
    expect(headings((await feed('?tags=ranked,indoor')).body).sort()).toEqual([
      'Doubles',
      'Ranked stack',
    ]);
  });

  it("filters by calendar day in the viewer's time zone", async () => {
    const maker = await server.signUp('daymaker');
    // 20:00 UTC on a day three days from now is 01:30 the next day in India.
    const day = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    day.setUTCHours(20, 0, 0, 0);
    await server.createPost(maker.token, { heading: 'Late game', eventTime: day.toISOString() });
    const utcDate = day.toISOString().slice(0, 10);
    const istDate = new Date(day.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(headings((await feed(`?date=${utcDate}&tz=UTC`)).body)).toContain('Late game');
    expect(headings((await feed(`?date=${utcDate}&tz=Asia/Kolkata`)).body)).not.toContain(
      'Late game',
    );
    expect(headings((await feed(`?date=${istDate}`)).body)).toContain('Late game');
  });

  it('pages with a cursor in X-Next-Cursor, soonest first, without repeats', async () => {
    const pager = await server.signUp('pager');
    for (let i = 1; i <= 5; i++)
      await server.createPost(pager.token, {
        heading: `Paged ${i}`,
        sport: 'Golf',
        eventTime: inDays(10 + i),
      });
    const first = await feed('?sports=Golf&limit=2');
    expect(headings(first.body)).toEqual(['Paged 1', 'Paged 2']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await feed(`?sports=Golf&limit=2&cursor=${cursor}`);
    expect(headings(second.body)).toEqual(['Paged 3', 'Paged 4']);
    const third = await feed(`?sports=Golf&limit=2&cursor=${second.headers.get('x-next-cursor')}`);
    expect(headings(third.body)).toEqual(['Paged 5']);
    expect(third.headers.get('x-next-cursor')).toBeNull();
  });
});

describe('online games and nearest order', () => {
  const kmNorth = (km: number): [number, number] => [CENTRE[0], CENTRE[1] + km / 111.195];
  const near = `lat=${CENTRE[1]}&lng=${CENTRE[0]}&radius=25000&sports=Hockey&esports=BGMI`;
  beforeAll(async () => {
    const host = await server.signUp('nearhost');
    const game = (heading: string, sport: string, km: number, days: number) =>
      server.createPost(host.token, {
        heading,
        sport,
        location: { type: 'Point', coordinates: kmNorth(km) },
        eventTime: inDays(days),
      });
    await game('Hockey 10 km', 'Hockey', 10, 2);
    await game('Hockey 5 km later', 'Hockey', 5, 3);
    await game('Hockey 5 km sooner', 'Hockey', 5, 1);
    await game('Hockey here', 'Hockey', 0, 4);
    await game('Hockey 300 km', 'Hockey', 300, 1.5);
    // Online games are still posted with a place; it must not count.
    await game('BGMI soon', 'BGMI', 300, 0.5);
    await game('BGMI later', 'BGMI', 300, 5);
  });

  it('keeps online games in a radius-filtered feed, without a distance, interleaved by time', async () => {
    const { body } = await feed(`?${near}`);
    expect(headings(body)).toEqual([
      'BGMI soon',
      'Hockey 5 km sooner',
      'Hockey 10 km',
      'Hockey 5 km later',
      'Hockey here',
      'BGMI later',
    ]);
    const online = body.find((p) => p.heading === 'BGMI soon');
    expect(online).not.toHaveProperty('distance');
    expect(body.find((p) => p.heading === 'Hockey 10 km')?.distance).toBeGreaterThan(9_000);
  });

  it('orders nearest first, then by time, online games last, across pages without repeats', async () => {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await feed(`?${near}&order=nearest&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(headings(res.body));
      cursor = res.headers.get('x-next-cursor');
    } while (cursor && pages.length < 5);
    expect(pages).toEqual([
      ['Hockey here', 'Hockey 5 km sooner'],
      ['Hockey 5 km later', 'Hockey 10 km'],
      ['BGMI soon', 'BGMI later'],
    ]);
  });

  it('refuses a soonest cursor in nearest order', async () => {
    const first = await feed(`?${near}&limit=1`);
    const res = await server.request(
      'GET',
      `/api/posts?${near}&order=nearest&cursor=${first.headers.get('x-next-cursor')}`,
      {
        token: viewer.token,
      },
    );
    expect(res.status).toBe(400);
  });

  it('answers 400 to nearest without a position and a radius', async () => {
    const res = await server.request<{ message: string }>('GET', '/api/posts?order=nearest', {
      token: viewer.token,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('order=nearest needs lat, lng and a radius');
  });
});

describe("the author's privacy in the feed", () => {
  it('location_sharing: exact shows the point, general a 1 km grid cell, hidden no point and only without a location filter', async () => {
    const sharer = await server.signUp('sharer');
    const game = await server.createPost(sharer.token, {
      heading: 'Shared spot',
      sport: 'Hockey',
      location: { type: 'Point', coordinates: NORTH_30KM },
    });
    const near = `?sports=Hockey&lat=${CENTRE[1]}&lng=${CENTRE[0]}`;
    const setSharing = (location_sharing: string) =>
      server.request('PUT', '/api/settings', { token: sharer.token, body: { location_sharing } });
    const seen = async (query: string) => (await feed(query)).body.find((p) => p.id === game.id);

    // The author always sees the exact point.
    expect(game.location?.coordinates).toEqual(NORTH_30KM);

    const general = await seen(`${near}&radius=50000`);
    expect(general?.location?.coordinates).not.toEqual(NORTH_30KM);
    expect(Math.abs((general?.distance ?? 0) - 30_000)).toBeLessThan(750);

    await setSharing('exact');
    const exact = await seen(`${near}&radius=50000`);
    expect(exact?.location?.coordinates).toEqual(NORTH_30KM);
    expect(Math.abs((exact?.distance ?? 0) - 30_000)).toBeLessThan(100);

    await setSharing('hidden');
    expect(await seen(`${near}&radius=50000`)).toBeUndefined();
    const anywhere = await seen(`${near}&radius=-1`);
    expect(anywhere?.location).toBeNull();
    expect(anywhere?.distance).toBeUndefined();
    expect(await seen('?sports=Hockey')).toBeDefined();
  });

  it("blocked either way: the author's games leave the feed and interest is refused", async () => {
    const blocker = await server.signUp('feedblocker');
    const game = await server.createPost(blocker.token, { heading: 'Not for you', sport: 'Rugby' });
    expect((await feed('?sports=Rugby')).body.map((p) => p.id)).toContain(game.id);
    await server.request('POST', `/api/users/${viewer.user.id}/block`, { token: blocker.token });
    expect((await feed('?sports=Rugby')).body.map((p) => p.id)).not.toContain(game.id);
    expect(
      (await server.request('POST', `/api/posts/${game.id}/interest`, { token: viewer.token }))
        .status,
    ).toBe(404);
  });

  it("GET /posts/user/{id} follows the member's activity_history_visibility", async () => {
    const diarist = await server.signUp('diarist');
    await server.createPost(diarist.token, { heading: 'Diary game' });
    const list = () =>
      server.request<Post[]>('GET', `/api/posts/user/${diarist.user.id}`, { token: viewer.token });
    expect((await list()).body.map((p) => p.heading)).toEqual(['Diary game']);
    await server.request('PUT', '/api/settings', {
      token: diarist.token,
      body: { activity_history_visibility: 'private' },
    });
    expect((await list()).status).toBe(403);
    const own = await server.request<Post[]>('GET', `/api/posts/user/${diarist.user.id}`, {
      token: diarist.token,
    });
    expect(own.body.map((p) => p.heading)).toEqual(['Diary game']);
  });
});
