/**
 * What the benchmarks share: a real server on a fresh SQLite file on loopback, members with a
 * session, a fixed-seed random generator and an autocannon run printed as one JSON line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { hashToken, newToken } from '../apps/server/src/lib/crypto.js';
import { insertSession, insertUser } from '../apps/server/src/modules/auth/auth.repository.js';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real server (`apps/server/src/main.ts` of the checkout at `cwd`) as its own process on a
 * free loopback port over `databaseUrl`, without demo data, rate limits or the web app; `env`
 * adds to or overrides that, `flags` go to Node (e.g. `--cpu-prof`). Answers its base URL and
 * process once `/api/health` answers. Throws if the process exits first or `waitSeconds` pass
 * (a first start on a seeded million-game file runs migrations for a while).
 */
export async function spawnServer(options: {
  cwd: string;
  databaseUrl: string;
  env?: Record<string, string>;
  flags?: string[];
  waitSeconds: number;
}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(options.flags ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: options.cwd,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        SEED_DEMO: 'false',
        RATE_LIMITS: 'off',
        WEB_DIST: '',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < options.waitSeconds * 1000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become healthy');
}

/**
 * What the server at `base` shows at its own `/metrics` (it answers loopback): a reader of one
 * sample by its name and labels as written there (`gameon_feed_answers_total{source="cache"}`),
 * answering `missing` for a sample it does not show (a labelled counter before its first count).
 */
export async function serverMetrics(
  base: string,
): Promise<(sample: string, missing?: number) => number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const space = line.lastIndexOf(' ');
    if (!line.startsWith('#') && space > 0)
      samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return (sample, missing = Number.NaN) => samples.get(sample) ?? missing;
}

/** A server over an empty database (no demo data), not yet listening; `env` overrides config. */
export async function benchApp(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-bench-'));
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
      SEED_DEMO: 'false',
      WEB_DIST: '',
      ...env,
    }),
    { logger: false },
  );
  return {
    app,
    db: app.database.db,
    /** Listens on loopback and answers the base URL. */
    async listen(): Promise<string> {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Db = Awaited<ReturnType<typeof benchApp>>['db'];

/** `count` members named bench0.. playing Football; answers their ids. */
export async function benchMembers(db: Db, count: number): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const user = {
      username: `bench${i}`,
      email: `bench${i}@example.test`,
      password_hash: 'x',
      bio: '',
      created_at: now,
    };
    ids.push(await insertUser(db, user, ['Football'], []));
  }
  return ids;
}

/**
 * The member in the most group chats, with that count, or undefined in a database without
 * group chats: the heaviest conversation lists of a seeded database (bench/lists.ts,
 * bench/explain-lists.ts).
 */
export async function busiestChatMember(
  db: Db,
): Promise<{ user_id: number; n: number } | undefined> {
  const row = await db
    .selectFrom('group_chat_members')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('user_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { user_id: row.user_id, n: Number(row.n) };
}

/** A session token for `userId`. */
export async function benchSession(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    user_id: userId,
    token_hash: hashToken(token),
    created_at: new Date().toISOString(),
    user_agent: null,
    ip: null,
  });
  return token;
}

/** Loads `url` for `seconds` with autocannon; prints the table and a JSON summary line. */
export async function load(
  name: string,
  url: string,
  token: string,
  seconds: number,
  connections: number,
  extra: Record<string, unknown> = {},
) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  console.log(autocannon.printResult(result));
  console.log(
    JSON.stringify({
      name,
      ...extra,
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      non2xx: result.non2xx,
    }),
  );
}
