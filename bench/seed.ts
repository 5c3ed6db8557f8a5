/**
 * Data generator for the speed benchmarks: writes a realistic GameOn through the real
 * migrations into an empty database, then prints what it wrote.
 *
 *   npm run bench:seed -- --db sqlite:/tmp/big.db --posts 1000000 --members 100000 [--seed 42] [--force]
 *
 * - `--db`: `sqlite:<path>` or `postgres://...`; a database that already has members is refused
 *   unless `--force` (then the new rows are added after the existing ones).
 * - Members `player<n>` (`player<n>@bench.test`, password `gameon123`: one shared argon2 hash, so
 *   no hours of hashing), each with a home city, one to three sports, and about ten follows, most
 *   in their own city, each follow with its notification to the followee (half of them read).
 *   The first member (`player<first id>`) is followed by up to 10,000 more (no notifications).
 * - Games: 70 % within 40 km of an Indian city picked by population, 30 % anywhere in India (a
 *   rough outline of the mainland); times over the next 30 days between 6 am and 10 pm Indian
 *   time; up to three tags; interest from members of the same city up to the places and a little
 *   over (a waitlist); a group chat with a few messages for every game with interest.
 * - Direct conversations, one per two members, with a few messages each.
 *
 * `npm start` with the same `DATABASE_URL` and `SEED_DEMO=false` serves the result unchanged.
 * Rows are written in batches with explicit ids (a PostgreSQL identity is moved past them).
 */
import { setTimeout as nextTimers } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ONLINE_GAMES, SPORTS } from '@gameon/shared';
import { sql, type Insertable, type Kysely } from 'kysely';
import { loadConfig } from '../apps/server/src/config.js';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/index.js';
import type { DB } from '../apps/server/src/db/types.js';
import { hashPassword } from '../apps/server/src/lib/crypto.js';
import { publicPoint } from '../apps/server/src/lib/geo.js';
import { seededRandom } from '../apps/server/test/random.js';
import { geocellFor } from '../apps/server/src/modules/feed/place-index.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    posts: { type: 'string', default: '100000' },
    members: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '42' },
    force: { type: 'boolean', default: false },
  },
});
if (!args.db) {
  console.error(
    'usage: npm run bench:seed -- --db <sqlite:path | postgres://...> [--posts N] [--members N] [--seed S] [--force]',
  );
  process.exit(2);
}
const POSTS = Number(args.posts);
const MEMBERS = Number(args.members);
if (!Number.isInteger(POSTS) || POSTS < 0 || !Number.isInteger(MEMBERS) || MEMBERS < 2) {
  console.error('--posts must be a whole number >= 0 and --members one >= 2');
  process.exit(2);
}

const random = seededRandom(Number(args.seed));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** [name, state, lat, lng, metro population in millions (approximate, 2025)]. */
const CITIES: [string, string, number, number, number][] = [
  ['Delhi', 'Delhi', 28.6139, 77.209, 33],
  ['Mumbai', 'Maharashtra', 19.076, 72.8777, 22],
  ['Kolkata', 'West Bengal', 22.5726, 88.3639, 15.5],
  ['Bengaluru', 'Karnataka', 12.9716, 77.5946, 14],
  ['Chennai', 'Tamil Nadu', 13.0827, 80.2707, 12],
  ['Hyderabad', 'Telangana', 17.385, 78.4867, 11],
  ['Ahmedabad', 'Gujarat', 23.0225, 72.5714, 9],
  ['Pune', 'Maharashtra', 18.5204, 73.8567, 7.5],
  ['Surat', 'Gujarat', 21.1702, 72.8311, 7.5],
  ['Jaipur', 'Rajasthan', 26.9124, 75.7873, 4.3],
  ['Lucknow', 'Uttar Pradesh', 26.8467, 80.9462, 4],
  ['Kanpur', 'Uttar Pradesh', 26.4499, 80.3319, 3.3],
  ['Indore', 'Madhya Pradesh', 22.7196, 75.8577, 3.4],
  ['Nagpur', 'Maharashtra', 21.1458, 79.0882, 3],
  ['Coimbatore', 'Tamil Nadu', 11.0168, 76.9558, 3],
  ['Kochi', 'Kerala', 9.9312, 76.2673, 3.2],
  ['Patna', 'Bihar', 25.5941, 85.1376, 2.6],
  ['Bhopal', 'Madhya Pradesh', 23.2599, 77.4126, 2.6],
  ['Visakhapatnam', 'Andhra Pradesh', 17.6868, 83.2185, 2.4],
  ['Vadodara', 'Gujarat', 22.3072, 73.1812, 2.3],
  ['Thiruvananthapuram', 'Kerala', 8.5241, 76.9366, 1.8],
  ['Guwahati', 'Assam', 26.1445, 91.7362, 1.3],
  ['Chandigarh', 'Chandigarh', 30.7333, 76.7794, 1.3],
  ['Bhubaneswar', 'Odisha', 20.2961, 85.8245, 1.2],
];
const totalPopulation = CITIES.reduce((sum, city) => sum + city[4], 0);
/** A city index, picked with a chance proportional to its population. */
function pickCity(): number {
  let left = random() * totalPopulation;
  for (const [i, city] of CITIES.entries()) {
    left -= city[4];
    if (left <= 0) return i;
  }
  return CITIES.length - 1;
}

