import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Place } from '@gameon/shared';
import { distanceMetres } from '../../lib/geo.js';
import { startServer, type TestServer } from '../../../test/harness.js';
import { migrations } from '../../db/migrations/index.js';
import { gazetteerReady } from './gazetteer.js';

let server: TestServer;
let member: LoginResponse;
beforeAll(async () => {
  server = await startServer();
  member = await server.signUp('placer');
  // The process's gazetteer loads in a worker; search answers 503 until it has.
  await gazetteerReady();
});
afterAll(() => server.close());

const search = (q: string, token = member.token) =>
  server.request<Place[]>('GET', `/api/places/autocomplete?q=${encodeURIComponent(q)}`, {
    token,
  });

describe('offline place search', () => {
  it('finds Indian cities first, with state, country and [lng, lat]', async () => {
    const { status, body } = await search('beng');
    expect(status).toBe(200);
    expect(body[0]).toEqual({
      name: 'Bengaluru',
      address: 'Bengaluru, Karnataka, India',
      label: 'Bengaluru',
      coordinates: [77.59369, 12.97194],
    });
    expect(body.length).toBeLessThanOrEqual(8);
  });

  it('ranks an exact name before longer ones and ignores case and accents', async () => {
    const { body } = await search('PUNE');
    expect(body[0]?.address).toBe('Pune, Maharashtra, India');
    const accented = await search('São Paulo');
    expect(accented.body[0]?.name).toBe('São Paulo');
    expect((await search('sao paulo')).body[0]?.name).toBe('São Paulo');
  });

  it('answers an empty list when nothing matches, and needs a session', async () => {
    expect((await search('zzqqxx')).body).toEqual([]);
    expect((await server.request('GET', '/api/places/autocomplete?q=pune')).status).toBe(401);
  });

  it('answers "Bangalore" with Bengaluru first', async () => {
    expect((await search('Bangalore')).body[0]?.address).toBe('Bengaluru, Karnataka, India');
  });

  // True points: each neighbourhood's centre in OpenStreetMap, [lng, lat] in degrees.
  const localities: [string, string, [number, number]][] = [
    ['Indiranagar', 'Bengaluru', [77.6408, 12.9784]],
    ['Koramangala', 'Bengaluru', [77.6271, 12.9279]],
    ['HSR Layout', 'Bengaluru', [77.6387, 12.9116]],
    ['Andheri West', 'Mumbai', [72.8347, 19.1363]],
    ['Connaught Place', 'New Delhi', [77.2195, 28.6304]],
    ['Salt Lake', 'Kolkata', [88.4173, 22.5867]],
    ['Banjara Hills', 'Hyderabad', [78.4398, 17.4138]],
  ];
  it.each(localities)(
    'finds %s of %s within 3 km of its true point, or marked approximate',
    async (name, city, truth) => {
      const found = (await search(name)).body[0];
      expect(found?.name).toBe(name);
      expect(found?.address).toContain(city);
      if (found && !found.approximate)
        expect(distanceMetres(found.coordinates, truth)).toBeLessThan(3000);
    },
  );

  it("finds the member's own earlier places first, and no one else's", async () => {
    const other = await server.signUp('otherplacer');
    await server.createPost(member.token, {
      locationName: 'Koramangala Indoor Stadium',
      location: { type: 'Point', coordinates: [77.6266, 12.9348] },
    });
    await server.createPost(other.token, { locationName: 'Koramangala Turf Club' });
    const mine = (await search('koramangala')).body;
    expect(mine[0]).toEqual({
      name: 'Koramangala Indoor Stadium',
      address: 'Koramangala Indoor Stadium, Koramangala, Bengaluru, Karnataka',
      label: 'Koramangala Indoor Stadium, Bengaluru',
      coordinates: [77.6266, 12.9348],
    });
    expect(mine.map((p) => p.name)).not.toContain('Koramangala Turf Club');
    const theirs = (await search('koramangala', other.token)).body;
    expect(theirs.map((p) => p.name)).not.toContain('Koramangala Indoor Stadium');
  });

  it('offers a place the member used once, with its full address, and only once', async () => {
    const used = await server.signUp('usedplacer');
    await server.createPost(used.token, {
      locationName: 'Bengaluru',
      location: { type: 'Point', coordinates: [77.59369, 12.97194] },
    });
    const { body } = await search('Bengaluru', used.token);
    expect(body[0]?.address).toBe('Bengaluru, Karnataka, India');
    expect(body.filter((place) => place.name === 'Bengaluru')).toHaveLength(1);
  });
});

