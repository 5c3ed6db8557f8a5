/**
 * Comments on a game: a public thread on the game page, kept oldest first.
 *
 * - `comments`: one row per comment, 1-500 characters (trimmed by the service), its time as UTC
 *   ISO text. Personal data: it goes with its author's account and with the game (ON DELETE
 *   CASCADE).
 * - `comments_post_created_idx` (post_id, created_at, id) serves the thread's keyset pages;
 *   `comments_author_id_idx` the cascade's lookup on account deletion.
 *
 * Nothing here is presented by the feed. A new table only: older code runs on it, and there is
 * nothing to backfill. Never edit once landed.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('comments'), db)
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_post_created_idx')
    .on('comments')
    .columns(['post_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('comments_author_id_idx')
    .on('comments')
    .column('author_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comments').ifExists().execute();
}
