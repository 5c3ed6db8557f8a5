/**
 * The scheduler of timed work, over a real server on SQLite (and PostgreSQL with TEST_DIALECT)
 * with an injected clock: jobs run once when due (never before), move when scheduled again, go
 * when cancelled, are run again with backoff after a handler throws, and a job its handler
 * rescheduled stays. No test sleeps: each moves the clock and calls runDue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.js';
import type { DueJob } from './index.js';
import { jobClaims } from './scheduler.repository.js';
import { backoffMs, FIRST_BACKOFF_MS } from './scheduler.service.js';

const MINUTE = 60 * 1000;

let server: TestServer;
let clock: Date;
const at = (ms: number) => new Date(clock.getTime() + ms);

beforeAll(async () => {
  clock = new Date();
  server = await startServer({}, { now: () => clock });
  // The daily work stored at start-up (the report snapshots' purge) runs first.
  await server.app.scheduler.runDue();
});
afterAll(() => server.close());

describe('the scheduler', () => {
  it('runs a job once, when it is due and not before', async () => {
    const runs: DueJob[] = [];
    server.app.scheduler.handle('test.once', (job) => {
      runs.push(job);
    });
    await server.app.scheduler.schedule({
      kind: 'test.once',
      key: 'a',
      dueAt: at(10 * MINUTE),
      payload: { postId: 7 },
    });
    expect(await server.app.scheduler.runDue()).toEqual({ ran: 0, failed: 0 });
    clock = at(10 * MINUTE);
    expect((await server.app.scheduler.runDue()).ran).toBe(1);
    expect(await server.app.scheduler.runDue()).toEqual({ ran: 0, failed: 0 });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'test.once', key: 'a', payload: { postId: 7 } });
    expect(await server.app.scheduler.find('test.once', 'a')).toBeUndefined();
  });

  it('moves a job scheduled again under the same key, and drops a cancelled one', async () => {
    const runs: string[] = [];
    server.app.scheduler.handle('test.moved', ({ key, payload }) => {
      runs.push(`${key}:${String(payload.n)}`);
    });
    const scheduler = server.app.scheduler;
    await scheduler.schedule({
      kind: 'test.moved',
      key: 'm',
      dueAt: at(MINUTE),
      payload: { n: 1 },
    });
    await scheduler.schedule({
      kind: 'test.moved',
      key: 'm',
      dueAt: at(30 * MINUTE),
      payload: { n: 2 },
    });
    await scheduler.schedule({ kind: 'test.moved', key: 'c', dueAt: at(MINUTE) });
    expect(await scheduler.cancel('test.moved', 'c')).toBe(true);
    clock = at(MINUTE);
    await scheduler.runDue();
    expect(runs).toEqual([]);
    clock = at(29 * MINUTE);
    await scheduler.runDue();
    expect(runs).toEqual(['m:2']);
  });

  it('runs a past-due job at once (a process that was down runs it late, once)', async () => {
    let runs = 0;
    server.app.scheduler.handle('test.late', () => {
      runs += 1;
    });
    await server.app.scheduler.schedule({ kind: 'test.late', key: 'x', dueAt: at(-3 * 3600_000) });
    await server.app.scheduler.runDue();
    await server.app.scheduler.runDue();
    expect(runs).toBe(1);
  });

  it('runs a job whose handler threw again after a backoff, counting and recording the failure', async () => {
    let calls = 0;
    server.app.scheduler.handle('test.flaky', () => {
      calls += 1;
      if (calls === 1) throw new Error('the database went away');
    });
    const scheduler = server.app.scheduler;
    await scheduler.schedule({ kind: 'test.flaky', key: 'f', dueAt: clock });
    expect(await scheduler.runDue()).toEqual({ ran: 0, failed: 1 });
    expect(scheduler.failures('test.flaky')).toBe(1);
    expect(await scheduler.find('test.flaky', 'f')).toMatchObject({
      attempts: 1,
      lastError: 'Error: the database went away',
      failed: false,
      dueAt: at(FIRST_BACKOFF_MS),
    });
    // Not again before its backoff ends.
    clock = at(FIRST_BACKOFF_MS - 1000);
    expect(await scheduler.runDue()).toEqual({ ran: 0, failed: 0 });
    clock = at(1000);
    expect(await scheduler.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(calls).toBe(2);
    expect(await scheduler.find('test.flaky', 'f')).toBeUndefined();
    expect(backoffMs(2)).toBe(2 * FIRST_BACKOFF_MS);
    expect(backoffMs(50)).toBe(3600_000);
  });

  it('keeps a job its handler scheduled again (recurring work)', async () => {
    let runs = 0;
    const scheduler = server.app.scheduler;
    scheduler.handle('test.daily', async () => {
      runs += 1;
      await scheduler.schedule({ kind: 'test.daily', key: 'd', dueAt: at(24 * 3600_000) });
    });
    await scheduler.schedule({ kind: 'test.daily', key: 'd', dueAt: clock });
    await scheduler.runDue();
    expect(runs).toBe(1);
    expect((await scheduler.find('test.daily', 'd'))?.dueAt).toEqual(at(24 * 3600_000));
    clock = at(24 * 3600_000);
    await scheduler.runDue();
    expect(runs).toBe(2);
  });

  it('keeps the report snapshots purge as a daily job from start-up on', async () => {
    const job = await server.app.scheduler.find('report-snapshots.purge', 'daily');
    expect(job?.dueAt.getTime()).toBeGreaterThan(clock.getTime());
  });
});

describe('the claim', () => {
  it('gives each due row to exactly one of many claims made at once', async () => {
    const { db, dialect } = server.app.database;
    const claim = jobClaims({ dialect });
    for (let i = 0; i < 60; i += 1)
      await server.app.scheduler.schedule({ kind: 'test.claim', key: `c${i}`, dueAt: clock });
    const now = clock.toISOString();
    const until = at(60_000).toISOString();
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        claim(db, { kinds: ['test.claim'], now, owner: `owner${i}`, until, limit: 10 }),
      ),
    );
    const keys = claims.flat().map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(60);
    // Leased rows are not claimed again until the lease ends.
    expect(
      await claim(db, { kinds: ['test.claim'], now, owner: 'late', until, limit: 10 }),
    ).toEqual([]);
    const afterLease = await claim(db, {
      kinds: ['test.claim'],
      now: until,
      owner: 'late',
      until: at(120_000).toISOString(),
      limit: 100,
    });
    expect(afterLease).toHaveLength(60);
  });
});

// Two processes on one database (on PostgreSQL they need Redis: db/heartbeats.ts).
const shareable = process.env.TEST_DIALECT !== 'postgres' || process.env.TEST_REDIS_URL;
describe.runIf(shareable)('the scheduler in two processes', () => {
  it('runs each due job in exactly one of two processes claiming at once', async () => {
    const redis: Record<string, string> = process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL }
      : {};
    const one = await startServer(redis, { now: () => clock });
    const two = await startServer(
      { ...redis, DATABASE_URL: one.databaseUrl },
      { now: () => clock },
    );
    try {
      const runs: string[] = [];
      for (const node of [one, two])
        node.app.scheduler.handle('test.shared', ({ key }) => {
          runs.push(key);
        });
      for (let i = 0; i < 120; i += 1)
        await one.app.scheduler.schedule({ kind: 'test.shared', key: `k${i}`, dueAt: clock });
      const [a, b] = await Promise.all([one.app.scheduler.runDue(), two.app.scheduler.runDue()]);
      expect(runs).toHaveLength(120);
      expect(new Set(runs).size).toBe(120);
      expect(a.ran + b.ran).toBeGreaterThanOrEqual(120);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