/** A rough outline of mainland India, [lng, lat] (enough to keep games off the sea). */
const INDIA: [number, number][] = [
  [68.2, 23.6], [70.0, 20.8], [72.6, 21.0], [72.8, 19.0], [73.4, 16.0], [74.8, 12.8],
  [76.3, 9.0], [77.5, 8.1], [78.2, 8.9], [79.9, 10.3], [79.8, 11.7], [80.3, 13.5],
  [80.1, 15.8], [82.3, 16.6], [84.8, 19.2], [86.9, 20.8], [88.0, 21.6], [89.0, 22.0],
  [88.7, 26.3], [92.0, 26.9], [95.5, 27.9], [97.0, 28.3], [95.0, 26.5], [93.9, 24.0],
  [92.3, 23.5], [91.8, 24.3], [89.8, 25.9], [88.1, 26.4], [88.2, 27.9], [85.0, 27.4],
  [80.3, 29.0], [79.0, 30.4], [77.8, 31.9], [77.0, 32.6], [75.8, 34.6], [74.2, 34.8],
  [73.8, 33.9], [74.6, 32.5], [74.6, 31.0], [73.9, 30.0], [72.9, 29.0], [70.6, 27.7],
  [69.5, 26.7], [70.3, 25.4], [68.8, 24.3],
]; // prettier-ignore

function inIndia(lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = INDIA.length - 1; i < INDIA.length; j = i++) {
    const [xi, yi] = INDIA[i]!;
    const [xj, yj] = INDIA[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A point uniformly within `km` of the city (an equirectangular disc; fine at 40 km). */
function nearCity(city: number, km: number): [number, number] {
  const [, , lat, lng] = CITIES[city]!;
  const r = km * Math.sqrt(random());
  const angle = random() * 2 * Math.PI;
  const dLat = (r * Math.cos(angle)) / 111.32;
  const dLng = (r * Math.sin(angle)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return [lng + dLng, lat + dLat];
}

/** A point anywhere in mainland India, and the nearest listed city (for the place's name). */
function anywhere(): [number, number, number] {
  for (;;) {
    const lng = 68 + random() * 29;
    const lat = 8 + random() * 27;
    if (!inIndia(lng, lat)) continue;
    let nearest = 0;
    let best = Infinity;
    for (const [i, city] of CITIES.entries()) {
      const d = (city[2] - lat) ** 2 + (city[3] - lng) ** 2;
      if (d < best) [best, nearest] = [d, i];
    }
    return [lng, lat, nearest];
  }
}

const TAGS = [
  'weekend', 'casual', 'competitive', 'beginners', 'turf', 'indoor', 'morning', 'evening',
  'ranked', 'scrims', 'doubles', '5-a-side', 'box-cricket', 'sunrise', 'women-only', 'coaching',
]; // prettier-ignore
const KINDS = [
  'Pickup game',
  'Friendly match',
  'Players needed',
  'Practice session',
  'Regular game',
];
const PLACES = ['Sports Complex', 'Turf', 'Ground', 'Club', 'Stadium', 'Park', 'Arena'];
const LINES = [
  'Count me in!',
  'What time should we reach?',
  'I can bring a ball.',
  'Is parking available there?',
  'See you all there.',
  'Running 10 minutes late.',
  'Who is bringing water?',
  'Great game today, same time next week?',
];
const SPORTS_ALL = [...SPORTS, ...ONLINE_GAMES];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const config = loadConfig({ DATABASE_URL: args.db });
const database = openDatabase(config.database);
const { db } = database;
// A 512 MiB page cache for the load (SQLite's default is 2 MB): the indexes of a million games
// and their interest outgrow the default at once, and every page it drops is read back with a
// system call (200k games: 38.8 -> 33.0 s, system time 9.7 -> 4.0 s).
if (database.dialect === 'sqlite') await sql`pragma cache_size = -524288`.execute(db);
const started = Date.now();
await migrateToLatest(db);

const existing = await db
  .selectFrom('users')
  .select((eb) => eb.fn.countAll<number | string>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(existing.n) > 0 && !args.force) {
  console.error(
    `${args.db} already has ${existing.n} members: refusing to add bench data (pass --force to add anyway)`,
  );
  await database.destroy();
  process.exit(1);
}

/** The next free id of `table`, so the batches can give their rows explicit ids. */
async function nextId(
  table:
    | 'users'
    | 'posts'
    | 'group_chats'
    | 'group_messages'
    | 'direct_conversations'
    | 'direct_messages',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | string | null>('id').as('max'))
    .executeTakeFirstOrThrow();
  return Number(row.max ?? 0) + 1;
}

/** Writes `rows` in batches that stay under both dialects' parameter limits. */
async function insertAll<T extends keyof DB>(
  trx: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const batch = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += batch) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + batch))
      .execute();
  }
}

