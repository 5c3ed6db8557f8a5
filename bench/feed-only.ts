/**
 * The feed scenarios of `npm run bench` alone, against a database already seeded with
 * `npm run bench:seed`, for measuring the feed before and after a change:
 *
 *   node --import tsx bench/feed-only.ts --db </tmp/copy.db | postgres://...> [--seconds 15]
 *     [--profile] [--rounds 1]
 *     [--only dense,sparse,filtered,nearest,nearest-sparse]
 *
 * Starts the bare Fastify route and the real server (`RATE_LIMITS=off`, `SEED_DEMO=false`) as
 * their own processes, adds one session to the database (so use a copy you may write to), then
 * loads each scenario with autocannon, 50 connections (after 3 s of warm-up), and prints
 * requests/s, p50, p99, the share of the bare route measured in the same run, and from the
 * server's own `/metrics` its CPU time per request (user and system: steadier than requests/s on
 * a shared machine) and how many feeds the cell lists answered (`cache`) or the index walk. `--profile` runs the server under
 * `--cpu-prof` (profile in `bench/profiles/`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/index.js';
import { benchSession, serverMetrics, spawnServer } from './harness.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    seconds: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
if (!args.db)
  throw new Error('--db <path of a seeded SQLite file, or a PostgreSQL URL> is required');
const databaseUrl = args.db.startsWith('postgres') ? args.db : `sqlite:${path.resolve(args.db)}`;
const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh session token of the first member, written straight into the database. */
async function sessionToken(): Promise<string> {
  const { db, destroy } = openDatabase(loadConfig({ DATABASE_URL: databaseUrl }).database);
  const { id } = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  const token = await benchSession(db, id);
  await destroy();
  return token;
}

/** The real server over the seeded file; its first start may run migrations for minutes. */
async function startServer(): Promise<string> {
  const flags = args.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench/profiles')}`]
    : [];
  const { url, child } = await spawnServer({ cwd: root, databaseUrl, flags, waitSeconds: 600 });
  children.push(child);
  return url;
}

/**
 * What the server at `base` tells of itself at `/metrics`: the CPU seconds (user and system) it
 * has used, and how many radius feeds it answered from the cell lists and by the index walk.
 */
async function serverCounters(
  base: string,
): Promise<{ user: number; system: number; cache: number; walk: number }> {
  const value = await serverMetrics(base);
  return {
    user: value('process_cpu_user_seconds_total'),
    system: value('process_cpu_system_seconds_total'),
    cache: value('gameon_feed_answers_total{source="cache"}', 0),
    walk: value('gameon_feed_answers_total{source="walk"}', 0),
  };
}

let bareRps = 0;
async function load(name: string, url: string, token?: string): Promise<void> {
  if (args.only && name !== 'bare' && !args.only.split(',').includes(name)) return;
  const base = name === 'bare' ? undefined : new URL(url).origin;
  const options = {
    url,
    connections: 50,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  };
  // Measured warm, as in bench/run.ts.
  await autocannon({ ...options, duration: 3 });
  const before = base ? await serverCounters(base) : undefined;
  const result = await autocannon({ ...options, duration: Number(args.seconds) });
  const rps = result.requests.average;
  if (name === 'bare') bareRps = rps;
  // Server CPU per answer: steadier than requests/s on a shared machine, for before/after.
  const after = base ? await serverCounters(base) : undefined;
  const perRequest = (seconds: number) =>
    Math.round((seconds * 1e6) / Math.max(1, result.requests.total));
  const server =
    before && after
      ? {
          serverCpuUsPerRequest: {
            user: perRequest(after.user - before.user),
            system: perRequest(after.system - before.system),
          },
          feedAnswers: { cache: after.cache - before.cache, walk: after.walk - before.walk },
        }
      : {};
  console.log(
    JSON.stringify({
      name,
      rps: Math.round(rps),
      p50: result.latency.p50,
      p99: result.latency.p99,
      share: bareRps ? Math.round((rps / bareRps) * 1000) / 1000 : null,
      ...server,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    }),
  );
}

try {
  const token = await sessionToken();
  const barePort = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', () => reject(new Error('bare server exited')));
  });
  const url = await startServer();
  const dense = 'lat=12.9716&lng=77.5946&radius=25000&limit=20';
  const sparse = 'lat=24.5&lng=78.5&radius=25000&limit=20';
  for (let round = 0; round < Number(args.rounds); round++) {
    await load('bare', `http://127.0.0.1:${barePort}/`);
    await load('health', `${url}/api/health`);
    await load('dense', `${url}/api/posts?${dense}`, token);
    await load('sparse', `${url}/api/posts?${sparse}`, token);
    await load('filtered', `${url}/api/posts?${dense}&sports=Football&tags=weekend`, token);
    await load('nearest', `${url}/api/posts?${dense}&order=nearest`, token);
    await load('nearest-sparse', `${url}/api/posts?${sparse}&order=nearest`, token);
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await sleep(500);
}
