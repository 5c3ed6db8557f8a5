/**
 * The list scenarios of the benchmark: people search, the notification list and both
 * conversation lists, each loaded with autocannon through the `http` recorder of bench/run.ts.
 *
 * Run on its own, it loads them on a database seeded beforehand (`npm run bench:seed`), with the
 * server of this checkout or of `--root` (another checkout, to compare before and after a change;
 * its migrations run on start), and `--feed` adds the feed 25 km round central Bengaluru (dense),
 * central Madhya Pradesh (sparse) and nearest-first round Bengaluru, e.g. to compare PostgreSQL
 * with and without PostGIS (`--env POSTGIS=off`):
 *
 *   node --import tsx bench/lists.ts --db <sqlite:path | postgres://...> [--seconds 10] [--connections 50]
 *     [--member <id>] [--root <checkout>] [--feed] [--env NAME=value ...]
 *
 * The member, unless given, is the one in the most group chats. Each scenario prints one JSON
 * line (requests/s, p50, p99 in ms, non-2xx); nothing is written to bench/results.json.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/index.js';
import { benchSession, busiestChatMember, spawnServer } from './harness.js';

/** Loads `url` as the member of `token` and records the result under `name`. */
export type HttpScenario = (name: string, url: string, token?: string) => Promise<void>;

/** The list scenarios against the server at `url`, as the member of `token`. */
export async function listScenarios(http: HttpScenario, url: string, token: string) {
  await http('people search "player12"', `${url}/api/users/search?q=player12`, token);
  await http('notification list', `${url}/api/notifications`, token);
  await http('direct conversation list', `${url}/api/direct-messages/conversations`, token);
  await http('group chat list', `${url}/api/messages/conversations`, token);
}

/** The feed 25 km round a dense city and a sparse region, and nearest-first in the city, for `--feed`. */
async function feedScenarios(http: HttpScenario, url: string, token: string) {
  const dense = 'lat=12.9716&lng=77.5946&radius=25000&limit=20';
  const sparse = 'lat=24.5&lng=78.5&radius=25000&limit=20';
  await http('feed 25 km, central Bengaluru (dense)', `${url}/api/posts?${dense}`, token);
  await http('feed 25 km, central Madhya Pradesh (sparse)', `${url}/api/posts?${sparse}`, token);
  await http(
    'feed 25 km nearest first, central Bengaluru',
    `${url}/api/posts?${dense}&order=nearest`,
    token,
  );
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      db: { type: 'string' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      member: { type: 'string' },
      root: { type: 'string' },
      feed: { type: 'boolean', default: false },
      env: { type: 'string', multiple: true, default: [] },
    },
  });
  if (!args.db) throw new Error('usage: bench/lists.ts --db <sqlite:path | postgres://...>');
  const databaseUrl = args.db;
  const root = path.resolve(args.root ?? path.join(import.meta.dirname, '..'));
  const seconds = Number(args.seconds);

  const { db, destroy } = openDatabase(loadConfig({ DATABASE_URL: databaseUrl }).database);
  const busiest = await busiestChatMember(db);
  const member = args.member ? Number(args.member) : (busiest?.user_id ?? 1);
  const token = await benchSession(db, member);
  await destroy();

  const extra: Record<string, string> = {};
  for (const pair of args.env) {
    const at = pair.indexOf('=');
    if (at > 0) extra[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const { url, child } = await spawnServer({
    cwd: root,
    databaseUrl,
    env: extra,
    waitSeconds: 600,
  });
  try {
    console.log(
      JSON.stringify({
        database: databaseUrl.replace(/\/\/[^@]*@/, '//***@'),
        root,
        member,
        env: extra,
      }),
    );
    const http: HttpScenario = async (name, target, bearer) => {
      const result = await autocannon({
        url: target,
        connections: Number(args.connections),
        duration: seconds,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
      console.log(
        JSON.stringify({
          name,
          requestsPerSecond: Math.round(result.requests.average),
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        }),
      );
    };
    if (args.feed) await feedScenarios(http, url, token);
    await listScenarios(http, url, token);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) await main();
