/**
 * Queries built once and run many times: Kysely builds and compiles every query
 * afresh, and for the few statements that run for every direct message that costs more than
 * SQLite takes to run them. Knows no feature: repositories use it for their hottest queries.
 */
import { CompiledQuery, type Compilable, type Kysely, type Transaction } from 'kysely';
import { createHash } from 'node:crypto';
import type { QueryResultRow } from 'pg';
import { databaseErrorCode } from '../lib/db-errors.js';
import { directPostgres, directSqlite, runDirect } from './index.js';
import type { DB } from './types.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Where each bound value of the compiled SQL comes from: the name of one of the values. */
interface Plan<V> {
  sql: string;
  order: (keyof V)[];
  /**
   * The name PostgreSQL prepares the statement under, once per connection: from a hash of its
   * SQL, so the same name means the same statement in every process sharing a server.
   */
  name: string;
}

/**
 * PostgreSQL errors after which a named statement runs again unnamed: its plan no longer fits
 * the tables (a migration by another process changed a result type: 0A000), or the connection
 * lost its prepared statements (a pooler's reset: 26000).
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

const STAND_IN = '\u0000gameon-value:';

/**
 * The SQL of `build` run with stand-ins for `names`, and the name of the value each bound
 * parameter takes, in order: what {@link reusableQuery} and db/write-batch.ts batchStatement
 * keep to bind each call's values in their place.
 * @throws Error when `build` inlined a value, or bound one that is not among `names`.
 */
export function compileOnce<V extends object, R>(
  names: readonly (keyof V & string)[],
  build: (db: Executor, values: V) => Compilable<R>,
  db: Executor,
): { sql: string; order: (keyof V)[] } {
  const standIns = Object.fromEntries(names.map((name) => [name, `${STAND_IN}${name}`]));
  const { sql, parameters } = build(db, standIns as V).compile();
  if (sql.includes(STAND_IN)) throw new Error('reusableQuery: a value was inlined in the SQL');
  const order = parameters.map((parameter) => {
    if (typeof parameter !== 'string' || !parameter.startsWith(STAND_IN))
      throw new Error('reusableQuery: a bound value is not one of the named values');
    return parameter.slice(STAND_IN.length) as keyof V;
  });
  return { sql, order };
}

/**
 * A query whose shape never changes: `build` runs once per dialect with stand-ins for `names`
 * and its SQL is kept; each call binds that call's values in their place.
 * `build` must use each value only as a bound value (Kysely's `eb.val`, a comparison, an
 * `sql` template's `${value}`): never to decide the query's shape, never inlined.
 * On the embedded SQLite file, outside a transaction, the statement runs at once on the
 * connection ({@link directSqlite}) instead of through Kysely's executor: the same statement,
 * the same answer, timed for the query metric the same way, without Kysely's promises and lock
 * per query (about 10 us of 15 for a one-row lookup). On PostgreSQL, outside a transaction, it is
 * a named prepared statement on the pool ({@link directPostgres}): each connection parses and
 * plans it once, not at every call (so a pooler in front must keep sessions: PgBouncer in
 * session mode, or 1.21+ with `max_prepared_statements`); after {@link STALE_STATEMENT} errors
 * it runs once unnamed. Its time for the metric includes the wait for a pool connection. Inside
 * a transaction it goes through Kysely.
 * @returns `run(db, values)`: the rows, as the query built with `values` would answer them.
 * @throws Error (at its first run) when `build` inlined a value, or bound one that is not
 *   among `names` (a constant or a value computed from one).
 */
export function reusableQuery<V extends object, R>(
  names: readonly (keyof V & string)[],
  build: (db: Executor, values: V) => Compilable<R>,
): (db: Executor, values: V) => Promise<R[]> {
  // Per dialect adapter: a transaction's executor shares its database's adapter.
  const plans = new WeakMap<object, Plan<V>>();

  function plan(db: Executor): Plan<V> {
    const compiled = compileOnce(names, build, db);
    const hash = createHash('sha1').update(compiled.sql).digest('hex').slice(0, 16);
    return { ...compiled, name: `gameon_${hash}` };
  }

  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let known = plans.get(adapter);
    if (!known) {
      known = plan(db);
      plans.set(adapter, known);
    }
    const parameters = known.order.map((name) => values[name]);
    const direct = directSqlite(db);
    if (direct && !direct.sqlite.inTransaction) return runDirect<R>(direct, known.sql, parameters);
    const pool = directPostgres(db);
    if (pool) {
      const started = performance.now();
      const query = { text: known.sql, values: parameters };
      const { rows } = await pool.pool
        .query<QueryResultRow>({ ...query, name: known.name })
        .catch((error: unknown) => {
          const code = databaseErrorCode(error);
          if (code !== undefined && STALE_STATEMENT.has(code))
            return pool.pool.query<QueryResultRow>(query);
          throw error;
        });
      pool.onQuery?.(known.sql, performance.now() - started);
      return rows as R[];
    }
    const { rows } = await db.executeQuery<R>(CompiledQuery.raw(known.sql, parameters));
    return rows;
  };
}