const counts: Record<string, number> = {};
/** Runs `write` in its own transaction and counts what it wrote. */
async function step(name: string, write: (trx: Kysely<DB>) => Promise<number>): Promise<void> {
  const t = Date.now();
  counts[name] = await db.transaction().execute(write);
  console.log(`${name}: ${counts[name]} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  // A step runs without a turn of the event loop; on SQLite this turn lets the connection empty
  // the WAL it wrote (db/checkpoints.ts: a timer, overdue by now, runs before this one).
  await nextTimers(0);
}

const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const passwordHash = await hashPassword('gameon123');

// Members, each with a home city.
const firstMember = await nextId('users');
const homeCity: number[] = [];
const cityMembers: number[][] = CITIES.map(() => []);
const CHUNK = 50_000;
await step('members', async (trx) => {
  for (let start = 0; start < MEMBERS; start += CHUNK) {
    const users: Insertable<DB['users']>[] = [];
    const sports: Insertable<DB['user_sports']>[] = [];
    for (let i = start; i < Math.min(MEMBERS, start + CHUNK); i++) {
      const id = firstMember + i;
      const city = pickCity();
      homeCity.push(city);
      cityMembers[city]!.push(id);
      users.push({
        id,
        username: `player${id}`,
        email: `player${id}@bench.test`,
        password_hash: passwordHash,
        bio: `Plays in ${CITIES[city]![0]}`,
        profile_picture_url: null,
        created_at: iso(now - random() * 365 * DAY),
      });
      const chosen = new Set<string>();
      const wanted = 1 + Math.floor(random() * 3);
      while (chosen.size < wanted) chosen.add(pick(SPORTS_ALL));
      [...chosen].forEach((value, position) => sports.push({ user_id: id, value, position }));
    }
    await insertAll(trx, 'users', users);
    await insertAll(trx, 'user_sports', sports);
  }
  return MEMBERS;
});

/** A member of `city` (or anyone, when the city has too few), never `not`. */
function memberOf(city: number, not: number): number {
  const local = cityMembers[city]!;
  for (let tries = 0; tries < 5; tries++) {
    const id =
      local.length > 1 && random() < 0.9
        ? pick(local)
        : firstMember + Math.floor(random() * MEMBERS);
    if (id !== not) return id;
  }
  return not === firstMember ? firstMember + 1 : firstMember;
}

await step('follows', async (trx) => {
  let written = 0;
  for (let start = 0; start < MEMBERS; start += CHUNK) {
    const rows: Insertable<DB['follows']>[] = [];
    const notifications: Insertable<DB['notifications']>[] = [];
    for (let i = start; i < Math.min(MEMBERS, start + CHUNK); i++) {
      const follower = firstMember + i;
      const followees = new Set<number>();
      const wanted = Math.floor(random() * 21);
      for (let k = 0; k < wanted; k++) followees.add(memberOf(homeCity[i]!, follower));
      for (const followee of followees) {
        const at = now - random() * 90 * DAY;
        // What following would have told the followee (about half of them already read).
        notifications.push({
          user_id: followee,
          type: 'follow',
          message: `player${follower} started following you`,
          data: JSON.stringify({ follower_id: follower }),
          is_read: random() < 0.5 ? 1 : 0,
          conversation_id: null,
          created_at: iso(at),
        });
        rows.push({
          follower_id: follower,
          followee_id: followee,
          created_at: iso(at),
        });
      }
    }
    await insertAll(trx, 'follows', rows);
    await insertAll(trx, 'notifications', notifications);
    written += rows.length;
  }
  return written;
});

// One well-followed member: the first, followed by up to 10,000 others (a profile with followers
// and its paged lists, in the bench). Members who already follow them are skipped.
const STAR_FOLLOWERS = 10_000;
await step('star followers', async (trx) => {
  const star = firstMember;
  const already = new Set(
    (
      await trx
        .selectFrom('follows')
        .select('follower_id')
        .where('followee_id', '=', star)
        .execute()
    ).map((r) => r.follower_id),
  );
  const rows: Insertable<DB['follows']>[] = [];
  for (let i = 1; i < MEMBERS && rows.length < STAR_FOLLOWERS; i++) {
    const follower = firstMember + i;
    if (!already.has(follower))
      rows.push({
        follower_id: follower,
        followee_id: star,
        created_at: iso(now - random() * 90 * DAY),
      });
  }
  await insertAll(trx, 'follows', rows);
  return rows.length;
});

// Games, their tags and interest; a group chat with a few messages where anyone is in.
const firstPost = await nextId('posts');
const firstChat = await nextId('group_chats');
const firstGroupMessage = await nextId('group_messages');
let chatId = firstChat;
let groupMessageId = firstGroupMessage;
const written = { tags: 0, interest: 0, 'group chats': 0, 'group messages': 0 };
await step('games', async (trx) => {
  // The feed's version triggers (migration 0018) would update each new game once per tag and
  // interest: on PostgreSQL, in one transaction, every such update leaves a row version behind.
  // They are off for the load; the cells written are moved on once at the end instead.
  if (database.dialect === 'postgres') {
    for (const table of ['posts', 'post_tags', 'post_interests'])
      await sql`alter table ${sql.table(table)} disable trigger user`.execute(trx);
  }
  for (let start = 0; start < POSTS; start += CHUNK) {
    const posts: Insertable<DB['posts']>[] = [];
    const tags: Insertable<DB['post_tags']>[] = [];
    const interests: Insertable<DB['post_interests']>[] = [];
    const chats: Insertable<DB['group_chats']>[] = [];
    const chatMembers: Insertable<DB['group_chat_members']>[] = [];
    const messages: Insertable<DB['group_messages']>[] = [];
    for (let i = start; i < Math.min(POSTS, start + CHUNK); i++) {
      const id = firstPost + i;
      let city: number;
      let point: [number, number];
      if (random() < 0.7) {
        city = pickCity();
        point = nearCity(city, 40);
      } else {
        const [lng, lat, nearest] = anywhere();
        city = nearest;
        point = [lng, lat];
      }
      const author = memberOf(city, -1);
      const sport = pick(SPORTS_ALL);
      const day = Math.floor(random() * 30);
      const at = new Date(now + day * DAY);
      // 6 am to 10 pm in India (UTC+5:30), on the quarter hour.
      const minutesInIndia = 6 * 60 + Math.floor(random() * 64) * 15;
      const eventTime =
        Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) +
        (minutesInIndia - 330) * 60_000;
      const shown = publicPoint(point[0], point[1], 'general');
      const places = 1 + Math.floor(random() * 10);
      const createdAt = now - random() * 7 * DAY;
      posts.push({
        id,
        author_id: author,
        sport,
        heading: `${pick(KINDS)} at ${CITIES[city]![0]} ${pick(PLACES)}`,
        description: `Looking for ${places} players. All levels welcome.`,
        location_name: `${pick(PLACES)}, ${CITIES[city]![0]}, ${CITIES[city]![1]}, India`,
        lng: point[0],
        lat: point[1],
        public_lng: shown?.[0] ?? null,
        public_lat: shown?.[1] ?? null,
        geocell: geocellFor({ sport, public_lng: shown?.[0], public_lat: shown?.[1] }),
        event_time: iso(eventTime > now ? eventTime : eventTime + DAY),
        players_needed: places,
        created_at: iso(createdAt),
      });
      const tagCount = Math.floor(random() * 4);
      const chosen = new Set<string>();
      while (chosen.size < tagCount) chosen.add(pick(TAGS));
      [...chosen].forEach((tag, position) =>
        tags.push({ post_id: id, tag, tag_key: tag, position }),
      );
      // Interest: none for a third of the games, else up to the places and a little over.
      if (random() < 1 / 3) continue;
      const joiners = new Set<number>();
      const wanted = 1 + Math.floor(random() * (places + 2));
      for (let k = 0; k < wanted; k++) joiners.add(memberOf(city, author));
      const chat = chatId++;
      chats.push({
        id: chat,
        post_id: id,
        name: `${sport} - ${posts.at(-1)!.heading}`,
        created_at: iso(createdAt + HOUR),
        cancelled_at: null,
      });
      chatMembers.push({
        group_chat_id: chat,
        user_id: author,
        joined_at: iso(createdAt + HOUR),
        last_read_message_id: null,
      });
      let seq = 0;
      for (const member of joiners) {
        interests.push({
          post_id: id,
          user_id: member,
          created_at: iso(createdAt + HOUR + seq * 60_000),
          seq: ++seq,
        });
        chatMembers.push({
          group_chat_id: chat,
          user_id: member,
          joined_at: iso(createdAt + HOUR + seq * 60_000),
          last_read_message_id: null,
        });
      }
      const speakers = [author, ...joiners];
      const lines = Math.floor(random() * 4);
      const chatMessages = messages.length;
      for (let k = 0; k < lines; k++)
        messages.push({
          id: groupMessageId++,
          group_chat_id: chat,
          sender_id: pick(speakers),
          content: pick(LINES),
          created_at: iso(createdAt + 2 * HOUR + k * 60_000),
        });
      // Each member's list row (migration 0035), as the chats repository keeps it on write:
      // the newest message, and every message from others unread (no one opened the chat).
      const said = messages.slice(chatMessages);
      const newest = said.at(-1);
      for (const row of chatMembers.slice(-(joiners.size + 1))) {
        row.list_message_id = newest?.id ?? null;
        row.list_at = newest?.created_at ?? iso(createdAt + HOUR);
        row.unread_count = said.filter((m) => m.sender_id !== row.user_id).length;
      }
    }
    await insertAll(trx, 'posts', posts);
    await insertAll(trx, 'post_tags', tags);
    await insertAll(trx, 'post_interests', interests);
    await insertAll(trx, 'group_chats', chats);
    await insertAll(trx, 'group_chat_members', chatMembers);
    await insertAll(trx, 'group_messages', messages);
    written.tags += tags.length;
    written.interest += interests.length;
    written['group chats'] += chats.length;
    written['group messages'] += messages.length;
  }
  if (database.dialect === 'postgres') {
    for (const table of ['posts', 'post_tags', 'post_interests'])
      await sql`alter table ${sql.table(table)} enable trigger user`.execute(trx);
    await sql`insert into feed_cell_versions (geocell, version)
      select distinct geocell, 1 from posts where id >= ${firstPost} and geocell is not null
      on conflict (geocell) do update set version = feed_cell_versions.version + 1`.execute(trx);
  }
  return POSTS;
});

// Direct conversations: one per two members, a few messages each, the last one unread.
const firstConversation = await nextId('direct_conversations');
const firstDirectMessage = await nextId('direct_messages');
counts['direct messages'] = 0;
await step('direct conversations', async (trx) => {
  const conversations: Insertable<DB['direct_conversations']>[] = [];
  const messages: Insertable<DB['direct_messages']>[] = [];
  const pairs = new Set<string>();
  let messageId = firstDirectMessage;
  for (let i = 0; i < Math.floor(MEMBERS / 2); i++) {
    const a = firstMember + Math.floor(random() * MEMBERS);
    const b = memberOf(homeCity[a - firstMember]!, a);
    const [low, high] = a < b ? [a, b] : [b, a];
    if (pairs.has(`${low}:${high}`)) continue;
    pairs.add(`${low}:${high}`);
    const id = firstConversation + conversations.length;
    const createdAt = now - random() * 30 * DAY;
    conversations.push({
      id,
      user_a_id: low,
      user_b_id: high,
      created_at: iso(createdAt),
    });
    const lines = 1 + Math.floor(random() * 6);
    for (let k = 0; k < lines; k++) {
      const sender = k % 2 === 0 ? a : b;
      messages.push({
        id: messageId++,
        conversation_id: id,
        sender_id: sender,
        recipient_id: sender === a ? b : a,
        content: pick(LINES),
        is_read: k === lines - 1 ? 0 : 1,
        created_at: iso(createdAt + k * 5 * 60_000),
      });
    }
  }
  await insertAll(trx, 'direct_conversations', conversations);
  await insertAll(trx, 'direct_messages', messages);
  counts['direct messages'] = messages.length;
  return conversations.length;
});

if (database.dialect === 'postgres') {
  // Explicit ids leave the identities behind: move each past its table's largest id.
  for (const table of [
    'users',
    'posts',
    'group_chats',
    'group_messages',
    'direct_conversations',
    'direct_messages',
  ]) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
  await sql`analyze`.execute(db);
} else {
  await sql`analyze`.execute(db);
}
await database.destroy();
console.log(
  JSON.stringify({
    db: args.db.replace(/\/\/[^@/]*@/, '//***@'),
    seed: Number(args.seed),
    ...counts,
    ...written,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  }),
);
