/**
 * Server processes on one PostgreSQL database (db/heartbeats.ts): a process without REDIS_URL
 * refuses to start while another is alive, saying why; one killed with SIGKILL stops counting
 * once its last heartbeat is 15 s old, and one shut down stops counting at once. Real server
 * processes (test/server-process.ts) on a fresh database; runs in the PostgreSQL project. The
 * database's clock judges heartbeats: instead of waiting 15 s, the test moves the dead process's
 * last heartbeat 16 s back, which is all that 16 s would do to it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.js';

const pgUrl = process.env.TEST_PG_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(pgUrl && process.env.TEST_DIALECT === 'postgres')(
  'server processes on one PostgreSQL database',
  () => {
    const name = `gameon_heartbeat_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    let databaseUrl: string;
    const processes: ServerProcess[] = [];

    async function query(url: string, text: string): Promise<pg.QueryResult> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await client.query(text);
      } finally {
        await client.end();
      }
    }

    async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
      const started = await startServerProcess({
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'false',
        ...env,
      });
      processes.push(started);
      return started;
    }

    /** The error of a start that must be refused. */
    async function refusal(env: Record<string, string> = {}): Promise<string> {
      const error = await start(env).then(
        () => new Error('the process started'),
        (refused: unknown) => refused as Error,
      );
      return error.message;
    }

    beforeAll(async () => {
      await query(pgUrl!, `create database ${name}`);
      const url = new URL(pgUrl!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    });
    afterAll(async () => {
      for (const started of processes) await started.stop();
      await query(pgUrl!, `drop database if exists ${name} with (force)`);
    });

    it('refuses a second process without REDIS_URL until the first is gone 15 s after a kill -9', async () => {
      const first = await start();
      const pid = String(first.child.pid);
      const refused = await refusal();
      expect(refused).toContain('exited at start with 1');
      expect(refused).toContain(`Another GameOn server process (pid ${pid} on`);
      expect(refused).toContain('Several server processes need REDIS_URL');
      expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);

      first.child.kill('SIGKILL');
      await first.exited(10_000);
      // Killed a moment ago: its last heartbeat is still fresh.
      expect(await refusal()).toContain(`(pid ${pid} on`);

      await query(databaseUrl, `update server_heartbeats set beat_at = beat_at - interval '16 s'`);
      const restarted = await start();
      expect((await fetch(`${restarted.url}/api/ready`)).status).toBe(200);
    }, 120_000);

    it('lets the next process start at once after a shutdown', async () => {
      const running = processes.at(-1)!;
      running.child.kill('SIGTERM');
      expect(await running.exited(10_000)).toBe(0);
      const next = await start();
      expect((await fetch(`${next.url}/api/ready`)).status).toBe(200);
    }, 60_000);

    it.runIf(redisUrl)(
      'refuses a process with REDIS_URL beside a live one without it',
      async () => {
        const refused = await refusal({ REDIS_URL: redisUrl! });
        expect(refused).toContain('is running on this database without REDIS_URL');
      },
      60_000,
    );
  },
);
