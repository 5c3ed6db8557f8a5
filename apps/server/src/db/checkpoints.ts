/**
 * WAL checkpoints off the event loop, and a bounded WAL that never locks a writer out.
 * SQLite's automatic checkpoint runs in the connection that commits past 1,000 pages of WAL: it
 * copies them into the database file and syncs it, and on the one connection of this process
 * that blocked every request and socket for tens of milliseconds every second or two under load
 * (direct messages at 2,000 a second: delivery p99 per second 18–28 ms with stalls past 100 ms;
 * without it 8–16 ms).
 *
 * Here the serving connection never checkpoints by itself (`wal_autocheckpoint = 0`); a worker
 * thread with its own connection to the same file runs a PASSIVE checkpoint every
 * {@link INTERVAL_MS}, or sooner once the WAL has grown by {@link STEP_BYTES}, which never waits
 * for the writer nor makes it wait.
 *
 * Copying is not enough to bound the WAL: SQLite starts it over only once every frame has been
 * copied at the moment a write begins, which writes that never pause never allow. A RESTART or
 * TRUNCATE checkpoint on another connection would force it, but it holds every writer back while
 * it copies what is left and syncs, and a writer held past its `busy_timeout` fails with
 * `database is locked` (a 1M-game `bench:seed` did, with a 1.5 GB WAL). So after every commit
 * on the serving connection ({@link Checkpoints.afterCommit}), once the WAL file has passed a
 * quarter of its bound, that connection itself runs a TRUNCATE checkpoint, between two
 * transactions and with no busy wait: it copies what the worker has not yet (little) and empties
 * the file. Being the writer, it never locks a writer out; this thread's writes wait for it
 * instead, which is what holds the bound when writes outrun the copying. While the worker is
 * copying it tries again at the next commit, and past half the bound it waits for that copy to
 * end (the two checkpointers share a lock: SQLite refuses a second checkpoint at once, busy
 * handler or not). Checked at each commit rather than on a timer, the bound holds however fast
 * the writes come: the WAL exceeds half of it by one transaction at most. The worker also tells
 * this thread when it sees the WAL past a quarter of the bound (writes that bypass the check),
 * and when everything is copied with nothing written since, so an idle server keeps no WAL on
 * disk. A single transaction larger than the bound still grows the WAL past it until it commits.
 *
 * Measured with writes back to back (0.5 MB of WAL per transaction) under a 8 MiB bound: the
 * file peaked at 3.7 MB over 1.1 GB of WAL written in 8 s, on a 2-core machine busy with six
 * other processes too; no write failed with a 100 ms busy timeout. With a worker's RESTART
 * instead, 26 writes failed in 20 s and the file reached 667 MB; with the check on a 10 ms timer
 * instead of at each commit, a busy machine let the file pass the bound.
 *
 * The worker is plain JavaScript evaluated from a string, so it runs the same under tsx, vitest
 * and a build.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker checkpoints while the WAL grows slowly or not at all, in milliseconds. */
const INTERVAL_MS = 500;

/** How often the worker looks at the WAL file's size, in milliseconds. */
const POLL_MS = 10;

/** The default bound of the WAL file, in bytes (config: `walLimitBytes`). */
export const DEFAULT_WAL_LIMIT_BYTES = 128 * 1024 * 1024;

/** The default time a statement waits for another connection's lock, in milliseconds. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * How much the WAL may grow before the worker copies ahead of its interval, in bytes (at most
 * an eighth of the bound).
 */
const STEP_BYTES = 4 * 1024 * 1024;

/**
 * The worker: `workerData` is {driver, filename, lock, intervalMs, pollMs, busyTimeoutMs,
 * stepBytes, truncateBytes}; `lock` is the checkpointers' lock (an Int32Array's buffer: 0 free,
 * 1 taken). It posts `{ error }` when a checkpoint fails, `{ quiet: true }` when the WAL is all
 * copied and nothing was written since its last copy, and `{ grown: true }` when it finds the WAL
 * at `truncateBytes` or more.
 */
