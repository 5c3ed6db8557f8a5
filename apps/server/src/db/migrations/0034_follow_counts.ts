/**
 * Follower and following counts kept on write, and the indexes that page follow lists
 * (ARCHITECTURE.md "Follow lists, paged").
 *
 * - `follow_counts(user_id, followers, following)`: every `follows` row counted once on each
 *   side, kept by triggers on `follows` so that no write path can forget them (follow, unfollow,
 *   a block ending follows, account deletion's cascade). Increments are single-row updates under
 *   the row's lock, so concurrent follows never lose one. A member with no row has 0 and 0.
 *   Suspended members stay counted here; the profile subtracts them (users.repository.ts).
 * - `follows_followee_time_idx` / `follows_follower_time_idx`: (side, created_at, other side),
 *   the keyset walk of a page of followers / followees, newest first.
 *
 * Backfilled from `follows`. Older code runs on the new table (the triggers keep it right under
 * it). Never edit once landed.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('follow_counts')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('followers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('following', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('follows_followee_time_idx')
    .on('follows')
    .columns(['followee_id', 'created_at', 'follower_id'])
    .execute();
  await db.schema
    .createIndex('follows_follower_time_idx')
    .on('follows')
    .columns(['follower_id', 'created_at', 'followee_id'])
    .execute();

  if (isPostgres(db)) {
    // An insert adds a row on each side (upsert); a delete only updates, so a cascade from a
    // deleted account never re-creates the deleted member's row.
    await sql`create function follow_counts_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into follow_counts (user_id, followers, following) values (new.followee_id, 1, 0)
            on conflict (user_id) do update set followers = follow_counts.followers + 1;
          insert into follow_counts (user_id, followers, following) values (new.follower_id, 0, 1)
            on conflict (user_id) do update set following = follow_counts.following + 1;
        else
          update follow_counts set followers = followers - 1 where user_id = old.followee_id;
          update follow_counts set following = following - 1 where user_id = old.follower_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger follow_counts_changed after insert or delete on follows
      for each row execute function follow_counts_changed()`.execute(db);
  } else {
    await sql`create trigger follow_counts_insert after insert on follows begin
        insert into follow_counts (user_id, followers, following) values (new.followee_id, 1, 0)
          on conflict (user_id) do update set followers = followers + 1;
        insert into follow_counts (user_id, followers, following) values (new.follower_id, 0, 1)
          on conflict (user_id) do update set following = following + 1;
      end`.execute(db);
    await sql`create trigger follow_counts_delete after delete on follows begin
        update follow_counts set followers = followers - 1 where user_id = old.followee_id;
        update follow_counts set following = following - 1 where user_id = old.follower_id;
      end`.execute(db);
  }

  await sql`insert into follow_counts (user_id, followers, following)
    select u.id,
      (select count(*) from follows f where f.followee_id = u.id),
      (select count(*) from follows f where f.follower_id = u.id)
    from users u
    where exists (select 1 from follows f where f.followee_id = u.id)
       or exists (select 1 from follows f where f.follower_id = u.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists follow_counts_changed on follows`.execute(db);
    await sql`drop function if exists follow_counts_changed()`.execute(db);
  } else {
    await sql`drop trigger if exists follow_counts_insert`.execute(db);
    await sql`drop trigger if exists follow_counts_delete`.execute(db);
  }
  await db.schema.dropIndex('follows_follower_time_idx').execute();
  await db.schema.dropIndex('follows_followee_time_idx').execute();
  await db.schema.dropTable('follow_counts').execute();
}
