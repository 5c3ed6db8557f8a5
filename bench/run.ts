/**
 * `npm run bench`: GameOn's speed on this machine, written to `bench/results.json` and
 * `bench/RESULTS.md`. Never part of `npm test`.
 *
 *   npm run bench [-- --posts 1000000 --members 100000 --seconds 15 --sockets 10000 --dm-rate 2000
 *                    --only realtime --holders 3 --profile]
 *
 * 1. `bench/seed.ts` fills a fresh SQLite file (70 % of the games near Indian cities).
 * 2. The real server (`apps/server/src/main.ts`, `RATE_LIMITS=off`) and a bare Fastify route
 *    (`bench/bare.ts`) run as their own processes on loopback; autocannon, in this process, loads
 *    each HTTP scenario with 50 connections for `--seconds` and reports requests/s, p50, p99 and
 *    the share of the bare route's requests/s measured in the same run.
 * 3. Realtime, over real socket.io-client websockets: `--sockets` authenticated sockets with the
 *    server's resident memory and heap (read from its own `/metrics`); direct messages at
 *    `--dm-rate` a second with send-to-ack and send-to-receipt p50/p99 and the server's CPU time
 *    per message; a group chat of 100 with fan-out p99 (per recipient and to the last one); and,
 *    when `redis-server` is installed, the same direct messages from one server process to
 *    another joined by the Redis adapter, and a group of 100 with half its members on each.
 *    The group's sockets live in this process; the direct message pairs in two client processes
 *    (`bench/socket-client.ts`, each measuring on its own clock) and the idle rest of the
 *    `--sockets` in `--holders` more, so no one client event loop carries 10,000 sockets or
 *    2,000 messages a second. `--only realtime` skips the HTTP scenarios and writes
 *    `bench/results.realtime.json` and `bench/RESULTS.realtime.md` instead (with a small
 *    `--posts`, the seeding is quick too).
 *
 * With `--profile` the server runs under `--cpu-prof` and leaves its profile in `bench/profiles/`
 * (open it in Chrome DevTools) to see where the time goes when a target is missed.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { io, type Socket } from 'socket.io-client';
import type { ClientCommand, DirectReport } from './socket-client.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/index.js';
import { hashToken, newToken } from '../apps/server/src/lib/crypto.js';
import { freePort, serverMetrics, spawnServer } from './harness.js';
import { listScenarios } from './lists.js';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000000' },
    members: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '15' },
    sockets: { type: 'string', default: '10000' },
    'dm-rate': { type: 'string', default: '2000' },
    profile: { type: 'boolean', default: false },
    only: { type: 'string', default: 'all' },
    holders: { type: 'string', default: '3' },
  },
});
if (args.only !== 'all' && args.only !== 'realtime') throw new Error('--only is all or realtime');
const SECONDS = Number(args.seconds);
const SOCKETS = Number(args.sockets);
const DM_RATE = Number(args['dm-rate']);
const HOLDERS = Math.max(1, Number(args.holders));
/** Client processes that send and receive the direct messages (two senders, two recipients each). */
const DM_CLIENTS = 2;
/** Direct message pairs per DM client. */
const DM_PAIRS = 100;
/** The sockets of the scenarios: the group of 100 here, then the DM clients' pairs. */
const ACTIVE = 100 + DM_CLIENTS * DM_PAIRS * 2;
const CONNECTIONS = 50;
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-bench-'));
const databaseUrl = `sqlite:${path.join(dir, 'bench.db')}`;
const children: ChildProcess[] = [];
const results: Record<string, unknown>[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the real server on a free port with `env`; answers its base URL once healthy. */
async function startServer(env: Record<string, string>): Promise<string> {
  const flags = args.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench/profiles')}`]
    : [];
  const { url, child } = await spawnServer({
    cwd: root,
    databaseUrl,
    env: { UPLOADS_DIR: path.join(dir, 'uploads'), ...env },
    flags,
    waitSeconds: 60,
  });
  children.push(child);
  return url;
}

/** Percentile `p` (0..100) of `values` (unsorted), in the values' unit; 0 when empty. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Seconds each HTTP scenario is loaded before it is measured, so every route, the bare one too,
 * is measured warm (JIT, caches): the first seconds after a start were up to twice as slow.
 */
const WARMUP_SECONDS = 3;

/**
 * Seconds of each direct-message scenario's warm-up, in which the rate rises evenly from 0 to the
 * scenario's (a ramped arrival rate, like k6's `ramping-arrival-rate`, or a balancer's slow
 * start). The two Redis processes start cold right before their scenario: met with the full rate
 * at once, the sender fell 0.5-1.5 s behind in its first seconds and took several more to catch
 * up, so its first measured seconds reported that start (p99 275-1,236 ms) rather than the
 * steady rate. With this ramp the warm-up's p99 was 95-181 ms and the first measured seconds
 * 21-65 ms. The warm-up's p99 is still reported (`warmupDeliveryP99Ms`).
 */
const DM_WARMUP_SECONDS = 5;

let bareRps = 0;
/**
 * Loads `url` with autocannon (after {@link WARMUP_SECONDS} unmeasured) and records requests/s,
 * p50, p99, the share of the bare route and, for GameOn's server, its CPU time per request
 * (user + system, from its own `/metrics`).
 */
async function http(name: string, url: string, token?: string): Promise<void> {
  const options = {
    url,
    connections: CONNECTIONS,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const bare = name === 'bare Fastify route';
  const origin = new URL(url).origin;
  const cpuBefore = bare ? 0 : (await serverGauges(origin)).cpuSeconds;
  const result = await autocannon({ ...options, duration: SECONDS });
  const cpuSeconds = bare ? 0 : (await serverGauges(origin)).cpuSeconds - cpuBefore;
  const rps = result.requests.average;
  if (bare) bareRps = rps;
  const entry = {
    name,
    kind: 'http',
    requestsPerSecond: Math.round(rps),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    shareOfBare: bareRps > 0 ? round(rps / bareRps) : null,
    serverCpuUsPerRequest: bare
      ? null
      : Math.round((cpuSeconds * 1e6) / Math.max(1, result.requests.total)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  results.push(entry);
  console.log(JSON.stringify(entry));
}

/** The server's resident memory in MB and open sockets, from its own `/metrics` (loopback). */
async function serverGauges(url: string): Promise<{
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  openSockets: number;
  cpuSeconds: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}> {
  const value = await serverMetrics(url);
  return {
    rssMb: Math.round(value('process_resident_memory_bytes') / 1024 / 1024),
    heapUsedMb: Math.round(value('nodejs_heap_size_used_bytes') / 1024 / 1024),
    heapTotalMb: Math.round(value('nodejs_heap_size_total_bytes') / 1024 / 1024),
    openSockets: value('gameon_open_sockets'),
    cpuSeconds: value('process_cpu_seconds_total'),
    // Since the previous read: prom-client resets its event-loop histogram on each one.
    loopDelayP99Ms: round(value('nodejs_eventloop_lag_p99_seconds') * 1000),
    loopDelayMaxMs: round(value('nodejs_eventloop_lag_max_seconds') * 1000),
  };
}

/** Opens one authenticated websocket; resolves once connected. */
function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      timeout: 60_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Opens sockets for `tokens` on `url`, `wave` at a time. */
async function connectAll(url: string, tokens: string[], wave = 250): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < tokens.length; i += wave) {
    sockets.push(...(await Promise.all(tokens.slice(i, i + wave).map((t) => connect(url, t)))));
  }
  return sockets;
}

type Client = ChildProcess & { ask: <T>(command: ClientCommand) => Promise<T> };

/** Forks a socket client process (`bench/socket-client.ts`). */
function startClient(): Client {
  const child = fork(path.join(root, 'bench/socket-client.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return Object.assign(child, {
    ask: <T>(command: ClientCommand) =>
      new Promise<T>((resolve, reject) => {
        const exited = () => reject(new Error('socket client exited'));
        child.once('exit', exited);
        child.once('message', (reply) => {
          child.off('exit', exited);
          resolve(reply as T);
        });
        child.send(command);
      }),
  });
}

/** Opens one socket per token of `groups` in `client`; answers how many connected and failed. */
function connectIn(client: Client, groups: { url: string; tokens: string[] }[]) {
  return client.ask<{ connected: number; failed: number }>({ kind: 'connect', groups, wave: 250 });
}

/** Closes the sockets of `clients` and lets them exit. */
function closeClients(clients: Client[]): void {
  for (const client of clients) client.send('close');
}

/**
 * Direct messages at `rate` a second for `seconds`, shared evenly by `clients` (each sends from
 * the first half of its sockets to the second half, the members `recipientIds[k]`), with
 * send-to-ack and send-to-receipt p50/p99 in ms over all of them, and the CPU time the
 * `servers` spent per message (user + system, read from their `/metrics`): on a shared,
 * busy machine latency says as much about the neighbours as about GameOn; CPU per message does not.
 */
async function directMessages(
  name: string,
  servers: string[],
  clients: Client[],
  recipientIds: number[][],
  rate: number,
  seconds: number,
): Promise<void> {
  const cpuBefore = await Promise.all(servers.map(serverGauges));
  // Read once the warm-up is over, so the event-loop delay read at the end is the measured part's.
  const warmedUp = sleep(DM_WARMUP_SECONDS * 1000).then(() =>
    Promise.all(servers.map(serverGauges)),
  );
  const reports = await Promise.all(
    clients.map((client, k) =>
      client.ask<DirectReport>({
        kind: 'direct',
        label: `${name} ${k}`,
        recipientIds: recipientIds[k]!,
        rate: rate / clients.length,
        warmupSeconds: DM_WARMUP_SECONDS,
        seconds,
      }),
    ),
  );
  const sent = reports.reduce((n, r) => n + r.sent, 0);
  const warmupSent = reports.reduce((n, r) => n + r.warmupSent, 0);
  const ack = reports.flatMap((r) => r.ack);
  const delivery = reports.flatMap((r) => r.delivery);
  const secondsSent = Math.max(...reports.map((r) => r.deliveryBySecond.length));
  // When the slow deliveries happen: a stall (the machine busy elsewhere) or a growing queue.
  const bySecond = Array.from({ length: secondsSent }, (_, s) =>
    Math.round(
      percentile(
        reports.flatMap((r) => r.deliveryBySecond[s] ?? []),
        99,
      ),
    ),
  );
  const elapsed = Math.max(...reports.map((r) => r.elapsedSeconds));
  await warmedUp;
  const cpuAfter = await Promise.all(servers.map(serverGauges));
  const cpuSeconds = cpuAfter.reduce((n, g, i) => n + g.cpuSeconds - cpuBefore[i]!.cpuSeconds, 0);
  const entry = {
    name,
    kind: 'realtime',
    sent,
    sentPerSecond: Math.round(sent / elapsed),
    acknowledged: ack.length,
    refused: reports.reduce((n, r) => n + r.refused, 0),
    delivered: delivery.length,
    ackP50Ms: round(percentile(ack, 50)),
    ackP99Ms: round(percentile(ack, 99)),
    deliveryP50Ms: round(percentile(delivery, 50)),
    deliveryP99Ms: round(percentile(delivery, 99)),
    // The CPU of the warm-up too (read before it): per message sent in all.
    serverCpuMsPerMessage: round((cpuSeconds * 1000) / Math.max(1, sent + warmupSent)),
    deliveryP99BySendSecondMs: bySecond,
    serverLoopDelayP99Ms: Math.max(...cpuAfter.map((g) => g.loopDelayP99Ms)),
    serverLoopDelayMaxMs: Math.max(...cpuAfter.map((g) => g.loopDelayMaxMs)),
    // The load generators' own stalls, which count in every time above.
    clientLoopDelayP99Ms: round(Math.max(...reports.map((r) => r.loopDelayP99Ms))),
    clientLoopDelayMaxMs: round(Math.max(...reports.map((r) => r.loopDelayMaxMs))),
    warmupDeliveryP99Ms: round(
      percentile(
        reports.flatMap((r) => r.warmupDelivery),
        99,
      ),
    ),
  };
  results.push(entry);
  console.log(JSON.stringify(entry));
}

/** `count` members' ids and fresh session tokens, written straight into the bench database. */
async function sessionsFor(count: number): Promise<{ ids: number[]; tokens: string[] }> {
  const { db, destroy } = openDatabase(loadConfig({ DATABASE_URL: databaseUrl }).database);
  const rows = await db.selectFrom('users').select('id').orderBy('id').limit(count).execute();
  const ids = rows.map((r) => r.id);
  const tokens = ids.map(() => newToken());
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ids.length; i += 2000) {
      await trx
        .insertInto('sessions')
        .values(
          ids.slice(i, i + 2000).map((user_id, k) => ({
            user_id,
            token_hash: hashToken(tokens[i + k]!),
            created_at: now,
            last_seen_at: now,
            user_agent: 'bench',
            ip: '127.0.0.1',
          })),
        )
        .execute();
    }
  });
  // A group chat of the first 100 members, for the fan-out scenario.
  const group = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('group_chats')
      .values({ post_id: null, name: 'Bench group of 100', created_at: now, cancelled_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('group_chat_members')
      .values(
        ids.slice(0, 100).map((user_id) => ({
          group_chat_id: id,
          user_id,
          joined_at: now,
          last_read_message_id: null,
          // The list's sort key of a chat with no message yet (migration 0035).
          list_at: now,
        })),
      )
      .execute();
    return id;
  });
  await destroy();
  groupChatId = group;
  return { ids, tokens };
}
let groupChatId = 0;

