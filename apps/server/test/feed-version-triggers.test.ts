/**
 * The feed's caches (modules/posts/feed-cache.ts) answer as the database would only because
 * every table the feed presents from moves a version when one of its rows changes: the cell
 * lists hold whole `posts` rows under their cell's version in `feed_cell_versions`, a post's
 * parts (author name, tags, interested members: posts.repository.ts `hydrate`) are held under
 * `posts.version`, and on SQLite one epoch (`feed_epoch`) stands for every cell's version.
 * Triggers keep those versions (migrations 0018 and 0019) so that no write path can forget
 * them; this reads the triggers of the migrated database and checks each table has them.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/types.js';
import { startServer, type TestServer } from './harness.js';

type Event = 'insert' | 'update' | 'delete';

/** A row-level trigger: the table and event it fires on, the columns of `update of`, its body. */
interface Trigger {
  name: string;
  table: string;
  event: Event;
  /** The columns of `update of ...`, null when any column's change fires it. */
  columns: string[] | null;
  /** Its SQL, with the bodies of the functions it runs (PostgreSQL), lower-cased. */
  body: string;
}

/** What a trigger's body must do to move a version the feed's caches compare. */
const BUMPS = {
  'posts.version': /update posts set version = version \+ 1/,
  feed_cell_versions:
    /insert into feed_cell_versions[\s\S]*on conflict \(geocell\) do update set version = (feed_cell_versions\.)?version \+ 1/,
  feed_epoch: /update feed_epoch set version = version \+ 1/,
} as const;

interface Versioned {
  table: string;
  events: Event[];
  /** Only an update of these columns must move the version (null: any change). */
  columns: string[] | null;
  bumps: keyof typeof BUMPS;
  /** Only on SQLite (migration 0019 creates nothing on PostgreSQL). */
  sqliteOnly?: true;
}

/**
 * Every table the cached feed reads, and the version a change to it must move. `users` gives
 * the author's name, which never changes (deleting a member deletes their games, which the
 * `posts` triggers see), and the suspension, which hides the member's games.
 */
const VERSIONED: Versioned[] = [
  {
    table: 'posts',
    events: ['insert', 'update', 'delete'],
    columns: null,
    bumps: 'feed_cell_versions',
  },
  {
    table: 'post_tags',
    events: ['insert', 'update', 'delete'],
    columns: null,
    bumps: 'posts.version',
  },
  {
    table: 'post_interests',
    events: ['insert', 'update', 'delete'],
    columns: null,
    bumps: 'posts.version',
  },
  { table: 'users', events: ['update'], columns: ['suspended_at'], bumps: 'feed_cell_versions' },
  {
    table: 'feed_cell_versions',
    events: ['insert', 'update'],
    columns: null,
    bumps: 'feed_epoch',
    sqliteOnly: true,
  },
];

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** The triggers of SQLite's schema, from `sqlite_master`. */
async function sqliteTriggers(db: Kysely<DB>): Promise<Trigger[]> {
  const { rows } = await sql<{
    name: string;
    tbl_name: string;
    sql: string;
  }>`select name, tbl_name, sql from sqlite_master where type = 'trigger'`.execute(db);
  return rows.flatMap((row) => {
    const body = normalise(row.sql);
    const head = /\bafter (insert|update|delete)(?: of ([\w, ]+?))? on "?(\w+)"?/.exec(body);
    if (!head) return [];
    return [
      {
        name: row.name,
        table: row.tbl_name,
        event: head[1] as Event,
        columns: head[2] ? head[2].split(',').map((c) => c.trim()) : null,
        body,
      },
    ];
  });
}

/**
 * The row-level triggers of PostgreSQL's public schema, each with the source of the function it
 * runs and of the functions that one `perform`s.
 */
async function postgresTriggers(db: Kysely<DB>): Promise<Trigger[]> {
  const { rows: functions } = await sql<{ name: string; source: string }>`
    select p.proname as name, p.prosrc as source from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()`.execute(db);
  const sources = new Map(functions.map((f) => [f.name, normalise(f.source)]));
  const expand = (name: string, seen = new Set<string>()): string => {
    if (seen.has(name)) return '';
    seen.add(name);
    const source = sources.get(name) ?? '';
    const called = [...source.matchAll(/\bperform (\w+)\(/g)].map((m) => expand(m[1]!, seen));
    return [source, ...called].join(' ');
  };
  const { rows } = await sql<{
    name: string;
    table: string;
    event: string;
    statement: string;
    columns: string[] | null;
  }>`
    select t.trigger_name as name, t.event_object_table as "table",
      t.event_manipulation as event, t.action_statement as statement,
      (select array_agg(c.event_object_column::text) from information_schema.triggered_update_columns c
        where c.trigger_name = t.trigger_name and c.event_object_table = t.event_object_table
          and c.trigger_schema = t.trigger_schema) as columns
    from information_schema.triggers t
    where t.trigger_schema = current_schema() and t.action_orientation = 'ROW'`.execute(db);
  return rows.map((row) => {
    const runs = /execute (?:function|procedure) (\w+)\(/i.exec(row.statement)?.[1] ?? '';
    return {
      name: row.name,
      table: row.table,
      event: row.event.toLowerCase() as Event,
      columns: row.columns && row.columns.length > 0 ? row.columns : null,
      body: expand(runs),
    };
  });
}

describe("the feed caches' version triggers", () => {
  let server: TestServer;
  let triggers: Trigger[];
  let dialect: 'sqlite' | 'postgres';

  beforeAll(async () => {
    server = await startServer();
    const { db } = server.app.database;
    dialect = server.app.database.dialect;
    triggers = dialect === 'sqlite' ? await sqliteTriggers(db) : await postgresTriggers(db);
  });
  afterAll(() => server.close());

  it('move a version on every insert, update and delete of every table the feed presents from', () => {
    const missing: string[] = [];
    for (const versioned of VERSIONED) {
      if (versioned.sqliteOnly && dialect !== 'sqlite') continue;
      for (const event of versioned.events) {
        const found = triggers.some(
          (t) =>
            t.table === versioned.table &&
            t.event === event &&
            // A trigger on some columns only covers the columns asked for.
            (t.columns === null ||
              (versioned.columns !== null &&
                versioned.columns.every((c) => t.columns!.includes(c)))) &&
            BUMPS[versioned.bumps].test(t.body),
        );
        if (!found) missing.push(`${event} on ${versioned.table} -> ${versioned.bumps}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
