/**
 * Notification settings and web push.
 *
 * - `notification_preferences`: the switches a member changed, one row per (member, type,
 *   channel); every other switch is its code default (shared `defaultChannels`), so a type added
 *   later needs no backfill.
 * - `push_subscriptions`: one row per device that turned push on, tied to the session that
 *   subscribed it: it goes with that session (sign-out, expiry, "sign out other sessions",
 *   account deletion) by the foreign keys' cascade. `endpoint` is unique: a device subscribing
 *   again (or under another session) replaces its row.
 * - `vapid_keys`: the one VAPID key pair generated on first start when the environment sets
 *   none (row id 1, inserted only if absent, so nodes starting together agree).
 * - `push_throttles`: when a member last got a push per topic (a conversation), so messages of
 *   one conversation push at most once a minute across processes.
 *
 * Additive: code without push runs on it. Never edit once landed.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'type', 'channel'])
    .execute();

  await idColumn(db.schema.createTable('push_subscriptions'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(256)', (c) => c.notNull())
    .addColumn('auth', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Delivery finds a member's devices, and a session's deletion its rows, by these.
  await db.schema
    .createIndex('push_subscriptions_user_id_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_session_id_idx')
    .on('push_subscriptions')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('vapid_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('public_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('private_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('push_throttles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_push_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_throttles_pk', ['user_id', 'topic'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'push_throttles',
    'vapid_keys',
    'push_subscriptions',
    'notification_preferences',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