/**
 * A group of 100 (`members`, the sockets of the group's members in id order): the first sends
 * `rate` messages a second; every other member receives each.
 */
async function groupFanOut(
  name: string,
  members: Socket[],
  rate: number,
  seconds: number,
): Promise<void> {
  const sentAt = new Map<string, number>();
  const received = new Map<string, number>();
  const perRecipient: number[] = [];
  const toLast: number[] = [];
  for (const socket of members.slice(1)) {
    socket.on('newGroupMessage', (message: { content: string }) => {
      const at = sentAt.get(message.content);
      if (at === undefined) return;
      const latency = performance.now() - at;
      perRecipient.push(latency);
      const count = (received.get(message.content) ?? 0) + 1;
      received.set(message.content, count);
      if (count === members.length - 1) toLast.push(latency);
    });
  }
  const started = performance.now();
  let seq = 0;
  while (performance.now() - started < seconds * 1000) {
    const content = `group ${seq++}`;
    sentAt.set(content, performance.now());
    members[0]!.emit('sendGroupMessage', { groupChatId, content });
    await sleep(1000 / rate);
  }
  await sleep(2000);
  for (const socket of members) socket.off('newGroupMessage');
  const entry = {
    name,
    kind: 'realtime',
    sent: seq,
    receipts: perRecipient.length,
    complete: toLast.length,
    recipientP50Ms: round(percentile(perRecipient, 50)),
    recipientP99Ms: round(percentile(perRecipient, 99)),
    lastRecipientP99Ms: round(percentile(toLast, 99)),
  };
  results.push(entry);
  console.log(JSON.stringify(entry));
}

