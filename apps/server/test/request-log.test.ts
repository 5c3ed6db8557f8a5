/**
 * The request log (issue 11): a private calendar feed's secret, which sits in its path, is
 * redacted from every logged request, on a real app over a real database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
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
      const log = lines.join('');
      expect(log).toContain('/api/calendar/[redacted]');
      expect(log).not.toContain(secret);
    } finally {
      await app.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    }
  });
});