describe('places that are where they say', () => {
  const setHome = (token: string, city: string, coordinates: [number, number]) =>
    server.request('PUT', '/api/settings', {
      token,
      body: { location_city: city, location_coordinates: coordinates },
    });

  it("ranks places in the member's home city first", async () => {
    const lucknowi = await server.signUp('lucknowi');
    expect((await setHome(lucknowi.token, 'Lucknow', [80.9462, 26.8467])).status).toBe(200);
    const fromLucknow = (await search('Indira Nagar', lucknowi.token)).body;
    expect(distanceMetres(fromLucknow[0]!.coordinates, [80.9462, 26.8467])).toBeLessThan(50_000);
    const bengalurean = await server.signUp('bengalurean');
    await setHome(bengalurean.token, 'Bengaluru', [77.5937, 12.9719]);
    const fromBengaluru = (await search('Indiranagar', bengalurean.token)).body;
    expect(fromBengaluru[0]).toMatchObject({
      name: 'Indiranagar',
      label: 'Indiranagar, Bengaluru',
    });
  });

  it('keeps the approximate mark of a place the member used before', async () => {
    const host = await server.signUp('bazaarhost');
    const [bazar] = (await search('Colaba Bazar', host.token)).body;
    expect(bazar?.approximate).toBe(true);
    await server.createPost(host.token, {
      locationName: bazar!.label,
      location: { type: 'Point', coordinates: bazar!.coordinates },
    });
    const again = (await search('Colaba Bazar', host.token)).body;
    expect(again[0]).toMatchObject({
      name: 'Colaba Bazar',
      label: 'Colaba Bazar, Mumbai',
      approximate: true,
    });
    expect(again.filter((p) => p.name === 'Colaba Bazar')).toHaveLength(1);
  });

  it('offers a full-address place once, never with a doubled address', async () => {
    const host = await server.signUp('fulladdress');
    await server.createPost(host.token, {
      locationName: 'Koramangala, Bengaluru, Karnataka, India',
      location: { type: 'Point', coordinates: [77.6245, 12.9352] },
    });
    const { body } = await search('Koramangala', host.token);
    const koramangala = body.filter((p) => p.name === 'Koramangala');
    expect(koramangala).toHaveLength(1);
    expect(koramangala[0]).toMatchObject({
      label: 'Koramangala, Bengaluru, Karnataka, India',
      address: 'Koramangala, Bengaluru, Karnataka',
    });
    for (const place of body) expect(place.address.split('Koramangala').length).toBeLessThan(4);
  });

  it('never offers a remembered place on a point known to be far off', async () => {
    const host = await server.signUp('farhost');
    await server.createPost(host.token, {
      locationName: 'Koramangala I Block',
      location: { type: 'Point', coordinates: [77.575, 13.2257] },
    });
    const { body } = await search('Koramangala', host.token);
    expect(body.map((p) => p.name)).not.toContain('Koramangala I Block');
    expect(body[0]).toMatchObject({ label: 'Koramangala, Bengaluru' });
  });
});

describe('reverse lookup', () => {
  const reverse = (query: string) =>
    server.request<Place>('GET', `/api/places/reverse?${query}`, { token: member.token });

  it('names a point in Koramangala after Koramangala or Bengaluru', async () => {
    const { status, body } = await reverse('lat=12.9300&lng=77.6230');
    expect(status).toBe(200);
    expect(['Koramangala', 'Bengaluru']).toContain(body.name);
    expect(body.address).toContain('Bengaluru');
  });

  it('refuses a position off the globe, and needs a session', async () => {
    expect((await reverse('lat=91&lng=0')).status).toBe(400);
    expect((await server.request('GET', '/api/places/reverse?lat=12.93&lng=77.62')).status).toBe(
      401,
    );
  });
});

