/**
 * The one scheduler of timed work (BEYOND-THE-SPEC rule 6; ARCHITECTURE.md "Timed work"):
 * reminders, daily purges and digests. Due work is stored in the database (`scheduled_jobs`,
 * one row per kind and key), so it survives restarts; each process claims due rows with a lease
 * (the repository's {@link ClaimDue}), so work is run by one process, and a process that was
 * down runs what fell due meanwhile, late but once. A handler that throws is run again later,
 * backing off, up to {@link MAX_ATTEMPTS} times; its failure is logged (kind, key, attempt,
 * never a member's data) and counted. Recurring work is a handler that schedules its next run.
 *
 * Time is the injected clock's: tests move it and call {@link Scheduler.runDue}, never sleep.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import * as repo from './scheduler.repository.js';

/** A run's lease: another process may claim the job once it ends (a process died mid-run). */
export const LEASE_MS = 5 * 60 * 1000;
/** Failed runs after which a job is given up on (kept, with `failed_at`, for an operator). */
export const MAX_ATTEMPTS = 10;
/** The first retry's delay; each further one doubles, up to {@link MAX_BACKOFF_MS}. */
export const FIRST_BACKOFF_MS = 30 * 1000;
export const MAX_BACKOFF_MS = 3600 * 1000;
/** How many due jobs one claim takes. */
const BATCH = 50;
/** Claims per {@link Scheduler.runDue} at most, so a job that keeps itself due cannot spin. */
const MAX_ROUNDS = 100;

/** Timed work to store: run `kind`'s handler with `payload` at `dueAt` (or as soon after). */
export interface JobInput {
  kind: string;
  /** Unique within `kind` (e.g. a game's id): scheduling the same key again moves the job. */
  key: string;
  dueAt: Date;
  /** JSON-serialisable; no personal data beyond ids. */
  payload?: Record<string, unknown>;
}

/** A claimed job as its handler gets it. */
export interface DueJob {
  kind: string;
  key: string;
  dueAt: Date;
  payload: Record<string, unknown>;
  /** Failed runs before this one. */
  attempts: number;
}

/** Runs a due job; throwing (or rejecting) makes it due again later (backoff). */
export type JobHandler = (job: DueJob) => Promise<void> | void;

/** What one {@link Scheduler.runDue} did. */
export interface RunCounts {
  /** Jobs whose handler succeeded. */
  ran: number;
  /** Jobs whose handler threw (due again later, or given up). */
  failed: number;
}

export interface SchedulerDeps {
  db: Kysely<DB>;
  /** The engine's claim (scheduler.repository.ts jobClaims), chosen at start-up. */
  claimDue: repo.ClaimDue;
  log: FastifyBaseLogger;
  /** The clock of due times (tests inject and move it). */
  now?: () => Date;
  /** Told of every run: its kind and whether it succeeded (metrics). */
  onRun?: (kind: string, result: 'ok' | 'failed') => void;
}

