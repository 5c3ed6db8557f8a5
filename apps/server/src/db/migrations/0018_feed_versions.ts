/**
 * Versions that tell the feed's caches (modules/posts/feed-cache.ts) when what they
 * hold is stale, kept by triggers so that no write path can forget them:
 *
 * - `posts.version` goes up whenever the post's interested members or tags change (the parts of
 *   a presented post not on its row: the author's username never changes, and deleting a member
 *   deletes their games).
 * - `feed_cell_versions(geocell, version)` goes up whenever a game of that place index cell
 *   (migration 0014; -1 the online games) is created, deleted or changed in any way, its version
 *   included, so a cell's version moving says that some game of the cell may read differently.
 *   A cell without a row has version 0; versions only grow, so a sum over cells changes
 *   whenever one of them does. Games with no cell (a hidden place) are in no feed with a radius.
 *
 * - A suspension starting or ending moves on the cells of the member's games, so cell lists leave
 *   out suspended members' games and take them back when it ends.
 *
 * Blocks change no version: the feed applies them to every answer, cached or not.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/** The tables whose rows are parts of a presented post, by the column naming the post. */
const PARTS = ['post_interests', 'post_tags'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('feed_cell_versions')
    .addColumn('geocell', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) {
    await sql`create function feed_bump_cell(cell integer) returns void language sql as $$
        insert into feed_cell_versions (geocell, version) values (cell, 1)
        on conflict (geocell) do update set version = feed_cell_versions.version + 1
      $$`.execute(db);
    await sql`create function feed_post_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.geocell is not null then perform feed_bump_cell(old.geocell); end if;
        if tg_op <> 'DELETE' and new.geocell is not null
          and (tg_op = 'INSERT' or new.geocell is distinct from old.geocell) then
          perform feed_bump_cell(new.geocell);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger feed_post_changed after insert or update or delete on posts
      for each row execute function feed_post_changed()`.execute(db);
    await sql`create function feed_part_changed() returns trigger language plpgsql as $$
      begin
        update posts set version = version + 1
          where id = (case when tg_op = 'DELETE' then old.post_id else new.post_id end);
        return null;
      end $$`.execute(db);
    for (const table of PARTS) {
      await sql`create trigger ${sql.raw(`feed_${table}_changed`)} after insert or update or delete
        on ${sql.table(table)} for each row execute function feed_part_changed()`.execute(db);
    }
    await sql`create function feed_suspension_changed() returns trigger language plpgsql as $$
      begin
        insert into feed_cell_versions (geocell, version)
          select distinct geocell, 1 from posts where author_id = new.id and geocell is not null
          on conflict (geocell) do update set version = feed_cell_versions.version + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger feed_suspension_changed after update of suspended_at on users
      for each row when (old.suspended_at is distinct from new.suspended_at)
      execute function feed_suspension_changed()`.execute(db);
    return;
  }
  const bump = (cell: string) =>
    sql.raw(`insert into feed_cell_versions (geocell, version) values (${cell}, 1)
      on conflict (geocell) do update set version = version + 1;`);
  await sql`create trigger feed_post_insert after insert on posts when new.geocell is not null begin
      ${bump('new.geocell')}
    end`.execute(db);
  await sql`create trigger feed_post_delete after delete on posts when old.geocell is not null begin
      ${bump('old.geocell')}
    end`.execute(db);
  await sql`create trigger feed_post_update_old after update on posts when old.geocell is not null begin
      ${bump('old.geocell')}
    end`.execute(db);
  await sql`create trigger feed_post_update_new after update on posts
    when new.geocell is not null and new.geocell is not old.geocell begin
      ${bump('new.geocell')}
    end`.execute(db);
  await sql`create trigger feed_suspension_changed after update of suspended_at on users
    when old.suspended_at is not new.suspended_at begin
      insert into feed_cell_versions (geocell, version)
        select distinct geocell, 1 from posts where author_id = new.id and geocell is not null
        on conflict (geocell) do update set version = version + 1;
    end`.execute(db);
  for (const table of PARTS) {
    for (const [event, row] of [
      ['insert', 'new'],
      ['delete', 'old'],
      ['update', 'new'],
    ] as const) {
      await sql`create trigger ${sql.raw(`feed_${table}_${event}`)} after ${sql.raw(event)} on ${sql.table(table)} begin
          update posts set version = version + 1 where id = ${sql.raw(`${row}.post_id`)};
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of PARTS)
      await sql`drop trigger if exists ${sql.raw(`feed_${table}_changed`)} on ${sql.table(table)}`.execute(
        db,
      );
    await sql`drop trigger if exists feed_post_changed on posts`.execute(db);
    await sql`drop trigger if exists feed_suspension_changed on users`.execute(db);
    await sql`drop function if exists feed_suspension_changed()`.execute(db);
    await sql`drop function if exists feed_part_changed()`.execute(db);
    await sql`drop function if exists feed_post_changed()`.execute(db);
    await sql`drop function if exists feed_bump_cell(integer)`.execute(db);
  } else {
    for (const table of PARTS)
      for (const event of ['insert', 'delete', 'update'])
        await sql`drop trigger if exists ${sql.raw(`feed_${table}_${event}`)}`.execute(db);
    for (const name of ['insert', 'delete', 'update_old', 'update_new'])
      await sql`drop trigger if exists ${sql.raw(`feed_post_${name}`)}`.execute(db);
    await sql`drop trigger if exists feed_suspension_changed`.execute(db);
  }
  await db.schema.dropTable('feed_cell_versions').execute();
  await db.schema.alterTable('posts').dropColumn('version').execute();
}
