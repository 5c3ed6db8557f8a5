/**
 * Group commit on the embedded SQLite file: the writes gathered in one turn of the
 * event loop (say the direct messages read from many sockets) run in one transaction, each in
 * its own savepoint when one fails, so one commit carries them all while one failing write loses
 * only itself.
 * Knows no feature: repositories build their batched statements with {@link batchStatement}.
 */
import type { Compilable, Kysely, Transaction } from 'kysely';
import { databaseErrorCode } from '../lib/db-errors.js';
import { directSqlite, runDirect, type DirectSqlite } from './index.js';
import { compileOnce } from './reusable-query.js';
import type { DB } from './types.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** The connection of a running batch, handed to its writes; usable only inside the batch. */
export interface BatchConnection {
  readonly db: Kysely<DB>;
  readonly direct: DirectSqlite;
}

/** One write's outcome in a batch: its value, or the error that rolled back its savepoint. */
export type BatchResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * A statement for writes in a batch, built once like `reusableQuery` ({@link compileOnce}):
 * `build` runs once with stand-ins for `names`, and each call binds that call's values. `build`
 * must use each value only as a bound value, never to decide the query's shape.
 * @returns `run(connection, values)`: the rows, run synchronously on the batch's connection.
 * @throws Error (at its first run) when `build` inlined a value or bound one not among `names`;
 *   whatever SQLite throws for the statement.
 */
export function batchStatement<V extends object, R>(
  names: readonly (keyof V & string)[],
  build: (db: Executor, values: V) => Compilable<R>,
): (connection: BatchConnection, values: V) => R[] {
  let plan: { sql: string; order: (keyof V)[] } | undefined;
  return (connection, values) => {
    plan ??= compileOnce(names, build, connection.db);
    const parameters = plan.order.map((name) => values[name]);
    return runDirect<R>(connection.direct, plan.sql, parameters);
  };
}

/**
 * SQLite result codes that say the database, not one write, failed (locked by another
 * connection, I/O, a full disk, memory, corruption, read-only): the whole batch is given back
 * then, never answered item by item.
 */
const WHOLE_BATCH_FAILURE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|NOMEM|CORRUPT|READONLY|CANTOPEN)/;

/** True when `error` is one of {@link WHOLE_BATCH_FAILURE}'s. */
function failsWholeBatch(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code !== undefined && WHOLE_BATCH_FAILURE.test(code);
}

/**
 * Runs `write` for each of `items` synchronously in one transaction on the embedded SQLite
 * connection of `db`. The transaction begins IMMEDIATE, so a database another connection holds
 * fails at its start, before any write. The batch runs first as it comes; when a write throws,
 * that transaction is rolled back and the batch runs again with each item in its own savepoint,
 * so the item that throws is rolled back alone and answered with its error while the others
 * commit together (savepoints cost two statements an item, paid only by a batch with a failure).
 * `write` may therefore run twice for an item: it must do nothing outside the database.
 * @returns each item's {@link BatchResult} in order; undefined when no batch can run (PostgreSQL,
 *   a transaction of Kysely's holding the connection) or the database failed rather than one
 *   write ({@link WHOLE_BATCH_FAILURE}: busy, I/O, a full disk, ...; or a write that rolled the
 *   whole transaction back): nothing was written then, and the caller writes the items its usual
 *   way.
 */
export function runWriteBatch<I, T>(
  db: Kysely<DB>,
  items: readonly I[],
  write: (connection: BatchConnection, item: I) => T,
): BatchResult<T>[] | undefined {
  const direct = directSqlite(db);
  if (!direct || direct.sqlite.inTransaction) return undefined;
  const connection: BatchConnection = { db, direct };
  const plain = direct.sqlite.transaction(() =>
    items.map((item): BatchResult<T> => ({ ok: true, value: write(connection, item) })),
  );
  try {
    return plain.immediate();
  } catch (error) {
    // Rolled back whole: run it again, item by item, unless the database itself failed.
    if (failsWholeBatch(error) || direct.sqlite.inTransaction) return undefined;
  }
  // better-sqlite3 runs a transaction function called inside another as a savepoint.
  const one = direct.sqlite.transaction((item: I) => write(connection, item));
  const all = direct.sqlite.transaction(() =>
    items.map((item): BatchResult<T> => {
      try {
        return { ok: true, value: one(item) };
      } catch (error) {
        // Some errors (a full disk, say) make SQLite roll the whole transaction back: the next
        // items would then commit one by one, outside it. Give the whole batch back instead.
        if (failsWholeBatch(error) || !direct.sqlite.inTransaction) throw error;
        return { ok: false, error };
      }
    }),
  );
  try {
    return all.immediate();
  } catch {
    return undefined;
  }
}