/** The delay before the next run after `attempts` failed runs (1 → 30 s, 2 → 60 s, … ≤ 1 h). */
export function backoffMs(attempts: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export function createScheduler({
  db,
  claimDue,
  log,
  now = () => new Date(),
  onRun,
}: SchedulerDeps) {
  /** This process's id in `locked_by`. */
  const owner = randomUUID();
  const handlers = new Map<string, JobHandler>();
  const initial: (() => JobInput)[] = [];
  const failures = new Map<string, number>();
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const stored = (job: JobInput): repo.NewJob => ({
    kind: job.kind,
    key: job.key,
    due_at: job.dueAt.toISOString(),
    payload: JSON.stringify(job.payload ?? {}),
  });

  async function runRow(row: repo.JobRow, handler: JobHandler): Promise<boolean> {
    try {
      await handler({
        kind: row.kind,
        key: row.key,
        dueAt: new Date(row.due_at),
        payload: JSON.parse(row.payload) as Record<string, unknown>,
        attempts: row.attempts,
      });
      await repo.finishJob(db, row.id, row.revision);
      onRun?.(row.kind, 'ok');
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      failures.set(row.kind, (failures.get(row.kind) ?? 0) + 1);
      onRun?.(row.kind, 'failed');
      const at = now();
      const givenUp = attempts >= MAX_ATTEMPTS;
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      // The kind, key (an id) and attempt say which work failed; a handler's error names no member.
      log.error(
        { err: error, kind: row.kind, key: row.key, attempt: attempts, givenUp },
        'scheduled job failed',
      );
      await repo
        .failJob(db, row.id, row.revision, {
          dueAt: new Date(at.getTime() + backoffMs(attempts)).toISOString(),
          error: message.slice(0, 500),
          failedAt: givenUp ? at.toISOString() : null,
        })
        .catch((failed: unknown) => log.error({ err: failed }, 'scheduled job not released'));
      return false;
    }
  }

  async function runOnce(): Promise<RunCounts> {
    const counts: RunCounts = { ran: 0, failed: 0 };
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const at = now();
      const rows = await claimDue(db, {
        kinds: [...handlers.keys()],
        now: at.toISOString(),
        owner,
        until: new Date(at.getTime() + LEASE_MS).toISOString(),
        limit: BATCH,
      });
      if (rows.length === 0) break;
      for (const row of rows) {
        const handler = handlers.get(row.kind)!;
        if (await runRow(row, handler)) counts.ran += 1;
        else counts.failed += 1;
      }
    }
    return counts;
  }

  const scheduler = {
    /**
     * Registers the handler of `kind` (one per kind; this process claims only kinds it has a
     * handler for). `options.initial` gives a job to store at {@link start} unless one of its
     * kind and key is stored: the first run of recurring work, whose handler schedules the next.
     */
    handle(kind: string, handler: JobHandler, options: { initial?: () => JobInput } = {}): void {
      if (handlers.has(kind)) throw new Error(`A handler for ${kind} is already registered`);
      handlers.set(kind, handler);
      if (options.initial) initial.push(options.initial);
    },

    /**
     * Stores `job`; a stored job of the same kind and key is moved to the new due time and
     * payload (and runs again even if it had failed). Due at once when `dueAt` is past.
     * `trx`: the caller's transaction, so the job commits (or not) with the state it times.
     */
    async schedule(job: JobInput, trx: Kysely<DB> = db): Promise<void> {
      await repo.upsertJob(trx, stored(job));
    },

    /** Stores `job` unless one of its kind and key is stored. @returns true when stored. */
    ensure(job: JobInput): Promise<boolean> {
      return repo.insertJobIfAbsent(db, stored(job));
    },

    /**
     * Drops the job of `kind` and `key`, if any (in the caller's transaction `trx` when given).
     * @returns true when there was one.
     */
    cancel(kind: string, key: string, trx: Kysely<DB> = db): Promise<boolean> {
      return repo.deleteJob(trx, kind, key);
    },

    /** The stored job of `kind` and `key` (due time, attempts, last error), or undefined. */
    async find(kind: string, key: string) {
      const row = await repo.findJob(db, kind, key);
      return (
        row && {
          dueAt: new Date(row.due_at),
          payload: JSON.parse(row.payload) as Record<string, unknown>,
          attempts: row.attempts,
          lastError: row.last_error,
          failed: row.failed_at !== null,
        }
      );
    },

    /**
     * Claims and runs every job due by the clock, batch by batch, until none is left; runs of
     * one process never overlap (a call made during a run waits for it, then runs).
     * @returns how many ran and how many failed.
     */
    runDue(): Promise<RunCounts> {
      const run = queue.then(runOnce, runOnce);
      queue = run.catch(() => undefined);
      return run;
    },

    /** Failed runs of `kind` in this process since start-up. */
    failures(kind: string): number {
      return failures.get(kind) ?? 0;
    },

    /**
     * Stores the initial jobs (see {@link handle}) and, when `pollMs` is given, runs due work
     * now and then every `pollMs` milliseconds until {@link stop}. Tests pass none and call
     * {@link runDue} after moving the clock.
     */
    async start({ pollMs }: { pollMs?: number | null } = {}): Promise<void> {
      for (const job of initial) await scheduler.ensure(job());
      if (!pollMs || timer) return;
      const tick = () => {
        scheduler
          .runDue()
          .catch((error: unknown) => log.error({ err: error }, 'scheduler run failed'));
      };
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },

    /** Stops polling and waits for a run in progress to end (app close). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await queue;
    },
  };
  return scheduler;
}

export type Scheduler = ReturnType<typeof createScheduler>;
