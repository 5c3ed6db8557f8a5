/**
 * The cost split and the log: a UPI ID, saved, refused or served to a player, never shows in the
 * request log, on a second real app logging everything over the harness's database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@gameon/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the log', () => {
  it('never shows a UPI ID, saved, refused or served to a player', async () => {
    const host = await server.signUp('costsloghost');
    const player = await server.signUp('costslogplayer');
    const game = await server.createPost(host.token, { playersNeeded: 2 });
    await server.request('POST', `/api/posts/${game.id}/interest`, { token: player.token });
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // A second app on the harness's database, logging everything into `lines`.
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-costs-log-'));
    const app = await buildApp(
      loadConfig({
        DATABASE_URL: server.databaseUrl,
        SEED_DEMO: 'false',
        WEB_DIST: '',
        UPLOADS_DIR: uploads,
      }),
      { logger: { level: 'trace', stream }, schedulerPollMs: null },
    );
    try {
      const as = (who: LoginResponse) => ({ authorization: `Bearer ${who.token}` });
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/settings/upi',
        headers: as(host),
        payload: { upiId: 'logged.never@okaxis' },
      });
      expect(saved.statusCode).toBe(200);
      const cost = await app.inject({
        method: 'PUT',
        url: `/api/posts/${game.id}/cost`,
        headers: as(host),
        payload: { kind: 'total', amountPaise: 90_000 },
      });
      expect(cost.body).toContain('logged.never@okaxis');
      const refused = await app.inject({
        method: 'PUT',
        url: '/api/settings/upi',
        headers: as(host),
        payload: { upiId: 'logged.never@ok axis' },
      });
      expect(refused.statusCode).toBe(400);
      const seen = await app.inject({
        method: 'GET',
        url: `/api/posts/${game.id}/cost`,
        headers: as(player),
      });
      expect(seen.body).toContain('logged.never@okaxis');
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain('logged.never');
    } finally {
      await app.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    }
  });
});
