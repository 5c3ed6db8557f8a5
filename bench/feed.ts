/**
 * Feed benchmark: fills a fresh SQLite database with N games spread over India (default
 * 50,000), starts the real server on loopback and loads `GET /api/posts` with a 25 km radius
 * for D seconds (default 10) with autocannon. Not part of `npm test`.
 *
 *   node --import tsx bench/feed.ts [posts=50000] [seconds=10] [connections=10]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { hashToken, newToken } from '../apps/server/src/lib/crypto.js';
import { insertSession, insertUser } from '../apps/server/src/modules/auth/auth.repository.js';
import { insertPost } from '../apps/server/src/modules/posts/posts.repository.js';

const [posts = 50_000, seconds = 10, connections = 10] = process.argv.slice(2).map(Number);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-bench-'));
const app = await buildApp(
  loadConfig({
    DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
    SEED_DEMO: 'false',
    WEB_DIST: '',
  }),
  { logger: false },
);
const db = app.database.db;

// A small random generator with a fixed seed, so every run has the same data.
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const now = new Date().toISOString();
const authors: number[] = [];
for (let i = 0; i < 200; i++) {
  authors.push(
    await insertUser(
      db,
      {
        username: `bench${i}`,
        email: `bench${i}@example.test`,
        password_hash: 'x',
        bio: '',
        created_at: now,
      },
      ['Football'],
      [],
    ),
  );
}
const viewer = authors[0]!;
const token = newToken();
await insertSession(db, viewer, hashToken(token), now);
const sports = ['Football', 'Cricket', 'Badminton', 'Valorant', 'BGMI', 'Tennis'];
const started = Date.now();
await db.transaction().execute(async (trx) => {
  for (let i = 0; i < posts; i++) {
    // India's rough bounding box.
    const lng = 68 + random() * 29;
    const lat = 8 + random() * 29;
    await insertPost(
      trx,
      {
        author_id: authors[i % authors.length]!,
        sport: sports[i % sports.length]!,
        heading: `Bench game ${i}`,
        description: 'Benchmark game',
        location_name: 'Somewhere in India',
        lng,
        lat,
        public_lng: lng,
        public_lat: lat,
        event_time: new Date(Date.now() + (1 + random() * 60 * 24) * 3600_000).toISOString(),
        players_needed: 1 + (i % 20),
        created_at: now,
      },
      i % 3 === 0 ? ['weekend'] : [],
    );
  }
});
console.log(`seeded ${posts} posts in ${Date.now() - started} ms`);

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const url = `http://127.0.0.1:${port}/api/posts?lat=12.97&lng=77.59&radius=25000&limit=20`;
const probe = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
console.log(
  `probe: ${probe.status}, ${((await probe.json()) as unknown[]).length} posts in the first page`,
);

const result = await autocannon({
  url,
  connections,
  duration: seconds,
  headers: { authorization: `Bearer ${token}` },
});
console.log(autocannon.printResult(result));
console.log(
  JSON.stringify({
    posts,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
  }),
);
await app.close();
fs.rmSync(dir, { recursive: true, force: true });
