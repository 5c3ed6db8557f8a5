import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Place } from '@gameon/shared';
import { distanceMetres } from '../../lib/geo.js';
import { startServer, type TestServer } from '../../../test/harness.js';
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

  it('answers "Bangalore" with Bengaluru first (issue 14)', async () => {
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

describe('reverse lookup (issue 14)', () => {
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

describe('PLACES_URL geocoders (issue 14)', () => {
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
        coordinates: [77.6245, 12.9352],
      },
    ]);
    expect(asked.at(-1)?.searchParams.get('format')).toBe('jsonv2');
  });

  it('answers 502 places_unavailable when the geocoder fails', async () => {
    const { status, body } = await searchAt(`${base}/broken`);
    expect(status).toBe(502);
    expect(body).toMatchObject({ code: 'places_unavailable' });
  });
});