const WORKER_SOURCE = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
db.pragma('synchronous = NORMAL');
const lock = new Int32Array(workerData.lock);
function walBytes() {
  try {
    return fs.statSync(workerData.filename + '-wal').size;
  } catch {
    return 0;
  }
}
let lastCopy = 0;
let bytesAtCopy = 0;
let previousLog = -1;
function copy() {
  if (Atomics.compareExchange(lock, 0, 0, 1) !== 0) return false;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    const quiet = result.log > 0 && result.checkpointed === result.log && result.log === previousLog;
    previousLog = quiet ? -1 : result.log;
    if (quiet) parentPort.postMessage({ quiet: true });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  } finally {
    Atomics.store(lock, 0, 0);
    Atomics.notify(lock, 0);
  }
  return true;
}
const timer = setInterval(() => {
  const bytes = walBytes();
  if (bytes >= workerData.truncateBytes) parentPort.postMessage({ grown: true });
  // A truncation since the last copy starts the count again.
  if (bytes < bytesAtCopy) bytesAtCopy = 0;
  if (bytes - bytesAtCopy < workerData.stepBytes && Date.now() - lastCopy < workerData.intervalMs) return;
  if (!copy()) return; // the serving connection is truncating
  lastCopy = Date.now();
  bytesAtCopy = bytes;
}, workerData.pollMs);
parentPort.on('message', () => {
  clearInterval(timer);
  copy();
  db.close();
  parentPort.close();
});
`;

/** The running checkpointer of one database file. */
export interface Checkpoints {
  /**
   * To be called after each commit on the serving connection (a write outside a transaction
   * included): truncates the WAL once it has passed a quarter of its bound. Costs one `stat` of
   * the WAL file below that.
   */
  afterCommit(): void;
  /** Stops the worker after a last checkpoint; resolves once it has closed its connection. */
  stop(): Promise<void>;
}

export interface CheckpointOptions {
  /** The serving connection's `busy_timeout`, in milliseconds (the worker's too). */
  busyTimeoutMs: number;
  /** The size the WAL file is kept under, in bytes. */
  walLimitBytes: number;
}

/** Messages of the worker. */
type FromWorker = { error: string } | { quiet: true } | { grown: true };

const walBytes = (filename: string) => {
  try {
    return fs.statSync(`${filename}-wal`).size;
  } catch {
    return 0;
  }
};

/**
 * Moves `sqlite`'s WAL checkpoints to a worker thread with its own connection to `filename` (a
 * file, never `:memory:`), and keeps the WAL file under `walLimitBytes` as described above.
 * Should the worker fail to start or die, `sqlite` checkpoints by itself again
 * (`wal_autocheckpoint = 1000`, SQLite's default) and `onError` hears why.
 */
export function startCheckpoints(
  sqlite: SQLite.Database,
  filename: string,
  onError: (error: Error) => void,
  { busyTimeoutMs, walLimitBytes }: CheckpointOptions,
): Checkpoints {
  const lock = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      filename,
      lock: lock.buffer,
      intervalMs: INTERVAL_MS,
      pollMs: POLL_MS,
      busyTimeoutMs,
      stepBytes: Math.min(STEP_BYTES, Math.floor(walLimitBytes / 8)),
      truncateBytes: walLimitBytes / 4,
    },
  });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  let failed = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  /**
   * The serving connection's TRUNCATE checkpoint, unless a transaction is open on it (not all
   * of it is committed: next commit) or the worker is copying (next commit, or once `wait` is
   * set, once its copy is over: at most `busyTimeoutMs`). No busy wait: should a connection of
   * another process be reading, it gives up at once.
   */
  const truncate = (wait: boolean) => {
    if (stopping || failed || !sqlite.open || sqlite.inTransaction) return;
    while (Atomics.compareExchange(lock, 0, 0, 1) !== 0) {
      if (!wait || Atomics.wait(lock, 0, 1, busyTimeoutMs) === 'timed-out') return;
    }
    try {
      sqlite.pragma('busy_timeout = 0');
    } catch {
      // A statement of this connection is still reading (an open iterator): next commit.
      Atomics.store(lock, 0, 0);
      return;
    }
    try {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
    } catch (error) {
      onError(error as Error);
    } finally {
      sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
      Atomics.store(lock, 0, 0);
    }
  };
  const afterCommit = () => {
    if (stopping || failed) return;
    const bytes = walBytes(filename);
    if (bytes >= walLimitBytes / 4) truncate(bytes >= walLimitBytes / 2);
  };

  const fallBack = (error: Error) => {
    failed = true;
    Atomics.store(lock, 0, 0);
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    onError(error);
  };
  worker.on('message', (message: FromWorker) => {
    if ('error' in message) onError(new Error(`WAL checkpoint failed: ${message.error}`));
    else if ('grown' in message) afterCommit();
    else truncate(false);
  });
  worker.on('error', fallBack);
  void exited.then(() => {
    if (!stopping) fallBack(new Error('the WAL checkpoint worker exited'));
  });
  return {
    afterCommit,
    async stop() {
      stopping = true;
      worker.ref(); // held until it has closed, or the process could end first
      worker.postMessage('stop');
      await exited;
    },
  };
}
