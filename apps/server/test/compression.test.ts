/**
 * Compression for a light first page, over real HTTP: the built web app's files go out
 * precompressed (`.br`/`.gz` beside each, written by the web build) with their Content-Encoding and
 * `Vary: Accept-Encoding`, hashed assets cached for a year and HTML revalidated; API JSON over
 * 1 KiB is compressed on the fly; pictures and small answers are not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';

const HTML = `<!doctype html><html><head><title>GameOn</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
/** The pre-rendered landing page (apps/web/vite.config.ts), which `/` sends instead of the app. */
const LANDING = HTML.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered><h1>GameOn</h1></div>',
);
const SCRIPT = `console.log(${JSON.stringify('GameOn '.repeat(400))});`;
const ASSET = '/assets/index-AbC123.js';

let server: TestServer;
let webDist: string;
let uploadsDir: string;

/** Writes `body` at `file` under the web build with its `.br` and `.gz` beside it. */
function writeCompressed(file: string, body: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-web-'));
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-uploads-'));
  writeCompressed(path.join(webDist, 'index.html'), HTML);
  writeCompressed(path.join(webDist, 'landing.html'), LANDING);
  writeCompressed(path.join(webDist, ASSET), SCRIPT);
  // Pictures are stored as WebP (modules/settings/pictures); these bytes would shrink if compressed.
  fs.writeFileSync(path.join(uploadsDir, 'avatar-1-abc.webp'), Buffer.alloc(4000, 7));
  server = await startServer({ WEB_DIST: webDist, UPLOADS_DIR: uploadsDir });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const get = (urlPath: string, acceptEncoding: string) =>
  fetch(server.url + urlPath, { headers: { 'accept-encoding': acceptEncoding } });

describe('the web app files', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('sends a hashed asset asked with %s as %s, cached for a year', async (asked, sent) => {
    const response = await get(ASSET, asked);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(sent);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await response.text()).toBe(SCRIPT);
  });

  it('sends an asset uncompressed to a client that accepts no encoding', async () => {
    const response = await get(ASSET, 'identity');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(SCRIPT);
  });

  it.each([
    ['/', 'the pre-rendered landing page', LANDING],
    ['/messages', 'the app', HTML],
  ])('sends at %s %s compressed, revalidated every time', async (at, _what, body) => {
    const response = await get(at, 'gzip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(body);
  });
});

describe('API answers and pictures', () => {
  it('compresses JSON over 1 KiB and leaves a small answer alone', async () => {
    const host = await server.signUp('squeezy');
    const game = await server.createPost(host.token, { description: 'Bring water. '.repeat(70) });
    const large = await get(`/api/posts/${game.id}`, 'br, gzip');
    expect(large.status).toBe(200);
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(((await large.json()) as { id: number }).id).toBe(game.id);

    const small = await get('/api/health', 'br, gzip');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ status: 'ok' });
  });

  it('sends a picture as it is', async () => {
    const response = await get('/uploads/avatar-1-abc.webp', 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
  });
});
