/**
 * The request log: a private calendar feed's secret, which sits in its path, is
 * redacted from every logged request; lines carry the method, route, status, time
 * and request id, never a body, a token or a query. On a real app over a real database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { redactSecrets } from '../src/lib/http.js';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the request log', () => {
  it('never shows a feed secret', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // A second app on the harness's database, logging into `lines`.
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-log-'));
    const config = loadConfig({
      DATABASE_URL: server.databaseUrl,
      SEED_DEMO: 'false',
      WEB_DIST: '',
      UPLOADS_DIR: uploads,
    });
    const app = await buildApp(config, { logger: { level: 'info', stream } });
    try {
      const secret = 'S3cretFeedKey_abcdefghijklmnopqrstuvwxyz012';
      const res = await app.inject({ method: 'GET', url: `/api/calendar/${secret}.ics` });
      expect(res.statusCode).toBe(404);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login?code=QueryCode_0123456789',
        headers: { authorization: 'Bearer TokenValue_0123456789abcdef' },
        payload: { email: 'nobody@example.test', password: 'BodyPassword_0123456789' },
      });
      expect(login.statusCode).toBe(401);
      // Paths that miss the route are logged too, whatever their spelling.
      const misspelt = [
        `/api//calendar/${secret}.ics`,
        `/API/calendar/${secret}.ics`,
        `/api/Calendar/${secret}.ics`,
        `//api/calendar/${secret}.ics`,
        `/api/./calendar/${secret}.ics`,
        `/api/calendar/${secret}.ics/`,
        `/api/calendar/x/${secret}`,
        `/api/calendar/${encodeURIComponent(secret).replace(/[A-Za-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}.ics`,
      ];
      for (const url of misspelt) await app.inject({ method: 'GET', url });
      const log = lines.join('');
      expect(log).toContain('/api/calendar/[redacted]');
      expect(log).toContain('/API/calendar/[redacted]');
      expect(log).not.toContain(secret);
      // Nor any stretch of it, as in a key percent-encoded a character at a time.
      for (let at = 0; at + 8 <= secret.length; at += 4)
        expect(log).not.toContain(secret.slice(at, at + 8));
      for (const value of ['QueryCode_', 'TokenValue_', 'BodyPassword_', 'nobody@'])
        expect(log).not.toContain(value);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const incoming = entries.find(
        (e) => (e.req as { url?: string } | undefined)?.url === '/api/auth/login',
      );
      expect(incoming?.req).toMatchObject({ method: 'POST', route: '/api/auth/login' });
      const completed = entries.find((e) => e.reqId === incoming?.reqId && e.res !== undefined);
      expect(completed).toMatchObject({ res: { statusCode: 401 } });
      expect(typeof completed?.responseTime).toBe('number');
    } finally {
      await app.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    }
  });

  it("redacts no route's own words: every static path segment is shorter than a key", () => {
    const segments = server.routes.flatMap((route) =>
      route.url.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')),
    );
    expect(segments.length).toBeGreaterThan(20);
    for (const segment of segments) expect(redactSecrets(`/${segment}`)).toBe(`/${segment}`);
  });
});
