/**
 * Database: one Kysely instance per process, on SQLite (better-sqlite3, the embedded
 * default) or PostgreSQL (pg), chosen by DATABASE_URL. Migrations run on start-up.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type KyselyConfig } from 'kysely';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../config.js';
import {
  DEFAULT_BUSY_TIMEOUT_MS,
  DEFAULT_WAL_LIMIT_BYTES,
  startCheckpoints,
} from './checkpoints.js';
import { migrations } from './migrations/index.js';
import type { DB } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * The embedded SQLite connection under `db` (undefined on PostgreSQL), for the few hot reads
   * that run prepared statements directly (the feed skeleton). Never write through it
   * outside Kysely's transactions.
   */
  sqlite?: SQLite.Database;
  destroy: () => Promise<void>;
}

/**
 * What {@link directSqlite} answers for a root Kysely instance on SQLite: its connection, the
 * same statement cache Kysely's driver uses, and the query-time hook of {@link openDatabase}.
 */
export interface DirectSqlite {
  sqlite: SQLite.Database;
  prepare: (source: string) => SQLite.Statement;
  onQuery?: (sql: string, milliseconds: number) => void;
}

/**
 * A statement prepared on the embedded SQLite connection answering rows of type `R`, for the
 * repositories that keep their own (db/index.ts knows the driver; nothing else imports it).
 */
export type SqliteStatement<R = unknown> = SQLite.Statement<unknown[], R>;

const directConnections = new WeakMap<object, DirectSqlite>();

/**
 * What {@link directPostgres} answers for a root Kysely instance on PostgreSQL: the pool under
 * it and the query-time hook of {@link openDatabase}.
 */
export interface DirectPostgres {
  pool: pg.Pool;
  onQuery?: (sql: string, milliseconds: number) => void;
}

const directPools = new WeakMap<object, DirectPostgres>();

/**
 * The pg pool under `db` when `db` is a database opened by {@link openDatabase} on PostgreSQL
 * (never a transaction's executor, which holds one connection of its own), for statements
 * prepared once per connection by name (db/reusable-query.ts): a query run on the
 * pool is what Kysely's root executor runs, on any free connection.
 */
export function directPostgres(db: object): DirectPostgres | undefined {
  return directPools.get(db);
}

/**
 * The embedded SQLite connection under `db` when `db` is a database opened by
 * {@link openDatabase} on SQLite (never a transaction's executor, nor PostgreSQL), for statements
 * run synchronously without Kysely's per-query promises and connection lock
 * (db/reusable-query.ts). A caller must not use it while `sqlite.inTransaction`: a transaction of
 * Kysely's holds the one connection then, and a statement run beside it would see or join its
 * uncommitted writes.
 */
export function directSqlite(db: object): DirectSqlite | undefined {
  return directConnections.get(db);
}

/**
 * Runs `sql` with `parameters` at once on `direct`'s connection (its cached statement), timed
 * for the query metric: the rows it returns, or none for a statement that returns none.
 * @throws whatever SQLite throws for the statement.
 */
export function runDirect<R>(direct: DirectSqlite, sql: string, parameters: unknown[]): R[] {
  const statement = direct.prepare(sql);
  const started = performance.now();
  const rows = (
    statement.reader ? statement.all(parameters) : (statement.run(parameters), [])
  ) as R[];
  direct.onQuery?.(sql, performance.now() - started);
  return rows;
}

/** How many prepared statements {@link cachingPrepare} keeps per SQLite connection. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * `sqlite` as Kysely's driver sees it, with `prepare` answering a cached statement for SQL it has
 * prepared before (Kysely prepares every query afresh, and preparing costs more than
 * running most of ours). The least recently used statement goes past {@link STATEMENT_CACHE_SIZE};
 * a cached statement still iterating (a stream) is not shared: a fresh one is prepared then.
 * `hooks.afterCommit` runs after each statement that commits: a `commit`, or a write run outside
 * a transaction (the WAL bound of db/checkpoints.ts is checked there).
 */
function cachingPrepare(sqlite: SQLite.Database, hooks: { afterCommit?: () => void }) {
  const cache = new Map<string, SQLite.Statement>();
  /** `statement`, with `run` and `all` followed by the commit hook when it may commit. */
  const watched = (source: string, statement: SQLite.Statement): SQLite.Statement => {
    // Transaction control reads as read-only to SQLite, so `commit` is named.
    if (statement.readonly && source !== 'commit') return statement;
    const run = statement.run.bind(statement);
    const all = statement.all.bind(statement);
    const committed = () => {
      if (!sqlite.inTransaction) hooks.afterCommit?.();
    };
    statement.run = (...parameters: unknown[]) => {
      const result = run(...parameters);
      committed();
      return result;
    };
    statement.all = (...parameters: unknown[]) => {
      const rows = all(...parameters);
      committed();
      return rows;
    };
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare(source: string): SQLite.Statement {
      const cached = cache.get(source);
      if (cached) {
        if (cached.busy) return watched(source, sqlite.prepare(source));
        cache.delete(source);
        cache.set(source, cached);
        return cached;
      }
      const statement = watched(source, sqlite.prepare(source));
      cache.set(source, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}

/**
 * Opens the database of `config` (creating the SQLite file and its folder if needed).
 * `onQuery` hears every query's SQL and its duration in milliseconds (metrics).
 * `onBackgroundError` hears errors of idle PostgreSQL connections (a server restart, a terminated
 * backend: the pool drops that connection; unheard, pg would crash the process) and of a SQLite
 * file's checkpoint worker (db/checkpoints.ts).
 */
export function openDatabase(
  config: DatabaseConfig,
  onBackgroundError: (error: Error) => void = () => {},
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
    const busyTimeoutMs = config.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    const sqlite = new SQLite(config.filename);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
    sqlite.pragma('synchronous = NORMAL');
    const hooks: { afterCommit?: () => void } = {};
    const prepared = cachingPrepare(sqlite, hooks);
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: prepared }), log });
    directConnections.set(db, {
      sqlite,
      prepare: (source) => prepared.prepare(source),
      ...(onQuery ? { onQuery } : {}),
    });
    const checkpoints =
      config.filename === ':memory:'
        ? undefined
        : startCheckpoints(sqlite, config.filename, onBackgroundError, {
            busyTimeoutMs,
            walLimitBytes: config.walLimitBytes ?? DEFAULT_WAL_LIMIT_BYTES,
          });
    if (checkpoints) hooks.afterCommit = () => checkpoints.afterCommit();
    const destroy = async () => {
      await checkpoints?.stop();
      await db.destroy();
    };
    return { db, dialect: 'sqlite', sqlite, destroy };
  }
  const pool = new pg.Pool({ connectionString: config.connectionString, max: 10 });
  pool.on('error', onBackgroundError);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  directPools.set(db, { pool, ...(onQuery ? { onQuery } : {}) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
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

/**
 * True when `db` is PostgreSQL with PostGIS and the feed's `posts.geog` column (migration 0016),
 * so the feed may use its PostGIS plan; false on SQLite or without the extension.
 */
export async function hasPostgisGeography(db: Kysely<DB>, dialect: Dialect): Promise<boolean> {
  if (dialect !== 'postgres') return false;
  const found = await sql`select 1 from information_schema.columns
    where table_schema = current_schema() and table_name = 'posts' and column_name = 'geog'`.execute(
    db,
  );
  return found.rows.length > 0;
}