/** Starts a throwaway redis-server on a free port when installed; answers its URL or null. */
async function startRedis(): Promise<string | null> {
  if (spawnSync('redis-server', ['--version']).status !== 0) return null;
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  children.push(child);
  await sleep(500);
  return `redis://127.0.0.1:${port}`;
}

/** A table cell: text as it is, anything else as JSON, nothing as blank. */
const cell = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** `bench/results.json` and `bench/RESULTS.md`; with `--only realtime`, `*.realtime.*` beside them. */
function writeResults(meta: Record<string, unknown>): void {
  const suffix = args.only === 'realtime' ? '.realtime' : '';
  fs.writeFileSync(
    path.join(root, `bench/results${suffix}.json`),
    `${JSON.stringify({ ...meta, results }, null, 2)}\n`,
  );
  const rows = (kind: string, columns: [string, string][]) => [
    `| ${columns.map(([, title]) => title).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...results
      .filter((r) => r.kind === kind)
      .map((r) => `| ${columns.map(([key]) => cell(r[key])).join(' | ')} |`),
  ];
  const md = [
    '# GameOn benchmark results',
    '',
    `Written by \`npm run bench\` on ${String(meta.date)}: ${String(meta.cpus)}, ${String(meta.memoryGb)} GB, Node ${process.version}; ` +
      `${String(meta.posts)} games and ${String(meta.members)} members generated by \`bench:seed\` into SQLite; ` +
      `${CONNECTIONS} connections, ${SECONDS} s per HTTP and direct-message scenario after ${WARMUP_SECONDS} s of warm-up (direct messages: ${DM_WARMUP_SECONDS} s with the rate rising from 0); the load generator runs on the same machine.`,
    ...(args.only === 'realtime'
      ? []
      : [
          '',
          '## HTTP',
          '',
          ...rows('http', [
            ['name', 'scenario'],
            ['requestsPerSecond', 'req/s'],
            ['latencyP50Ms', 'p50 ms'],
            ['latencyP99Ms', 'p99 ms'],
            ['shareOfBare', 'share of bare route'],
            ['serverCpuUsPerRequest', 'server CPU µs per request'],
            ['non2xx', 'non-2xx'],
            ['errors', 'errors and timeouts'],
          ]),
        ]),
    '',
    '## Realtime',
    '',
    '```json',
    ...results.filter((r) => r.kind !== 'http').map((r) => JSON.stringify(r)),
    '```',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, `bench/RESULTS${suffix}.md`), md);
}

