/**
 * Database: one Kysely instance per process, on SQLite (better-sqlite3, the embedded
 * default) or PostgreSQL (pg), chosen by DATABASE_URL. Migrations run on start-up.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type KyselyConfig,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../config.js';
import { migrations } from './migrations/index.js';
import type { DB } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy: () => Promise<void>;
}

/**
 * Opens the database of `config` (creating the SQLite file and its folder if needed).
 * `onQuery` hears every query's SQL and its duration in milliseconds (metrics, issue 18).
 * `onIdleError` hears errors of idle PostgreSQL connections (a server restart, a terminated
 * backend): the pool drops that connection; unheard, pg would crash the process.
 */
export function openDatabase(
  config: DatabaseConfig,
  onIdleError: (error: Error) => void = () => {},
  onQuery?: (sql: string, milliseconds: number) => void,
): Database {
  const log: KyselyConfig['log'] = onQuery
    ? (event) => {
        if (event.level === 'query') onQuery(event.query.sql, event.queryDurationMillis);
      }
    : undefined;
  if (config.dialect === 'sqlite') {
    if (config.filename !== ':memory:') {
      fs.mkdirSync(path.dirname(path.resolve(config.filename)), { recursive: true });
    }
    const sqlite = new SQLite(config.filename);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      log,
    });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: config.connectionString, max: 10 });
  pool.on('error', onIdleError);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

/** Prepared statements kept per connection; the least recently used beyond this are dropped. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * `sqlite` with its prepared statements reused by SQL text (least recently used first out):
 * Kysely's driver prepares every query anew, which took more CPU than running it on the hot
 * paths of issue 18 (a direct message is a handful of small statements). A statement is never
 * in use twice at once: the driver runs one query at a time and GameOn streams no query.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) {
        const [oldest] = statements.keys();
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

/**
 * Runs every pending migration. Returns `fresh: true` when the database had none applied
 * before (a new database), which decides demo seeding. Throws if a migration fails.
 */
export async function migrateToLatest(db: Kysely<DB>): Promise<{ fresh: boolean }> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const before = await migrator.getMigrations();
  const fresh = before.every((m) => m.executedAt === undefined);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed`, { cause: error });
  }
  return { fresh };
}
