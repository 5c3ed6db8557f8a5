/**
 * The storage engine's capabilities, decided once at start-up: the one place outside the
 * migrations that tells SQLite from PostgreSQL. Repositories that need an engine-specific part
 * (a query plan, a direct connection) get it from a factory that takes this object at start-up;
 * services never see it.
 */
import type { Database, Dialect, DirectPostgres, DirectSqlite } from './index.js';
import { directPostgres, directSqlite, hasPostgisGeography } from './index.js';

export interface Engine {
  /** Which database runs under Kysely. */
  readonly dialect: Dialect;
  /**
   * PostgreSQL with PostGIS and the feed's `posts.geog` column (migration 0016), and the
   * configuration allows it (`POSTGIS=auto`): the feed may use its PostGIS plan.
   */
  readonly postgis: boolean;
  /** The embedded SQLite connection under Kysely (SQLite only; db/index.ts directSqlite). */
  readonly sqlite?: DirectSqlite;
  /** The PostgreSQL pool under Kysely (PostgreSQL only; db/index.ts directPostgres). */
  readonly pool?: DirectPostgres;
}

/**
 * The capabilities of `database`, once its migrations have run. `allowPostgis` is the
 * configuration's `POSTGIS=auto`.
 */
export async function detectEngine(
  database: Database,
  { allowPostgis }: { allowPostgis: boolean },
): Promise<Engine> {
  const { db, dialect } = database;
  const sqlite = directSqlite(db);
  const pool = directPostgres(db);
  return {
    dialect,
    postgis: allowPostgis && dialect === 'postgres' && (await hasPostgisGeography(db, dialect)),
    ...(sqlite ? { sqlite } : {}),
    ...(pool ? { pool } : {}),
  };
}
