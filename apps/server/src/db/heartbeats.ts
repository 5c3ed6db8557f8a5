/**
 * Server processes on one PostgreSQL database announce themselves (migration 0021), so that one
 * started without Redis refuses to run beside another. Without `REDIS_URL` a process keeps to
 * itself what several processes must share: a session ended on one went on working for up to 5 s
 * on the other (its session cache), and a socket the other held stayed connected and could send.
 *
 * Every server process on PostgreSQL records a row and moves its `beat_at` on every
 * {@link BEAT_SECONDS}; a row moved on within {@link FRESH_SECONDS} is a live process. A process
 * starting while another's row is fresh refuses to start when either of the two lacks Redis. The
 * database's clock dates and judges every beat, so clocks of different machines never disagree;
 * a process killed without shutting down (`kill -9`) stops counting 15 s after its last beat, and
 * one that shuts down removes its row at once. Apps built in the same OS process (host and pid)
 * are one process here: only tests build several. One-off tools (bench:seed, migrations, backups)
 * open the database without this and are never refused.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { DB } from './types.js';

/** How often a process moves its heartbeat on, in seconds. */
const BEAT_SECONDS = 5;

/** How recent a heartbeat must be for its process to count as alive, in seconds. */
export const FRESH_SECONDS = 15;

/** A fixed key of PostgreSQL's advisory locks: two processes starting together check in turn. */
const START_LOCK = 0x67616d65; // "game"

/** Thrown by {@link startHeartbeat} when another live process rules this one out. */
export class ProcessConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProcessConflictError';
  }
}

/** A running heartbeat. */
export interface Heartbeat {
  /** Stops beating and removes this process's row. */
  stop(): Promise<void>;
}

/**
 * Checks that no other live server process rules this one out, then records this process's
 * heartbeat and moves it on every {@link BEAT_SECONDS} (errors of a beat go to `onError`; the
 * next beat records the row again). `redis`: whether this process has `REDIS_URL`.
 * @throws ProcessConflictError, naming REDIS_URL, when a process beat within the last
 *   {@link FRESH_SECONDS} on this database and it or this one has no Redis.
 */
export async function startHeartbeat(
  db: Kysely<DB>,
  { redis, onError }: { redis: boolean; onError: (error: Error) => void },
): Promise<Heartbeat> {
  const id = randomUUID();
  const host = os.hostname();
  const pid = process.pid;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${START_LOCK})`.execute(trx);
    await trx
      .deleteFrom('server_heartbeats')
      .where('beat_at', '<', sql<Date>`now() - ${sql.raw(`interval '${FRESH_SECONDS} seconds'`)}`)
      .execute();
    const others = await trx
      .selectFrom('server_heartbeats')
      .select([
        'host',
        'pid',
        'redis',
        sql<number>`extract(epoch from now() - beat_at)::float8`.as('seconds'),
      ])
      .where((eb) => eb.not(eb.and([eb('host', '=', host), eb('pid', '=', pid)])))
      .execute();
    const conflict = others.find((other) => !redis || !other.redis);
    if (conflict) throw new ProcessConflictError(conflictMessage(conflict, redis));
    await trx.insertInto('server_heartbeats').values({ id, host, pid, redis }).execute();
  });
  let stopped = false;
  let beating: Promise<void> = Promise.resolve();
  const beat = async () => {
    try {
      await db
        .insertInto('server_heartbeats')
        .values({ id, host, pid, redis })
        .onConflict((oc) => oc.column('id').doUpdateSet({ beat_at: sql<Date>`now()` }))
        .execute();
    } catch (error) {
      onError(error as Error);
    }
  };
  const timer = setInterval(() => {
    if (!stopped) beating = beat();
  }, BEAT_SECONDS * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await beating;
      await db.deleteFrom('server_heartbeats').where('id', '=', id).execute();
    },
  };
}

function conflictMessage(
  other: { host: string; pid: number; redis: boolean; seconds: number },
  redis: boolean,
): string {
  const who = `pid ${other.pid} on ${other.host}, last heartbeat ${Math.round(other.seconds)} s ago`;
  const problem = redis
    ? `Another GameOn server process (${who}) is running on this database without REDIS_URL.`
    : `Another GameOn server process (${who}) is running on this database, and this one has no REDIS_URL.`;
  return (
    `${problem} Several server processes need REDIS_URL, set to the same Redis on every one of ` +
    `them (sessions ended and sockets are shared through it): set REDIS_URL, or stop the other ` +
    `process. A process killed without shutting down stops counting ${FRESH_SECONDS} s after its ` +
    `last heartbeat.`
  );
}