try {
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/seed.ts',
      '--db',
      databaseUrl,
      '--posts',
      args.posts,
      '--members',
      args.members,
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (seeded.status !== 0) throw new Error('bench:seed failed');
  const { ids, tokens } = await sessionsFor(Math.max(SOCKETS, ACTIVE));
  const token = tokens[0]!;
  const url = await startServer({});

  if (args.only === 'all') {
    const barePort = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare.ts'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      child.once('exit', () => reject(new Error('bare server exited')));
    });
    await http('bare Fastify route', `http://127.0.0.1:${barePort}/`);
    await http('GET /api/health', `${url}/api/health`);
    const dense = 'lat=12.9716&lng=77.5946&radius=25000&limit=20';
    const sparse = 'lat=24.5&lng=78.5&radius=25000&limit=20';
    await http('feed 25 km, central Bengaluru (dense)', `${url}/api/posts?${dense}`, token);
    await http('feed 25 km, central Madhya Pradesh (sparse)', `${url}/api/posts?${sparse}`, token);
    await http(
      'feed 25 km, Bengaluru, Football + tag weekend',
      `${url}/api/posts?${dense}&sports=Football&tags=weekend`,
      token,
    );
    await http(
      'feed 25 km, Bengaluru, nearest first',
      `${url}/api/posts?${dense}&order=nearest`,
      token,
    );
    await listScenarios(http, url, token);
  }

  // Realtime on one process: many sockets, then messages among them. The group of 100 is held
  // here, the direct message pairs in DM_CLIENTS client processes, the idle rest in HOLDERS more.
  const dmSlice = (k: number, half: 0 | 1) => {
    const start = 100 + k * DM_PAIRS * 2 + half * DM_PAIRS;
    return {
      tokens: tokens.slice(start, start + DM_PAIRS),
      ids: ids.slice(start, start + DM_PAIRS),
    };
  };
  const dmRecipientIds = Array.from({ length: DM_CLIENTS }, (_, k) => dmSlice(k, 1).ids);
  const before = await serverGauges(url);
  const connectStarted = performance.now();
  const group = await connectAll(url, tokens.slice(0, 100));
  const dmClients = Array.from({ length: DM_CLIENTS }, startClient);
  const holders = Array.from({ length: HOLDERS }, startClient);
  const idle = tokens.slice(ACTIVE, SOCKETS);
  const share = Math.ceil(idle.length / HOLDERS);
  const opened = await Promise.all([
    ...dmClients.map((client, k) =>
      connectIn(client, [
        { url, tokens: dmSlice(k, 0).tokens },
        { url, tokens: dmSlice(k, 1).tokens },
      ]),
    ),
    ...holders.map((holder, i) =>
      connectIn(holder, [{ url, tokens: idle.slice(i * share, (i + 1) * share) }]),
    ),
  ]);
  const connectSeconds = round((performance.now() - connectStarted) / 1000);
  await sleep(2000); // let the heap settle after the burst of handshakes
  const after = await serverGauges(url);
  const socketsEntry = {
    name: `${SOCKETS} authenticated sockets`,
    kind: 'realtime',
    connected: after.openSockets,
    refused: opened.reduce((n, o) => n + o.failed, 0),
    connectSeconds,
    serverRssMbBefore: before.rssMb,
    serverRssMb: after.rssMb,
    serverHeapUsedMb: after.heapUsedMb,
    serverHeapTotalMb: after.heapTotalMb,
  };
  results.push(socketsEntry);
  console.log(JSON.stringify(socketsEntry));
  await directMessages(
    `direct messages at ${DM_RATE}/s among ${after.openSockets} sockets`,
    [url],
    dmClients,
    dmRecipientIds,
    DM_RATE,
    SECONDS,
  );
  await groupFanOut(
    `group fan-out to 99 members, 10/s, among ${after.openSockets} sockets`,
    group,
    10,
    SECONDS,
  );
  for (const socket of group) socket.disconnect();
  closeClients([...dmClients, ...holders]);

  // Two processes sharing the database and Redis: direct messages from senders on one to
  // recipients on the other, and a group of 100 with half its members on each.
  const redisUrl = await startRedis();
  if (redisUrl) {
    const a = await startServer({ REDIS_URL: redisUrl });
    const b = await startServer({ REDIS_URL: redisUrl });
    const split = [
      ...(await connectAll(a, tokens.slice(0, 50))),
      ...(await connectAll(b, tokens.slice(50, 100))),
    ];
    const across = Array.from({ length: DM_CLIENTS }, startClient);
    await Promise.all(
      across.map((client, k) =>
        connectIn(client, [
          { url: a, tokens: dmSlice(k, 0).tokens },
          { url: b, tokens: dmSlice(k, 1).tokens },
        ]),
      ),
    );
    await directMessages(
      `direct messages at ${DM_RATE}/s from one process to the other through Redis`,
      [a, b],
      across,
      dmRecipientIds,
      DM_RATE,
      SECONDS,
    );
    await groupFanOut(
      'group fan-out to 99 members, 10/s, half on each of two processes and Redis',
      split,
      10,
      SECONDS,
    );
    for (const socket of split) socket.disconnect();
    closeClients(across);
  } else {
    results.push({
      name: 'two processes and Redis',
      kind: 'realtime',
      skipped: 'redis-server is not installed',
    });
  }

  writeResults({
    date: new Date().toISOString(),
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    posts: Number(args.posts),
    members: Number(args.members),
  });
  console.log(
    args.only === 'realtime'
      ? 'wrote bench/*.realtime.*'
      : 'wrote bench/results.json and bench/RESULTS.md',
  );
} finally {
  // Servers before Redis, so none of them sees its Redis vanish first.
  for (const child of children.toReversed()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    if ((await Promise.race([exited, sleep(10_000).then(() => 'late')])) === 'late')
      child.kill('SIGKILL');
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
