/**
 * Share cards, over real HTTP on a real database: the game page read as a link crawler reads it
 * (no JavaScript, a crawler's User-Agent, no token) names its own card as `og:image`, a
 * 1200×630 PNG made for the game, kept by game and version, that never says a hidden place.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Post } from '@gameon/shared';
import { loadConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/index.js';
import { startServer, type TestServer } from '../../../test/harness.js';
import { cardFacts, cardPng, cardSvg } from './share-card.js';

const PUBLIC_URL = 'https://gameon.example';
const TEMPLATE =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>GameOn</title></head>' +
  '<body><div id="root"></div></body></html>';
const CRAWLER = 'WhatsApp/2.23.20.0 A';
const EXACT: [number, number] = [77.62451, 12.93528];
const PLACE = 'Turf Park, 80 Feet Road, Koramangala, Bengaluru, Karnataka, India';

let server: TestServer;
let database: Database;
let webDist: string;
let host: LoginResponse;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  server = await startServer({ WEB_DIST: webDist, PUBLIC_URL });
  database = openDatabase(loadConfig({ DATABASE_URL: server.databaseUrl }).database);
  host = await server.signUp('cardhost');
});
afterAll(async () => {
  await database.destroy();
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The `og:image` of game `id`'s page, fetched as a crawler, as a URL of the test server. */
async function cardUrl(id: number): Promise<string> {
  const response = await fetch(`${server.url}/posts/${id}`, {
    headers: { 'user-agent': CRAWLER },
  });
  const html = await response.text();
  const image = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
  expect(image?.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  return image!.replace(PUBLIC_URL, server.url).replace(/&amp;/g, '&');
}

/** The image at `url`, fetched as a crawler: its type, size and bytes. */
async function fetchCard(url: string) {
  const response = await fetch(url, { headers: { 'user-agent': CRAWLER } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const meta = response.status === 200 ? await sharp(bytes).metadata() : null;
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    format: meta?.format,
    size: meta ? [meta.width, meta.height] : null,
    bytes,
  };
}

/** How many cards the server answered with `result` so far (its Prometheus counter). */
async function cardsCounted(result: 'hit' | 'render'): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = new RegExp(`^gameon_share_cards_total\\{result="${result}"\\} (\\d+)$`, 'm');
  return Number(line.exec(text)?.[1] ?? 0);
}

describe('the card of a shared game', () => {
  it("is the game's own 1200×630 PNG, another for another game", async () => {
    const football = await server.createPost(host.token, {
      sport: 'Football',
      heading: 'Sunday 5-a-side',
      location: { type: 'Point', coordinates: EXACT },
      locationName: PLACE,
      playersNeeded: 3,
    });
    const badminton = await server.createPost(host.token, {
      sport: 'Badminton',
      heading: 'Doubles at the club',
      location: { type: 'Point', coordinates: EXACT },
      locationName: PLACE,
      playersNeeded: 1,
    });
    const urls = [await cardUrl(football.id), await cardUrl(badminton.id)];
    expect(urls[0]).toContain(`/api/posts/${football.id}/card.png`);
    expect(urls[1]).toContain(`/api/posts/${badminton.id}/card.png`);
    const cards = [await fetchCard(urls[0]!), await fetchCard(urls[1]!)];
    for (const card of cards) {
      expect(card.status).toBe(200);
      expect(card.type).toBe('image/png');
      expect(card.format).toBe('png');
      expect(card.size).toEqual([1200, 630]);
    }
    expect(cards[0]!.bytes.equals(cards[1]!.bytes)).toBe(false);
  });

  it('says the sport, heading, time in India, area and players needed', async () => {
    const game = await server.createPost(host.token, {
      sport: 'Football',
      heading: 'Sunday 5-a-side',
      location: { type: 'Point', coordinates: EXACT },
      locationName: PLACE,
      // 13:30 UTC is 7:00 pm in India.
      eventTime: '2099-11-28T13:30:00.000Z',
      playersNeeded: 3,
    });
    const visitor = await server.request<Post>('GET', `/api/posts/${game.id}`);
    const svg = cardSvg(cardFacts(visitor.body));
    for (const words of ['FOOTBALL', 'Sunday 5-a-side', 'Bengaluru', '3 players needed'])
      expect(svg).toContain(`aria-label="${words}"`);
    expect(svg).toMatch(/aria-label="Sat, 28 Nov[^"]*7:00 pm"/);
    // The visitor's area only, never the venue or street.
    for (const secret of ['Turf Park', '80 Feet Road', 'Koramangala'])
      expect(svg).not.toContain(secret);
    // What is served is exactly that drawing.
    const served = await fetchCard(await cardUrl(game.id));
    expect(served.bytes.equals(await cardPng(svg))).toBe(true);
  });

  it('never names the place of a host who hides their location', async () => {
    const hider = await server.signUp('cardhider');
    await server.request('PUT', '/api/settings', {
      token: hider.token,
      body: { location_sharing: 'hidden' },
    });
    const game = await server.createPost(hider.token, {
      location: { type: 'Point', coordinates: EXACT },
      locationName: PLACE,
    });
    const visitor = await server.request<Post>('GET', `/api/posts/${game.id}`);
    const svg = cardSvg(cardFacts(visitor.body));
    for (const secret of ['Bengaluru', 'Koramangala', 'Turf Park', 'Karnataka'])
      expect(svg).not.toContain(secret);
    const served = await fetchCard(await cardUrl(game.id));
    expect(served.bytes.equals(await cardPng(svg))).toBe(true);
  });

  it('is drawn once per version: kept on the second fetch, drawn anew after a change', async () => {
    const game = await server.createPost(host.token, { heading: 'Evening kickabout' });
    const first = await cardUrl(game.id);
    const rendered = await cardsCounted('render');
    const hits = await cardsCounted('hit');
    const a = await fetchCard(first);
    const b = await fetchCard(first);
    expect(await cardsCounted('render')).toBe(rendered + 1);
    expect(await cardsCounted('hit')).toBe(hits + 1);
    expect(b.bytes.equals(a.bytes)).toBe(true);

    // An edit of the game moves its version (the edit itself is the host's page's).
    await sql`update posts set heading = ${'Evening kickabout, 2 more'}, version = version + 1
      where id = ${game.id}`.execute(database.db);
    const second = await cardUrl(game.id);
    expect(second).not.toBe(first);
    const c = await fetchCard(second);
    expect(await cardsCounted('render')).toBe(rendered + 2);
    expect(c.size).toEqual([1200, 630]);
    expect(c.bytes.equals(a.bytes)).toBe(false);
  });

  it('is drawn anew when the host hides their place, though no version moved', async () => {
    const mover = await server.signUp('cardmover');
    const game = await server.createPost(mover.token, {
      location: { type: 'Point', coordinates: EXACT },
      locationName: PLACE,
    });
    const before = await fetchCard(await cardUrl(game.id));
    await server.request('PUT', '/api/settings', {
      token: mover.token,
      body: { location_sharing: 'hidden' },
    });
    const after = await fetchCard(await cardUrl(game.id));
    const visitor = await server.request<Post>('GET', `/api/posts/${game.id}`);
    expect(visitor.body.location_name).toBe('');
    expect(after.bytes.equals(before.bytes)).toBe(false);
    expect(after.bytes.equals(await cardPng(cardSvg(cardFacts(visitor.body))))).toBe(true);
  });

  it('says "Online" for an online game, whatever its host hides', async () => {
    const gamer = await server.signUp('cardgamer');
    await server.request('PUT', '/api/settings', {
      token: gamer.token,
      body: { location_sharing: 'hidden' },
    });
    const game = await server.createPost(gamer.token, {
      sport: 'Valorant',
      heading: 'Ranked five-stack',
      locationName: 'Online',
    });
    const visitor = await server.request<Post>('GET', `/api/posts/${game.id}`);
    expect(cardSvg(cardFacts(visitor.body))).toContain('aria-label="Online"');
  });

  it('draws a heading that tries to break out of the SVG as plain words', async () => {
    const heading = '"/><image href="https://evil.example/x.png"/> & <b>Co</b>';
    const game = await server.createPost(host.token, { heading });
    const visitor = await server.request<Post>('GET', `/api/posts/${game.id}`);
    const svg = cardSvg(cardFacts(visitor.body));
    expect(svg).not.toContain('<image');
    expect(svg).not.toContain('<b>');
    const card = await fetchCard(await cardUrl(game.id));
    expect(card.status).toBe(200);
    expect(card.size).toEqual([1200, 630]);
  });

  it('is 404 for an unknown or deleted game, 400 for an id that is not one', async () => {
    expect((await fetchCard(`${server.url}/api/posts/999999/card.png`)).status).toBe(404);
    const game = await server.createPost(host.token);
    await server.request('DELETE', `/api/posts/${game.id}`, { token: host.token });
    expect((await fetchCard(`${server.url}/api/posts/${game.id}/card.png`)).status).toBe(404);
    expect((await fetchCard(`${server.url}/api/posts/abc/card.png`)).status).toBe(400);
  });
});
