/**
 * The feed's plans (place index cells merged by time, the plan without cells for wide
 * circles, the time index without a radius, nearest order over the cells) answer exactly what an
 * unindexed scan of every game answers, computed here in TypeScript, for seeded random centres in
 * dense cities and sparse country, radii of 1 to 100 km and none, both orders and a few filters,
 * following the cursor for three pages. On SQLite that covers the windowed walk of the cells by
 * time and the nearest-first ring walk through crowded cells' fine cells
 * (skeleton.sqlite.ts), with a blocked and a suspended host whose games the rules drop
 * after the walk. On PostgreSQL with PostGIS (migration 0016) a radius feed in soonest order where
 * few games are in range takes the PostGIS plan (skeleton.postgis.ts) and is compared the same
 * way; CI sets TEST_POSTGIS=on so that run fails if PostGIS is missing instead of quietly testing the
 * portable plan, and TEST_POSTGIS=off for a run of the portable plan on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONLINE_GAMES, type LoginResponse, type Post } from '@gameon/shared';
import { seededRandom } from '../../../test/random.js';
import { startServer, type TestServer } from '../../../test/harness.js';
import { hasPostgisGeography } from '../../db/index.js';
import { EARTH_RADIUS_M } from '../../lib/geo.js';
import { dayRange } from '../../lib/time.js';
import { geocellFor } from './place-index.js';

const GAMES = 20_000;
const HOUR = 3600_000;
const TZ = 'Asia/Kolkata';
const SPORTS = ['Football', 'Cricket', 'Badminton', 'Tennis', ...ONLINE_GAMES.slice(0, 2)];
const TAGS = ['Night', 'weekend', 'Beginners', 'turf'];
// Bengaluru and Delhi, where most games are.
const CITIES: [number, number][] = [
  [77.5946, 12.9716],
  [77.209, 28.6139],
];

// The same games and queries on every run.
const random = seededRandom(18);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

interface Game {
  id: number;
  authorId: number;
  sport: string;
  point: [number, number] | null;
  time: string;
  tagKeys: string[];
}

let server: TestServer;
let viewer: LoginResponse;
let blocked: LoginResponse;
let suspendedId: number;
const games: Game[] = [];

/** A point near `centre`: up to `km` away in each direction, denser towards the middle. */
function near([lng, lat]: [number, number], km: number): [number, number] {
  const dy = ((random() - 0.5) * random() * 2 * km) / 111.195;
  const dx = ((random() - 0.5) * random() * 2 * km) / (111.195 * Math.cos((lat * Math.PI) / 180));
  return [lng + dx, lat + dy];
}

beforeAll(async () => {
  server = await startServer();
  viewer = await server.signUp('plans_viewer');
  blocked = await server.signUp('plans_blocked');
  const authors = [viewer.user.id, blocked.user.id];
  for (const name of ['plans_a', 'plans_b', 'plans_c'])
    authors.push((await server.signUp(name)).user.id);
  suspendedId = (await server.signUp('plans_suspended')).user.id;
  authors.push(suspendedId);
  expect(
    (await server.request('POST', `/api/users/${blocked.user.id}/block`, { token: viewer.token }))
      .status,
  ).toBe(200);

  // Quarter-hour slots over ten days from two hours ahead, so many games share a time.
  const start = Math.ceil((Date.now() + 2 * HOUR) / (HOUR / 4)) * (HOUR / 4);
  const rows: (Omit<Game, 'id' | 'tagKeys'> & { tags: string[] })[] = [];
  for (let i = 0; i < GAMES; i++) {
    const sport = pick(SPORTS);
    const where = random();
    const point: [number, number] | null =
      where < 0.45
        ? near(CITIES[0]!, 40)
        : where < 0.75
          ? near(CITIES[1]!, 40)
          : where < 0.95
            ? [68 + random() * 29, 8 + random() * 29]
            : null;
    const tags = TAGS.filter(() => random() < 0.25);
    const game = {
      authorId: pick(authors),
      sport,
      point,
      time: new Date(start + Math.floor(random() * 960) * (HOUR / 4)).toISOString(),
      tags,
    };
    rows.push(game);
  }
  const { db } = server.app.database;
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < rows.length; from += 500) {
      const batch = rows.slice(from, from + 500);
      const inserted = await trx
        .insertInto('posts')
        .values(
          batch.map((g, k) => ({
            author_id: g.authorId,
            sport: g.sport,
            heading: `Plan ${from + k}`,
            description: 'Generated game',
            location_name: 'Somewhere',
            lng: g.point?.[0] ?? 77,
            lat: g.point?.[1] ?? 20,
            public_lng: g.point?.[0] ?? null,
            public_lat: g.point?.[1] ?? null,
            geocell: geocellFor({
              sport: g.sport,
              public_lng: g.point?.[0],
              public_lat: g.point?.[1],
            }),
            event_time: g.time,
            players_needed: 4,
            created_at: new Date().toISOString(),
          })),
        )
        .returning(['id', 'heading'])
        .execute();
      const tagRows = [];
      for (const { id, heading } of inserted) {
        const g = rows[Number(heading.slice('Plan '.length))]!;
        games.push({
          id,
          authorId: g.authorId,
          sport: g.sport,
          point: g.point,
          time: g.time,
          tagKeys: g.tags.map((t) => t.toLowerCase()),
        });
        tagRows.push(
          ...g.tags.map((tag, position) => ({
            post_id: id,
            tag,
            tag_key: tag.toLowerCase(),
            position,
          })),
        );
      }
      if (tagRows.length > 0) await trx.insertInto('post_tags').values(tagRows).execute();
    }
    // An operator suspended one host: their games leave every feed.
    await trx
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', suspendedId)
      .execute();
  });
}, 120_000);
afterAll(() => server.close());

