/**
 * The host runs their game: edits, removed players, and a chat its leavers keep.
 *
 * - `posts.sequence`: the calendar entry's SEQUENCE (RFC 5545 §3.8.7.4), up by one with every
 *   edit so calendar apps replace the entry they hold; `posts.changed_at`: when the game's time
 *   or place last changed (UTC ISO text), null when never.
 * - `post_departures`: who left a game or was removed from it, when, and whether a leave was
 *   `excused` (within 24 hours of a change of time or place): one row per game and member, the
 *   last departure. A removed member (`reason` 'removed') cannot join that game again. Personal
 *   data: it goes with the member's account and with the game (ON DELETE CASCADE).
 * - `group_chat_members.left_at` and `.last_message_id`: a member who left the game (or was
 *   removed) stays in its chat as a reader of the messages up to `last_message_id`, the newest
 *   when they left; null while they are in it.
 *
 * No column here is presented by the feed (an edit moves `posts.version` itself, and the
 * triggers of migration 0018 move the cell's). Additive: older code runs on it. Never edit once
 * landed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('posts').addColumn('changed_at', 'varchar(32)').execute();
  await db.schema
    .createTable('post_departures')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('left_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    .addColumn('excused', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('post_departures_pkey', ['post_id', 'user_id'])
    .execute();
  // Account deletion finds the member's rows by this index (the cascade's lookup).
  await db.schema
    .createIndex('post_departures_user_id_idx')
    .on('post_departures')
    .column('user_id')
    .execute();
  await db.schema.alterTable('group_chat_members').addColumn('left_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('group_chat_members')
    .addColumn('last_message_id', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Former members were not members before this migration.
  await db
    .deleteFrom('group_chat_members' as never)
    .where('left_at' as never, 'is not', null)
    .execute();
  await db.schema.alterTable('group_chat_members').dropColumn('last_message_id').execute();
  await db.schema.alterTable('group_chat_members').dropColumn('left_at').execute();
  await db.schema.dropTable('post_departures').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('changed_at').execute();
  await db.schema.alterTable('posts').dropColumn('sequence').execute();
}
