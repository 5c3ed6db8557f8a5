/**
 * The query plans behind the lists: people search, the notification list, both
 * conversation lists, the events list and the feed 25 km round a dense city and a sparse region
 * (on PostgreSQL with PostGIS and the portable plan), run through their real repository functions on a
 * seeded database, each query's plan printed (SQLite `explain query plan`, PostgreSQL
 * `explain analyze`) with its time. Not part of `npm test`.
 *
 *   node --import tsx bench/explain-lists.ts --db <sqlite:path | postgres://...> [--q player12]
 *
 * The member is the one in the most group chats; SQLite is opened read-only... in spirit: the
 * queries only read (run the migrations first by starting the server once). On SQLite the feed
 * plans shown are the portable ones: the SQLite walks (skeleton.sqlite.ts) run their own
 * prepared statements outside Kysely.
 */
import { parseArgs } from 'node:util';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DB } from '../apps/server/src/db/types.js';
import * as chats from '../apps/server/src/modules/chats/chats.repository.js';
import * as direct from '../apps/server/src/modules/direct/direct.repository.js';
import * as events from '../apps/server/src/modules/events/events.repository.js';
import * as notifications from '../apps/server/src/modules/notifications/notifications.repository.js';
import { createFeedChecks } from '../apps/server/src/modules/feed/feed.repository.js';
import type { FeedFilter } from '../apps/server/src/modules/feed/place-index.js';
import { createPortableSkeleton } from '../apps/server/src/modules/feed/skeleton.portable.js';
import { createPostgisSkeleton } from '../apps/server/src/modules/feed/skeleton.postgis.js';
import * as users from '../apps/server/src/modules/users/users.repository.js';
import { busiestChatMember } from './harness.js';

const { values: args } = parseArgs({
  options: { db: { type: 'string' }, q: { type: 'string', default: 'player12' } },
});
if (!args.db) throw new Error('usage: bench/explain-lists.ts --db <sqlite:path | postgres://...>');
const postgres = !args.db.startsWith('sqlite:');
const captured: { sql: string; parameters: readonly unknown[] }[] = [];
const log = (event: LogEvent) => {
  if (event.level === 'query')
    captured.push({ sql: event.query.sql, parameters: event.query.parameters });
};
const db = new Kysely<DB>({
  dialect: postgres
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: args.db, max: 1 }) })
    : new SqliteDialect({ database: new SQLite(args.db.slice('sqlite:'.length)) }),
  log,
});

async function explain(name: string, run: () => Promise<unknown>) {
  captured.length = 0;
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  console.log(`\n=== ${name}: ${ms.toFixed(1)} ms for ${captured.length} quer(ies)`);
  for (const query of [...captured]) {
    // A plan's own transaction and settings (begin, set local, commit) are replayed as they are,
    // on the pool's one connection, so that what follows is explained under them.
    if (!/^\s*(select|with)\b/i.test(query.sql)) {
      await db.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]));
      console.log(query.sql);
      continue;
    }
    const prefix = postgres ? 'explain (analyze, costs off, timing off) ' : 'explain query plan ';
    const plan = await db.executeQuery(
      CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
    );
    console.log(query.sql.replace(/\s+/g, ' ').slice(0, 300));
    for (const row of plan.rows as Record<string, unknown>[])
      console.log(
        '   ',
        postgres
          ? row['QUERY PLAN']
          : `${String(row.id)}<${String(row.parent)} ${String(row.detail)}`,
      );
  }
}

const busiest = await busiestChatMember(db);
if (!busiest) throw new Error('the database has no group chats: seed it with bench:seed');
const member = busiest.user_id;
console.log(`member ${member} (in ${String(busiest.n)} group chats)`);
const now = new Date().toISOString();
const peopleSearch = users.peopleSearchPlan({ dialect: postgres ? 'postgres' : 'sqlite' });
await explain(`people search "${args.q}"`, () =>
  users.searchUserIds(db, peopleSearch, member, args.q, 21, 0),
);
await explain('notification list', () => notifications.list(db, member, 21));
await explain('direct conversation list', () => direct.listConversations(db, member));
await explain('group chat list', () => chats.listConversations(db, member));
// The list as a member with a block has it: computed from the messages (the block rule per message).
await explain('group chat list from the messages (a member with a block)', () =>
  chats.listFromMessages(db, member),
);
await explain('events list', () =>
  events.list(db, { viewerId: member, endsAfter: now, limit: 21 }),
);
const portable = createPortableSkeleton(
  db,
  createFeedChecks({ dialect: postgres ? 'postgres' : 'sqlite' }),
);
const postgisPlan = createPostgisSkeleton(db, portable);
for (const [place, lat, lng] of [
  ['central Bengaluru (dense)', 12.9716, 77.5946],
  ['central Madhya Pradesh (sparse)', 24.5, 78.5],
] as const) {
  for (const postgis of postgres ? [true, false] : [false]) {
    const filter: FeedFilter = {
      viewerId: member,
      after: now,
      sports: null,
      category: null,
      tagKeys: [],
      near: { lat, lng, radius: 25_000 },
      limit: 21,
    };
    const plan = postgis ? 'PostGIS' : 'portable';
    const skeleton = postgis ? postgisPlan : portable;
    await explain(`feed 25 km, ${place}, ${plan} plan`, () =>
      skeleton.soonest(filter, skeleton.viewer(filter, 'soonest')),
    );
    await explain(`feed 25 km nearest first, ${place}, ${plan} plan`, () =>
      skeleton.nearest(filter, { lat, lng }, skeleton.viewer(filter, 'nearest')),
    );
  }
}
await db.destroy();