interface Query {
  lat?: number;
  lng?: number;
  radius: number;
  order: 'soonest' | 'nearest';
  sports?: string[];
  filterType?: 'SPORTS_ONLY' | 'ESPORTS_ONLY';
  tags?: string[];
  date?: string;
  limit: number;
}

/** haversine h between two [lng, lat] points, as lib/geo.ts writes it in SQL. */
function haversine([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  return (
    Math.sin((rad(lat2) - rad(lat1)) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin((rad(lng2) - rad(lng1)) / 2) ** 2
  );
}

/**
 * The feed's ids for `q` by scanning every game: the rules of CONTRACT.md (blocks, suspension,
 * online games, nearest order).
 */
function reference(q: Query): number[] {
  const online = (sport: string) => (ONLINE_GAMES as readonly string[]).includes(sport);
  const day = q.date ? dayRange(q.date, TZ) : undefined;
  const origin: [number, number] | undefined = q.lat === undefined ? undefined : [q.lng!, q.lat];
  const within = Math.sin(q.radius / (2 * EARTH_RADIUS_M)) ** 2;
  const kept = games.filter(
    (g) =>
      g.authorId !== viewer.user.id &&
      g.authorId !== blocked.user.id &&
      g.authorId !== suspendedId &&
      (!q.sports || (q.filterType !== 'ESPORTS_ONLY' && q.sports.includes(g.sport))) &&
      (q.filterType !== 'SPORTS_ONLY' || !online(g.sport)) &&
      (q.filterType !== 'ESPORTS_ONLY' || online(g.sport)) &&
      (!q.tags || q.tags.some((t) => g.tagKeys.includes(t.toLowerCase()))) &&
      (!day || (g.time >= day.from && g.time < day.to)) &&
      (q.radius === -1 ||
        online(g.sport) ||
        (g.point !== null && haversine([origin![0], origin![1]], g.point) <= within)),
  );
  const key = (g: Game) =>
    online(g.sport) || g.point === null
      ? 1_000_000_000
      : Math.round(
          2 *
            EARTH_RADIUS_M *
            Math.asin(Math.sqrt(Math.min(1, haversine([origin![0], origin![1]], g.point)))),
        );
  const byTime = (a: Game, b: Game) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id - b.id);
  kept.sort(q.order === 'nearest' ? (a, b) => key(a) - key(b) || byTime(a, b) : byTime);
  return kept.map((g) => g.id);
}

/** Up to three pages of the feed for `q`, following X-Next-Cursor: the ids in order. */
async function served(q: Query): Promise<number[]> {
  const params = new URLSearchParams({
    radius: String(q.radius),
    order: q.order,
    limit: String(q.limit),
    tz: TZ,
  });
  if (q.lat !== undefined) params.set('lat', String(q.lat));
  if (q.lng !== undefined) params.set('lng', String(q.lng));
  if (q.sports) params.set('sports', q.sports.join(','));
  if (q.filterType) params.set('filterType', q.filterType);
  if (q.tags) params.set('tags', q.tags.join(','));
  if (q.date) params.set('date', q.date);
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 3; page++) {
    if (cursor) params.set('cursor', cursor);
    const res = await server.request<Post[]>('GET', `/api/posts?${params.toString()}`, {
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    ids.push(...res.body.map((p) => p.id));
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) break;
  }
  return ids;
}

describe('the feed plans', () => {
  const postgisRequired =
    process.env.TEST_DIALECT === 'postgres' && process.env.TEST_POSTGIS === 'on';
  it.runIf(postgisRequired)('run on PostGIS on PostgreSQL when CI asks for it', async () => {
    const { db, dialect } = server.app.database;
    expect(await hasPostgisGeography(db, dialect)).toBe(true);
  });

  it('answer what a scan of every game answers, for random centres, radii and filters', async () => {
    const radii = [1_000, 3_000, 10_000, 25_000, 25_000, 50_000, 100_000, -1];
    const firstDay = new Date(Date.now() + 26 * HOUR).toISOString().slice(0, 10);
    let compared = 0;
    let nonEmpty = 0;
    for (let i = 0; i < 50; i++) {
      const [lng, lat] =
        i % 3 === 2 ? [68 + random() * 29, 8 + random() * 29] : near(CITIES[i % 2]!, 30);
      const radius = pick(radii);
      const filters: Partial<Query>[] = [
        {},
        { sports: [pick(SPORTS), pick(SPORTS)] },
        { filterType: 'SPORTS_ONLY' },
        { filterType: 'ESPORTS_ONLY' },
        { tags: [pick(TAGS).toUpperCase()] },
        { date: firstDay },
        { sports: ['Football', ONLINE_GAMES[0]], tags: ['night', 'turf'] },
      ];
      const filter = pick(filters);
      const orders = radius === -1 ? (['soonest'] as const) : (['soonest', 'nearest'] as const);
      for (const order of orders) {
        const q: Query = {
          lat,
          lng,
          radius,
          order,
          limit: 5 + Math.floor(random() * 20),
          ...filter,
        };
        const expected = reference(q).slice(0, 3 * q.limit);
        expect(await served(q), JSON.stringify(q)).toEqual(expected);
        compared += 1;
        if (expected.length > 0) nonEmpty += 1;
      }
    }
    // Without a position at all: the time index.
    const q: Query = { radius: -1, order: 'soonest', limit: 30, tags: ['weekend'] };
    expect(await served(q)).toEqual(reference(q).slice(0, 90));
    // The comparisons were not vacuous.
    expect(compared).toBeGreaterThan(60);
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  }, 120_000);
});

describe('the feed plans, nearest first among games stacked on the same points', () => {
  // Hosts who share their location generally are placed on a grid of 1 km cells, so many games
  // share one point and one distance: a nearest-first page then ends inside a tie, where a
  // k-nearest walk must read past the page (skeleton.postgis.ts knnInRange) and the ring walk
  // reads whole cells (skeleton.sqlite.ts byDistance).
  const CENTRE: [number, number] = [77.58, 34.16];
  beforeAll(async () => {
    const host = (await server.signUp('plans_stacker')).user.id;
    const points = [0, 1, 2, 3, 4, 5].map((k) => near(CENTRE, 2 + k));
    const start = Math.ceil((Date.now() + 2 * HOUR) / HOUR) * HOUR;
    const rows = Array.from({ length: 300 }, (_, i) => ({
      point: points[i % points.length]!,
      time: new Date(start + (i % 7) * HOUR).toISOString(),
      sport: pick(SPORTS.slice(0, 4)),
    }));
    const inserted = await server.app.database.db
      .insertInto('posts')
      .values(
        rows.map((g, i) => ({
          author_id: host,
          sport: g.sport,
          heading: `Stacked ${i}`,
          description: 'Generated game',
          location_name: 'Somewhere',
          lng: g.point[0],
          lat: g.point[1],
          public_lng: g.point[0],
          public_lat: g.point[1],
          geocell: geocellFor({ sport: g.sport, public_lng: g.point[0], public_lat: g.point[1] }),
          event_time: g.time,
          players_needed: 4,
          created_at: new Date().toISOString(),
        })),
      )
      .returning(['id', 'heading'])
      .execute();
    for (const { id, heading } of inserted) {
      const g = rows[Number(heading.slice('Stacked '.length))]!;
      games.push({ id, authorId: host, sport: g.sport, point: g.point, time: g.time, tagKeys: [] });
    }
  });

  it('answer what a scan of every game answers, page after page through the ties', async () => {
    for (const [radius, limit] of [
      [25_000, 20],
      [10_000, 7],
      [25_000, 45],
      [3_000, 12],
    ] as const) {
      const q: Query = { lat: CENTRE[1], lng: CENTRE[0], radius, order: 'nearest', limit };
      const expected = reference(q).slice(0, 3 * limit);
      expect(expected.length).toBeGreaterThan(limit);
      expect(await served(q), JSON.stringify(q)).toEqual(expected);
    }
  });
});
