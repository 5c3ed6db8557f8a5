/**
 * Group commit (db/write-batch.ts) on a real SQLite file: the items of one turn are written by
 * one transaction, one failing write fails alone and leaves nothing of itself (even one that
 * rolls the whole transaction back), a database another connection holds fails every write with
 * nothing written, one key's work runs in order, and a write waits for a transaction of Kysely's
 * that holds the connection.
 * The engine-neutral parts are the same on PostgreSQL; the direct messages' group-commit test
 * (modules/direct/group-commit.test.ts) runs them on both engines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { databaseErrorCode } from '../lib/db-errors.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { directSqlite, openDatabase, type Database } from './index.js';
import {
  batchStatement,
  createGroupCommit,
  runSqliteTransaction,
  type SqliteConnection,
} from './write-batch.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-batch-'));
const file = path.join(dir, 'batch.db');
let database: Database;
let connection: SqliteConnection;

const insert = batchStatement(['v'], (db, { v }: { v: string }) => ({
  compile: () => sql`insert into t (v) values (${v})`.compile(db),
}));

/** The batches written, by their items. */
let batches: string[][] = [];

/** Writes `items` in one transaction; 'after' is inserted and then its write throws. */
function writeAll(items: readonly string[]) {
  return runSqliteTransaction(connection, () => {
    batches.push([...items]);
    return items.map((v) => {
      insert(connection, { v });
      if (v === 'after') throw new Error('failed after writing');
      return v.toUpperCase();
    });
  });
}

async function stored(): Promise<string[]> {
  const { rows } = await sql<{ v: string }>`select v from t order by v`.execute(database.db);
  return rows.map((r) => r.v);
}

beforeAll(async () => {
  database = openDatabase({ dialect: 'sqlite', filename: file });
  connection = { db: database.db, direct: directSqlite(database.db)! };
  await sql`create table t (v text not null)`.execute(database.db);
  // The database refuses 'bad' as a constraint would, and 'rollback' rolls everything back.
  await sql`create trigger refuse before insert on t begin
      select raise(abort, 'refused') where new.v = 'bad';
      select raise(rollback, 'rolled back') where new.v = 'rollback';
    end`.execute(database.db);
});
beforeEach(async () => {
  await sql`delete from t`.execute(database.db);
  batches = [];
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a group commit', () => {
  it('writes the items asked for in one turn in one transaction, each answered', async () => {
    const commit = createGroupCommit(writeAll);
    const results = await Promise.all(['a', 'b', 'c'].map((v) => commit.write(v)));
    expect(results).toEqual(['A', 'B', 'C']);
    expect(batches).toEqual([['a', 'b', 'c']]);
    expect(await stored()).toEqual(['a', 'b', 'c']);
  });

  it('fails a refused write alone, and one that fails after writing leaves nothing', async () => {
    const commit = createGroupCommit(writeAll);
    const results = await Promise.allSettled(
      ['a', 'bad', 'b', 'after', 'c'].map((v) => commit.write(v)),
    );
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      'A',
      'failed',
      'B',
      'failed',
      'C',
    ]);
    expect(await stored()).toEqual(['a', 'b', 'c']);
  });

  it('fails alone a write that rolls the whole transaction back', async () => {
    const commit = createGroupCommit(writeAll);
    const results = await Promise.allSettled(['a', 'rollback', 'b'].map((v) => commit.write(v)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored()).toEqual(['a', 'b']);
  });

  it('fails every write, with nothing written, while another connection holds the file', async () => {
    const commit = createGroupCommit(writeAll);
    const other = new SQLite(file);
    connection.direct.sqlite.pragma('busy_timeout = 20');
    other.prepare('begin immediate').run();
    try {
      const results = await Promise.allSettled(['a', 'b'].map((v) => commit.write(v)));
      expect(results.map((r) => r.status === 'rejected' && databaseErrorCode(r.reason))).toEqual([
        'SQLITE_BUSY',
        'SQLITE_BUSY',
      ]);
    } finally {
      other.prepare('rollback').run();
      other.close();
      connection.direct.sqlite.pragma('busy_timeout = 5000');
    }
    expect(await stored()).toEqual([]);
    expect(await commit.write('c')).toBe('C');
  });

  it("runs one key's work one piece after another, another key's beside it", async () => {
    const commit = createGroupCommit(writeAll);
    const log: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = commit.inOrder(1, async () => {
      log.push('1a starts');
      await held;
      throw new Error('1a fails');
    });
    const second = commit.inOrder(1, async () => {
      log.push('1b starts');
      return commit.write('b');
    });
    const other = commit.inOrder(2, async () => {
      log.push('2 starts');
      return commit.write('x');
    });
    expect(await other).toBe('X');
    expect(log).toEqual(['1a starts', '2 starts']);
    release();
    await expect(first).rejects.toThrow('1a fails');
    expect(await second).toBe('B');
    expect(log).toEqual(['1a starts', '2 starts', '1b starts']);
  });

  it("waits for a transaction of Kysely's holding the connection, and writes apart from it", async () => {
    const commit = createGroupCommit(writeAll);
    let written: Promise<string> | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into t (v) values ('rolled back')`.execute(trx);
        written = commit.write('a');
        // Lets the batch run while this transaction holds the connection.
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await written).toBe('A');
    expect(await stored()).toEqual(['a']);
  });
});
