/**
 * Group commit (db/write-batch.ts: the writes of one turn in one SQLite transaction) on a real
 * SQLite file: one failing write fails alone, a write that fails after writing leaves nothing of
 * itself, and a database that fails (locked by another connection, or a whole rollback) gives
 * the batch back with nothing written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './index.js';
import { batchStatement, runWriteBatch, type BatchConnection } from './write-batch.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-batch-'));
const file = path.join(dir, 'batch.db');
let database: Database;

const insert = batchStatement(['v'], (db, { v }: { v: string }) => ({
  compile: () => sql`insert into t (v) values (${v})`.compile(db),
}));

/** Inserts `v`; 'after' is inserted and then the write throws. */
function write(connection: BatchConnection, v: string): string {
  insert(connection, { v });
  if (v === 'after') throw new Error('failed after writing');
  return v;
}

async function stored(): Promise<string[]> {
  const { rows } = await sql<{ v: string }>`select v from t order by v`.execute(database.db);
  return rows.map((r) => r.v);
}

beforeAll(async () => {
  database = openDatabase({ dialect: 'sqlite', filename: file });
  await sql`create table t (v text not null)`.execute(database.db);
  // The database refuses 'bad' as a constraint would, and 'rollback' rolls everything back.
  await sql`create trigger refuse before insert on t begin
      select raise(abort, 'refused') where new.v = 'bad';
      select raise(rollback, 'rolled back') where new.v = 'rollback';
    end`.execute(database.db);
});
beforeEach(async () => {
  await sql`delete from t`.execute(database.db);
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a write batch', () => {
  it('stores every write of a good batch, in order', async () => {
    const results = runWriteBatch(database.db, ['a', 'b', 'c'], write);
    expect(results).toEqual([
      { ok: true, value: 'a' },
      { ok: true, value: 'b' },
      { ok: true, value: 'c' },
    ]);
    expect(await stored()).toEqual(['a', 'b', 'c']);
  });

  it('fails a refused write alone, and one that fails after writing leaves nothing', async () => {
    const results = runWriteBatch(database.db, ['a', 'bad', 'b', 'after', 'c'], write);
    expect(results?.map((r) => r.ok)).toEqual([true, false, true, false, true]);
    expect(await stored()).toEqual(['a', 'b', 'c']);
  });

  it('gives the batch back, with nothing written, when a write rolls everything back', async () => {
    expect(runWriteBatch(database.db, ['a', 'rollback', 'b'], write)).toBeUndefined();
    expect(await stored()).toEqual([]);
  });

  it('gives the batch back, with nothing written, while another connection holds the file', async () => {
    const other = new SQLite(file);
    database.sqlite!.pragma('busy_timeout = 20');
    other.prepare('begin immediate').run();
    try {
      expect(runWriteBatch(database.db, ['a', 'b'], write)).toBeUndefined();
    } finally {
      other.prepare('rollback').run();
      other.close();
      database.sqlite!.pragma('busy_timeout = 5000');
    }
    expect(await stored()).toEqual([]);
  });
});
