/**
 * WAL checkpoints off the event loop (db/checkpoints.ts, issue 18) on a real SQLite file: the
 * serving connection never checkpoints, the worker copies the WAL into the database file, the
 * file is whole after close, and a worker that cannot run gives checkpoints back to the serving
 * connection.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startCheckpoints } from './checkpoints.js';
import { openDatabase } from './index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-checkpoints-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

describe('WAL checkpoints', () => {
  it('are copied into the database file by the worker, never by the serving connection', async () => {
    const file = path.join(dir, 'worker.db');
    const database = openDatabase({ dialect: 'sqlite', filename: file });
    const { db, sqlite } = database;
    expect(sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await sql`create table t (v text not null)`.execute(db);
    const before = size(file);
    // About 1,200 pages of WAL: past SQLite's automatic checkpoint, which stays off here.
    const insert = sqlite!.prepare('insert into t (v) values (?)');
    sqlite!.transaction(() => {
      for (let i = 0; i < 4_000; i++) insert.run('x'.repeat(1_000));
    })();
    expect(size(`${file}-wal`)).toBeGreaterThan(4_000_000);
    // The worker's next passive checkpoint copies the pages into the file.
    await vi.waitFor(() => expect(size(file)).toBeGreaterThan(before + 4_000_000), {
      timeout: 10_000,
      interval: 100,
    });

    await database.destroy();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from t').get()).toEqual({ n: 4_000 });
    reopened.close();
  });

  it('fall back to the serving connection when the worker cannot run', async () => {
    const file = path.join(dir, 'fallback.db');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    const errors: Error[] = [];
    const checkpoints = startCheckpoints(sqlite, path.join(dir, 'missing', 'no.db'), (error) =>
      errors.push(error),
    );
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await checkpoints.stop();
    sqlite.close();
  });
});