describe('PLACES_URL geocoders', () => {
  let fake: Server;
  let base: string;
  const asked: URL[] = [];
  beforeAll(async () => {
    fake = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      asked.push(url);
      res.setHeader('Content-Type', 'application/json');
      if (url.pathname === '/api')
        res.end(
          JSON.stringify({
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                geometry: { type: 'Point', coordinates: [77.6245, 12.9352] },
                properties: {
                  name: 'Koramangala',
                  district: 'Koramangala',
                  city: 'Bengaluru',
                  state: 'Karnataka',
                  country: 'India',
                },
              },
            ],
          }),
        );
      else if (url.pathname === '/search')
        res.end(
          JSON.stringify([
            {
              name: 'Koramangala',
              display_name: 'Koramangala, Bengaluru, Karnataka, India',
              lat: '12.9352',
              lon: '77.6245',
              address: { suburb: 'Koramangala', city: 'Bengaluru', state: 'Karnataka' },
            },
          ]),
        );
      else res.writeHead(500).end('{}');
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => fake.close(resolve)));

  async function searchAt(placesUrl: string) {
    const geocoded = await startServer({ PLACES_URL: placesUrl });
    try {
      const someone = await geocoded.signUp('geocoded');
      return await geocoded.request<Place[]>('GET', '/api/places/autocomplete?q=koram', {
        token: someone.token,
      });
    } finally {
      await geocoded.close();
    }
  }

  it("maps Photon's GeoJSON features (path /api) to places", async () => {
    const { body } = await searchAt(`${base}/api`);
    expect(body).toEqual([
      {
        name: 'Koramangala',
        address: 'Koramangala, Bengaluru, Karnataka, India',
        label: 'Koramangala, Bengaluru',
        coordinates: [77.6245, 12.9352],
      },
    ]);
    expect(asked.at(-1)?.searchParams.get('q')).toBe('koram');
  });

  it("maps Nominatim's results (any other path) to places", async () => {
    const { body } = await searchAt(`${base}/search`);
    expect(body).toEqual([
      {
        name: 'Koramangala',
        address: 'Koramangala, Bengaluru, Karnataka, India',
        label: 'Koramangala, Bengaluru',
        coordinates: [77.6245, 12.9352],
      },
    ]);
    expect(asked.at(-1)?.searchParams.get('format')).toBe('jsonv2');
    expect(asked.at(-1)?.searchParams.get('addressdetails')).toBe('1');
  });

  it('answers 502 places_unavailable when the geocoder fails', async () => {
    const { status, body } = await searchAt(`${base}/broken`);
    expect(status).toBe(502);
    expect(body).toMatchObject({ code: 'places_unavailable' });
  });
});

describe('migration 0023', () => {
  it('gives existing games their city back, and leaves the rest alone', async () => {
    const db = server.app.database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    // The games are made by today's code, then the schema goes back to before 0023 (its down
    // drops the city), as a database that had them before the migration.
    const host = await server.signUp('oldhost');
    const game = (locationName: string, coordinates: [number, number], sport = 'Football') =>
      server.createPost(host.token, {
        sport,
        locationName,
        location: { type: 'Point', coordinates },
      });
    const games = [
      await game('Koramangala', [77.6245, 12.9352]),
      await game('Koramangala Indoor Stadium', [77.6266, 12.9348]),
      await game('Koramangala I Block', [77.575, 13.2257]),
      await game('Bengaluru', [77.59369, 12.97194]),
      await game('Andheri Sports Complex, Mumbai', [72.8468, 19.1197]),
      await game('Online (BGMI custom rooms)', [77.59369, 12.97194], 'BGMI'),
      await game('Mid-ocean rig', [70, 10]),
    ];
    expect((await migrator.migrateTo('0022_report_snapshots')).error).toBeUndefined();
    const before = await db
      .selectFrom('posts')
      .select(['id', 'version'])
      .where('id', '=', games[0]!.id)
      .executeTakeFirstOrThrow();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('posts')
      .select(['id', 'location_name', 'version'])
      .where(
        'id',
        'in',
        games.map((g) => g.id),
      )
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.location_name)).toEqual([
      'Koramangala, Bengaluru',
      'Koramangala Indoor Stadium, Bengaluru',
      'Koramangala I Block, Bengaluru',
      'Bengaluru',
      'Andheri Sports Complex, Mumbai',
      'Online (BGMI custom rooms)',
      'Mid-ocean rig',
    ]);
    expect(rows[0]!.version).toBe(before.version + 1);
    // Every display reads the stored name: the game page, the share preview, the calendar.
    const shown = await server.request<{ location_name: string }>(
      'GET',
      `/api/posts/${games[0]!.id}`,
      { token: host.token },
    );
    expect(shown.body.location_name).toBe('Koramangala, Bengaluru');
  });
});
