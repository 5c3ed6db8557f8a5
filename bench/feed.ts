/**
 * Feed benchmark: fills a fresh SQLite database with N games spread over India (default
 * 50,000), starts the real server on loopback and loads `GET /api/posts` with a 25 km radius
 * for D seconds (default 10) with autocannon. Not part of `npm test`.
 *
 *   node --import tsx bench/feed.ts [posts=50000] [seconds=10] [connections=10]
 */
import { insertPost } from '../apps/server/src/modules/posts/posts.repository.js';
import { benchApp, benchMembers, benchSession, load, seededRandom } from './harness.js';

const [posts = 50_000, seconds = 10, connections = 10] = process.argv.slice(2).map(Number);
const bench = await benchApp();
const { db } = bench;
const random = seededRandom();
const now = new Date().toISOString();
const authors = await benchMembers(db, 200);
const token = await benchSession(db, authors[0]!);
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

const base = await bench.listen();
const url = `${base}/api/posts?lat=12.97&lng=77.59&radius=25000&limit=20`;
const probe = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
console.log(
  `probe: ${probe.status}, ${((await probe.json()) as unknown[]).length} posts in the first page`,
);
await load('feed', url, token, seconds, connections, { posts });
await bench.close();
