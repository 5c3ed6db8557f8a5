/**
 * WAL checkpoints off the event loop (issue 18). SQLite's automatic checkpoint runs in the
 * connection that commits past 1,000 pages of WAL: it copies them into the database file and
 * syncs it, and on the one connection of this process that blocked every request and socket for
 * tens of milliseconds every second or two under load (direct messages at 2,000 a second:
 * delivery p99 per second 18–28 ms with stalls past 100 ms; without it 8–16 ms).
 *
 * Here the serving connection never checkpoints (`wal_autocheckpoint = 0`); a worker thread with
 * its own connection to the same file runs a PASSIVE checkpoint every {@link INTERVAL_MS}, which
 * never waits for the writer nor makes it wait. Under writes that never pause, a passive
 * checkpoint can fall behind and the WAL keep growing (SQLite restarts it only once every frame is
 * copied): past {@link RESTART_FRAMES} frames the worker runs a RESTART checkpoint, which waits for
 * the writer and holds new writes back until the WAL is copied, once.
 *
 * The worker is plain JavaScript evaluated from a string, so it runs the same under tsx, vitest
 * and a build.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker checkpoints, in milliseconds. */
const INTERVAL_MS = 500;

/** WAL frames (pages, 4 KiB each by default: 64 MiB) past which the worker restarts the WAL. */
const RESTART_FRAMES = 16_384;

/** The worker: `workerData` is {driver, filename, intervalMs, restartFrames}. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
function checkpoint() {
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    if (passive && passive.log >= workerData.restartFrames) db.pragma('wal_checkpoint(RESTART)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
}
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/** The running checkpointer of one database file. */
export interface Checkpoints {
  /** Stops the worker after a last checkpoint; resolves once it has closed its connection. */
  stop(): Promise<void>;
}

/**
 * Moves `sqlite`'s WAL checkpoints to a worker thread with its own connection to `filename` (a
 * file, never `:memory:`). Should the worker fail to start or die, `sqlite` checkpoints by itself
 * again (`wal_autocheckpoint = 1000`, SQLite's default) and `onError` hears why.
 */
export function startCheckpoints(
  sqlite: SQLite.Database,
  filename: string,
  onError: (error: Error) => void,
): Checkpoints {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      filename,
      intervalMs: INTERVAL_MS,
      restartFrames: RESTART_FRAMES,
    },
  });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = (error: Error) => {
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    onError(error);
  };
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(new Error(`WAL checkpoint failed: ${message.error}`));
  });
  worker.on('error', fallBack);
  void exited.then(() => {
    if (!stopping) fallBack(new Error('the WAL checkpoint worker exited'));
  });
  return {
    async stop() {
      stopping = true;
      worker.ref(); // held until it has closed, or the process could end first
      worker.postMessage('stop');
      await exited;
    },
  };
}
