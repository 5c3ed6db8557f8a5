/**
 * WAL checkpoints off the event loop (db/checkpoints.ts) on a real SQLite file: the
 * serving connection never checkpoints, the worker copies the WAL into the database file, the
 * file is whole after close, a worker that cannot run gives checkpoints back to the serving
 * connection, and under writes that never pause the WAL stays under its bound without a writer
 * ever being locked out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
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
    const checkpoints = startCheckpoints(
      sqlite,
      path.join(dir, 'missing', 'no.db'),
      (error) => errors.push(error),
      { busyTimeoutMs: 5000, walLimitBytes: 64 * 1024 * 1024 },
    );
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await checkpoints.stop();
    sqlite.close();
  });

  it('keep the WAL under its bound under writes that never pause, and never lock a writer out', async () => {
    const file = path.join(dir, 'sustained.db');
    const walLimitBytes = 8 * 1024 * 1024;
    const errors: string[] = [];
    // A writer that gives up after 100 ms: a checkpoint holding it longer would fail a write.
    const database = openDatabase(
      { dialect: 'sqlite', filename: file, busyTimeoutMs: 100, walLimitBytes },
      (error) => errors.push(error.message),
    );
    const { db } = database;
    await sql`create table t (id integer primary key, v text not null)`.execute(db);
    // Random keys in an index touch pages all over it: each transaction writes about 0.5 MB of WAL.
    await sql`create index t_v on t (v)`.execute(db);
    const row = () => ({ v: `${Math.random().toString(36)}`.repeat(50) });
    let written = 0;
    let walWritten = 0;
    let largest = 0;
    let truncations = 0;
    let previous = 0;
    // Writes back to back for 8 s, many times the bound in WAL. The only break between two
    // transactions is a turn of the event loop, as between two requests.
    const until = Date.now() + 8_000;
    while (Date.now() < until) {
      try {
        await db.transaction().execute((trx) =>
          trx
            .insertInto('t' as never)
            .values(Array.from({ length: 40 }, row) as never)
            .execute(),
        );
        written += 40;
      } catch (error) {
        errors.push((error as Error).message);
      }
      const wal = size(`${file}-wal`);
      if (wal < previous) truncations += 1;
      walWritten += wal < previous ? wal : wal - previous;
      largest = Math.max(largest, wal);
      previous = wal;
      await nextTurn();
    }
    expect(errors).toEqual([]);
    expect(walWritten).toBeGreaterThan(12 * walLimitBytes);
    expect(largest).toBeLessThan(walLimitBytes);
    // The WAL was emptied again and again while the writer ran.
    expect(truncations).toBeGreaterThan(10);
    const { n } = (await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!;
    expect(n).toBe(written);
    await database.destroy();
  }, 60_000);
});
