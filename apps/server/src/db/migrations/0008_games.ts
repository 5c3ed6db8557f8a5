/**
 * Games complete: joining order of interest (joined while places are free, then the
 * waitlist), cancelled group chats with system lines, and each member's private calendar feed
 * (secret stored as SHA-256). Never edit once landed.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Joining order within a post: 1, 2, 3, ... The first `players_needed` are joined, the rest
  // waitlisted in this order. Existing interest is numbered by its time (then member id).
  await db.schema
    .alterTable('post_interests')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update post_interests set seq = (
      select count(*) from post_interests p2
      where p2.post_id = post_interests.post_id
        and (p2.created_at < post_interests.created_at
          or (p2.created_at = post_interests.created_at and p2.user_id <= post_interests.user_id))
    )`.execute(db);
  await db.schema
    .createIndex('post_interests_post_seq_key')
    .on('post_interests')
    .columns(['post_id', 'seq'])
    .unique()
    .execute();

  await db.schema.alterTable('group_chats').addColumn('cancelled_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('group_messages')
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // 'waitlist_promoted' is longer than the 16 characters 0005 gave the type (SQLite does not
  // enforce varchar lengths; PostgreSQL does).
  if (isPostgres(db)) {
    await db.schema
      .alterTable('notifications')
      .alterColumn('type', (c) => c.setDataType('varchar(32)'))
      .execute();
  }

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').ifExists().execute();
  await db.schema.alterTable('group_messages').dropColumn('is_system').execute();
  await db.schema.alterTable('group_chats').dropColumn('cancelled_at').execute();
  await db.schema.dropIndex('post_interests_post_seq_key').ifExists().execute();
  await db.schema.alterTable('post_interests').dropColumn('seq').execute();
}
