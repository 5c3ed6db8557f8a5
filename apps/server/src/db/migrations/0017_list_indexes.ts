/**
 * Lists without scans.
 *
 * The feed leaves out suspended members' games with a `not exists` on users; on
 * PostgreSQL the planner answered it by scanning every member (~15 ms at 100,000 members on each
 * feed request). `users_suspended_idx`, partial over the few suspended members, answers it at once
 * on both dialects.
 *
 * People search: `GET /api/users/search` matches a substring of the
 * username, a sport or a tag, which no B-tree can find. A trigram index narrows the candidates;
 * the search query still applies its exact test and ranking to them (users.repository.ts).
 *
 * - SQLite: `people_search`, an FTS5 table with the trigram tokenizer (case-insensitive), one row
 *   per member (rowid = users.id) holding the username and the sports and tags one per line,
 *   kept in step by triggers on users, user_sports and user_tags.
 * - PostgreSQL: pg_trgm (a trusted extension, so the database owner may create it) with GIN
 *   indexes on lower(username) and lower(value) of both lists, which `like '%...%'` uses; where
 *   the extension cannot be had, the same query scans, as before.
 *
 * Numbered 0017: 0015 is left to a migration being written beside this one.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

const LISTS = ['user_sports', 'user_tags'] as const;

/** SQL: the sports then tags of the member `userId` (an SQL expression), one per line, or ''. */
const interestsOf = (userId: string) =>
  sql.raw(`coalesce((select group_concat(value, char(10)) from (
      select value from user_sports where user_id = ${userId}
      union all select value from user_tags where user_id = ${userId})), '')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_suspended_idx')
    .on('users')
    .column('id')
    .where(sql.ref('suspended_at'), 'is not', null)
    .execute();
  if (isPostgres(db)) {
    await sql`do $$ begin
        create extension if not exists pg_trgm;
      exception when others then
        raise notice 'pg_trgm is not available (%): people search scans', sqlerrm;
      end $$`.execute(db);
    const installed = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (installed.rows.length === 0) return;
    await sql`create index users_username_trgm_idx on users using gin (lower(username) gin_trgm_ops)`.execute(
      db,
    );
    for (const table of LISTS) {
      await sql`create index ${sql.raw(`${table}_value_trgm_idx`)} on ${sql.table(table)} using gin (lower(value) gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  await sql`create virtual table people_search using fts5(username, interests, tokenize = 'trigram')`.execute(
    db,
  );
  await sql`insert into people_search (rowid, username, interests)
    select u.id, u.username, ${interestsOf('u.id')} from users u`.execute(db);
  await sql`create trigger people_search_user_insert after insert on users begin
      insert into people_search (rowid, username, interests) values (new.id, new.username, '');
    end`.execute(db);
  await sql`create trigger people_search_user_update after update of username on users begin
      update people_search set username = new.username where rowid = new.id;
    end`.execute(db);
  await sql`create trigger people_search_user_delete after delete on users begin
      delete from people_search where rowid = old.id;
    end`.execute(db);
  for (const table of LISTS) {
    for (const [event, row] of [
      ['insert', 'new'],
      ['delete', 'old'],
      ['update', 'new'],
    ] as const) {
      await sql`create trigger ${sql.raw(`people_search_${table}_${event}`)} after ${sql.raw(event)} on ${sql.table(table)} begin
          update people_search set interests = ${interestsOf(`${row}.user_id`)} where rowid = ${sql.raw(`${row}.user_id`)};
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_suspended_idx').execute();
  if (isPostgres(db)) {
    await sql`drop index if exists users_username_trgm_idx`.execute(db);
    for (const table of LISTS)
      await sql`drop index if exists ${sql.raw(`${table}_value_trgm_idx`)}`.execute(db);
    return;
  }
  for (const table of LISTS)
    for (const event of ['insert', 'delete', 'update'])
      await sql`drop trigger if exists ${sql.raw(`people_search_${table}_${event}`)}`.execute(db);
  for (const event of ['insert', 'update', 'delete'])
    await sql`drop trigger if exists ${sql.raw(`people_search_user_${event}`)}`.execute(db);
  await sql`drop table if exists people_search`.execute(db);
}
