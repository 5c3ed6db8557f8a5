/**
 * The scheduler's queries over `scheduled_jobs` (migration 0027). The claim is the one
 * engine-specific part ({@link jobClaims}): a conditional update of the earliest due rows whose
 * lease is free, the rows picked `FOR UPDATE SKIP LOCKED` on PostgreSQL so that processes
 * claiming at once take different rows instead of waiting on each other.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Engine } from '../../db/engine.js';
import type { DB, ScheduledJobsTable } from '../../db/types.js';

type Executor = Kysely<DB> | Transaction<DB>;

export type JobRow = Selectable<ScheduledJobsTable>;

/** A job to store: `due_at` UTC ISO text, `payload` JSON text. */
export interface NewJob {
  kind: string;
  key: string;
  due_at: string;
  payload: string;
}

/**
 * Stores `job`, or moves the stored job of its kind and key to its due time and payload (a new
 * revision, its lease and failures cleared).
 */
export async function upsertJob(db: Executor, job: NewJob): Promise<void> {
  await db
    .insertInto('scheduled_jobs')
    .values(job)
    .onConflict((oc) =>
      oc.columns(['kind', 'key']).doUpdateSet({
        due_at: job.due_at,
        payload: job.payload,
        revision: sql<number>`scheduled_jobs.revision + 1`,
        attempts: 0,
        locked_by: null,
        locked_until: null,
        last_error: null,
        failed_at: null,
      }),
    )
    .execute();
}

/** Stores `job` unless a job of its kind and key is stored. @returns true when stored. */
export async function insertJobIfAbsent(db: Executor, job: NewJob): Promise<boolean> {
  const rows = await db
    .insertInto('scheduled_jobs')
    .values(job)
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Deletes the job of `kind` and `key`. @returns true when there was one. */
export async function deleteJob(db: Executor, kind: string, key: string): Promise<boolean> {
  const result = await db
    .deleteFrom('scheduled_jobs')
    .where('kind', '=', kind)
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The job of `kind` and `key`, or undefined. */
export function findJob(db: Executor, kind: string, key: string) {
  return db
    .selectFrom('scheduled_jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Deletes job `id` after a successful run, unless it was rescheduled (a newer revision). */
export async function finishJob(db: Executor, id: number, revision: number): Promise<void> {
  await db
    .deleteFrom('scheduled_jobs')
    .where('id', '=', id)
    .where('revision', '=', revision)
    .execute();
}

/**
 * Records a failed run of job `id` (unless it was rescheduled meanwhile): one more attempt,
 * `error` text, due again at `dueAt`, or given up at `failedAt`; the lease is released.
 */
export async function failJob(
  db: Executor,
  id: number,
  revision: number,
  { dueAt, error, failedAt }: { dueAt: string; error: string; failedAt: string | null },
): Promise<void> {
  await db
    .updateTable('scheduled_jobs')
    .set({
      attempts: sql<number>`attempts + 1`,
      due_at: dueAt,
      last_error: error,
      failed_at: failedAt,
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', id)
    .where('revision', '=', revision)
    .execute();
}

/** What a claim asks for. */
export interface ClaimRequest {
  /** Only jobs of these kinds (those this process can run). */
  kinds: readonly string[];
  /** Due at or before this instant (UTC ISO); leases that ended by it are free. */
  now: string;
  /** The claiming process's id, and the end of its lease (UTC ISO). */
  owner: string;
  until: string;
  /** At most this many rows, the earliest due first. */
  limit: number;
}

/** Claims due jobs for one process: each row is returned to exactly one claimer. */
export type ClaimDue = (db: Kysely<DB>, request: ClaimRequest) => Promise<JobRow[]>;

/**
 * The claim for `engine`, chosen once at start-up. One UPDATE sets the lease of the earliest
 * due rows whose lease is free and returns them; the lease test is repeated on the updated row
 * itself, so a row another process claimed in between is not taken twice (SQLite runs one
 * writer at a time; PostgreSQL re-checks the condition on the row it waited for, and with
 * `SKIP LOCKED` does not wait on rows another claim holds).
 */
export function jobClaims(engine: Pick<Engine, 'dialect'>): ClaimDue {
  return async (db, { kinds, now, owner, until, limit }) => {
    if (kinds.length === 0) return [];
    let due = db
      .selectFrom('scheduled_jobs')
      .select('id')
      .where('kind', 'in', [...kinds])
      .where('due_at', '<=', now)
      .where('failed_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .orderBy('due_at')
      .orderBy('id')
      .limit(limit);
    if (engine.dialect === 'postgres') due = due.forUpdate().skipLocked();
    return db
      .updateTable('scheduled_jobs')
      .set({ locked_by: owner, locked_until: until })
      .where('id', 'in', due)
      .where('due_at', '<=', now)
      .where('failed_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .returningAll()
      .execute();
  };
}
