/**
 * Group commit, on either engine: the writes gathered in one turn of the event loop (say the
 * direct messages read from many sockets) are written by one call of the repository's writer, in
 * one transaction, while one failing write loses only itself; and the work of one key (a sender)
 * runs one piece after another. Knows no feature and no engine: a repository passes the writer
 * (its unit of work, built for the engine at start-up) and, for the embedded SQLite file, builds
 * its synchronous statements with {@link batchStatement} and runs them with
 * {@link runSqliteTransaction}.
 */
import type { Compilable, Kysely, Transaction } from 'kysely';
import { runDirect, type DirectSqlite } from './index.js';
import { compileOnce } from './reusable-query.js';
import type { DB } from './types.js';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Writes `items` in one transaction, all or nothing.
 * @returns each item's result, in the order of `items`.
 * @throws whatever the database throws; nothing of `items` is written then.
 */
export type WriteAll<I, T> = (items: readonly I[]) => T[] | Promise<T[]>;

/** The group commit of one kind of write: see {@link createGroupCommit}. */
export interface GroupCommit<I, T> {
  /**
   * Runs `work` once the earlier work of `key` has settled, whatever its outcome: one key's
   * work one piece after another, different keys' side by side. Writes made from `work` are
   * therefore never two of one key in one batch, and land in the order `work` was asked for.
   * @returns what `work` answers; rejects as it does.
   */
  inOrder: <R>(key: number, work: () => Promise<R>) => Promise<R>;
  /**
   * Writes `item` with the other items of this turn of the event loop, in one transaction.
   * @returns its result; rejects with the error that refused it alone (the others are written).
   */
  write: (item: I) => Promise<T>;
}

/**
 * The group commit of the writes `writeAll` makes: the items asked for in one turn are written
 * by one call, right after the turn's input (`setImmediate`), so one commit carries them all.
 * When that call throws, each item is written again alone, one after another, so the one the
 * database refuses fails alone with its error while the others are written (`writeAll` may
 * therefore run twice for an item: it must do nothing outside the database). Batches of later
 * turns may run while an earlier one waits for the database (PostgreSQL's pool).
 */
export function createGroupCommit<I, T>(writeAll: WriteAll<I, T>): GroupCommit<I, T> {
  let queued: { item: I; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];

  async function flush(): Promise<void> {
    const batch = queued;
    queued = [];
    try {
      const results = await writeAll(batch.map(({ item }) => item));
      batch.forEach(({ resolve }, i) => resolve(results[i] as T));
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
    }
    for (const { item, resolve, reject } of batch) {
      try {
        const [result] = await writeAll([item]);
        resolve(result as T);
      } catch (error) {
        reject(error);
      }
    }
  }

  const running = new Map<number, Promise<unknown>>();

  return {
    inOrder(key, work) {
      const current = (running.get(key) ?? Promise.resolve()).then(work);
      const settled = current.then(
        () => undefined,
        () => undefined,
      );
      running.set(key, settled);
      void settled.then(() => {
        if (running.get(key) === settled) running.delete(key);
      });
      return current;
    },

    write(item) {
      return new Promise<T>((resolve, reject) => {
        queued.push({ item, resolve, reject });
        if (queued.length === 1) setImmediate(() => void flush());
      });
    },
  };
}

/**
 * A statement for writes in a SQLite transaction run by {@link runSqliteTransaction}, built once
 * like `reusableQuery` ({@link compileOnce}): `build` runs once with stand-ins for `names`, and
 * each call binds that call's values. `build` must use each value only as a bound value, never to
 * decide the query's shape.
 * @returns `run(connection, values)`: the rows, run synchronously on the connection.
 * @throws Error (at its first run) when `build` inlined a value or bound one not among `names`;
 *   whatever SQLite throws for the statement.
 */
export function batchStatement<V extends object, R>(
  names: readonly (keyof V & string)[],
  build: (db: Executor, values: V) => Compilable<R>,
): (connection: SqliteConnection, values: V) => R[] {
  let plan: { sql: string; order: (keyof V)[] } | undefined;
  return (connection, values) => {
    plan ??= compileOnce(names, build, connection.db);
    const parameters = plan.order.map((name) => values[name]);
    return runDirect<R>(connection.direct, plan.sql, parameters);
  };
}

/** The embedded SQLite connection under `db`, for {@link batchStatement}s. */
export interface SqliteConnection {
  readonly db: Kysely<DB>;
  readonly direct: DirectSqlite;
}

/**
 * Runs `write` synchronously in one transaction on the embedded SQLite connection: a
 * {@link WriteAll} for {@link createGroupCommit}. The transaction begins IMMEDIATE, so a file
 * another connection holds fails at its start, before any write. While a transaction of
 * Kysely's holds the connection (it awaits between its statements), this one waits for it
 * through Kysely and runs inside a transaction of its own there, never beside it.
 * @returns what `write` answers.
 * @throws whatever `write` or SQLite throws; nothing of it is written then.
 */
export function runSqliteTransaction<T>(
  connection: SqliteConnection,
  write: () => T,
): T | Promise<T> {
  const { sqlite } = connection.direct;
  const transaction = sqlite.transaction(write);
  if (!sqlite.inTransaction) return transaction.immediate();
  // better-sqlite3 runs a transaction function inside an open transaction as a savepoint.
  // eslint-disable-next-line @typescript-eslint/require-await -- Kysely holds the connection
  return connection.db.transaction().execute(async () => transaction());
}
