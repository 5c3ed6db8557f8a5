/**
 * Shareable game links, over real HTTP on a real database: the game page's HTML
 * carries its OpenGraph tags without a token and gives away no exact point or hidden place, and
 * `GET /api/posts/{id}` answers a signed-out visitor with the stranger's view.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Post } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';
import { areaOf } from './share-page.js';

const PUBLIC_URL = 'https://gameon.example';
const TEMPLATE =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>GameOn</title></head>' +
  '<body><div id="root"></div></body></html>';
// The exact point and the street, neither of which a visitor may learn.
const EXACT: [number, number] = [77.62451, 12.93528];
const PLACE = 'Turf Park, 80 Feet Road, Koramangala, Bengaluru, Karnataka, India';

let server: TestServer;
let webDist: string;
let host: LoginResponse;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  server = await startServer({ WEB_DIST: webDist, PUBLIC_URL });
  host = await server.signUp('sharehost');
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const gamePage = async (id: number | string) => {
  const response = await fetch(`${server.url}/posts/${id}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    html: await response.text(),
  };
};

/** The content of the `<meta>` with `key` (property or name) in `html`, or undefined. */
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('the game page /posts/{id}, fetched without a token', () => {
  it('holds the OpenGraph and Twitter tags of the game', async () => {
    const game = await server.createPost(host.token, {
      sport: 'Football',
      heading: 'Sunday 5-a-side',
      location: { type: 'Point', coordinates: EXACT },
      locationName: PLACE,
      // 13:30 UTC is 7:00 pm in India.
      eventTime: '2099-11-28T13:30:00.000Z',
    });
    const page = await gamePage(game.id);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(metaContent(page.html, 'og:title')).toBe('Football · Sunday 5-a-side');
    expect(metaContent(page.html, 'og:description')).toBe('Sat, 28 Nov, 2099, 7:00 pm · Bengaluru');
    expect(metaContent(page.html, 'og:url')).toBe(`${PUBLIC_URL}/posts/${game.id}`);
    // The game's own card at its version (share-card.test.ts draws it).
    expect(metaContent(page.html, 'og:image')).toBe(
      `${PUBLIC_URL}/api/posts/${game.id}/card.png?v=0`,
    );
    expect(metaContent(page.html, 'og:type')).toBe('website');
    expect(metaContent(page.html, 'twitter:card')).toBe('summary_large_image');
    expect(page.html).toContain('<title>Football · Sunday 5-a-side | GameOn</title>');
    expect(page.html).toContain('<div id="root"></div>');
  });

  it('gives away no exact coordinates and no street', async () => {
    const game = await server.createPost(host.token, {
      location: { type: 'Point', coordinates: EXACT },
      locationName: PLACE,
    });
    const { html } = await gamePage(game.id);
    for (const secret of ['77.62', '12.93', 'Turf Park', '80 Feet Road', 'Koramangala'])
      expect(html).not.toContain(secret);
  });

  it('escapes a heading that tries to break out of the tag', async () => {
    const game = await server.createPost(host.token, {
      heading: '"><script>alert(1)</script>',
    });
    const { html } = await gamePage(game.id);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('content="Football · &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('names no place when the host hides their location', async () => {
    const hider = await server.signUp('sharehider');
    await server.request('PUT', '/api/settings', {
      token: hider.token,
      body: { location_sharing: 'hidden' },
    });
    const game = await server.createPost(hider.token, {
      location: { type: 'Point', coordinates: EXACT },
      locationName: PLACE,
      eventTime: '2099-11-28T13:30:00.000Z',
    });
    const { html } = await gamePage(game.id);
    expect(metaContent(html, 'og:description')).toBe('Sat, 28 Nov, 2099, 7:00 pm');
    expect(html).not.toContain('Bengaluru');
  });

  it('is the plain app for an unknown game or an id that is not one', async () => {
    for (const id of [999999, 'abc', '0']) {
      const page = await gamePage(id);
      expect(page.status).toBe(200);
      expect(page.html).toBe(TEMPLATE);
    }
  });
});

describe('GET /api/posts/{id} signed out', () => {
  it('answers the game as a stranger sees it: the public point and only the city', async () => {
    const game = await server.createPost(host.token, {
      location: { type: 'Point', coordinates: EXACT },
      locationName: PLACE,
    });
    const visitor = await server.request<Post>('GET', `/api/posts/${game.id}`);
    const stranger = await server.signUp('sharestranger');
    const member = await server.request<Post>('GET', `/api/posts/${game.id}`, {
      token: stranger.token,
    });
    expect(visitor.status).toBe(200);
    expect(visitor.body.heading).toBe(game.heading);
    expect(visitor.body.location_name).toBe('Bengaluru');
    // The host shares a general location: both see the same ~1 km cell, never the exact point.
    expect(visitor.body.location).toEqual(member.body.location);
    expect(visitor.body.location?.coordinates).not.toEqual(EXACT);
    // Signed in, nothing changes.
    expect(member.body.location_name).toBe(PLACE);
  });

  it('tells a visitor the city of a place named "House, City, India", never the house', async () => {
    const game = await server.createPost(host.token, {
      location: { type: 'Point', coordinates: EXACT },
      locationName: 'Sharma Residence, Pune, India',
    });
    const visitor = await server.request<Post>('GET', `/api/posts/${game.id}`);
    expect(visitor.body.location_name).toBe('Pune');
    const { html } = await gamePage(game.id);
    expect(metaContent(html, 'og:description')).toMatch(/ · Pune$/);
    expect(html).not.toContain('Sharma');
  });

  it('shows no point and no place of a host who hides their location', async () => {
    const hider = await server.signUp('sharehider2');
    await server.request('PUT', '/api/settings', {
      token: hider.token,
      body: { location_sharing: 'hidden' },
    });
    const game = await server.createPost(hider.token, { locationName: PLACE });
    const visitor = await server.request<Post>('GET', `/api/posts/${game.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.location).toBeNull();
    expect(visitor.body.location_name).toBe('');
  });

  it('is 404 for an unknown game and 401 for a dead token', async () => {
    expect((await server.request('GET', '/api/posts/999999')).status).toBe(404);
    const game = await server.createPost(host.token);
    expect(
      (await server.request('GET', `/api/posts/${game.id}`, { token: 'not-a-session' })).status,
    ).toBe(401);
  });
});

describe('areaOf', () => {
  it('keeps the city of a place, never its street, venue or state', () => {
    expect(areaOf(PLACE)).toBe('Bengaluru');
    expect(areaOf('Koramangala, Bengaluru, Karnataka, India')).toBe('Bengaluru');
    expect(areaOf('Andheri, Mumbai')).toBe('Mumbai');
    expect(areaOf('Cubbon Park')).toBe('Cubbon Park');
    expect(areaOf('12, 4th Cross')).toBeNull();
  });

  it('never names the venue or house of a place with no state in its address', () => {
    expect(areaOf('Sharma Residence, Pune, India')).toBe('Pune');
    expect(areaOf('Sharma Residence, Pune, Maharashtra')).toBe('Pune');
    expect(areaOf('Sharma Residence, 14 MG Road, Pune, India')).toBe('Pune');
    expect(areaOf('Sharma Residence, Bengaluru')).toBe('Bengaluru');
    // Only a state follows the name: the state, never the name.
    expect(areaOf('Sharma Residence, Goa, India')).toBe('Goa');
    expect(areaOf('Sharma Residence, NCT of Delhi, India')).toBe('NCT of Delhi');
    expect(areaOf('Sharma Residence, India')).toBe('India');
  });
});
