/**
 * The daily e-mail digest of unread notifications (ARCHITECTURE.md "Notification groups and the
 * digest").
 *
 * - `digest_tokens`: one-click unsubscribe tokens (RFC 8058), one per digest mail, stored as the
 *   SHA-256 of a 32-byte random token; personal data, removed with the account (ON DELETE
 *   CASCADE) and purged after 90 days.
 * - `digest_sends`: the IST calendar day (YYYY-MM-DD) a member's digest was sent, claimed before
 *   sending (primary key) so no member gets two on one day, whichever process sends it.
 *
 * No column here is read by the feed. Additive: older code runs on it. Never edit once landed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('digest_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Account deletion finds the member's rows by this index (the cascade's lookup).
  await db.schema
    .createIndex('digest_tokens_user_id_idx')
    .on('digest_tokens')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('digest_tokens_created_at_idx')
    .on('digest_tokens')
    .column('created_at')
    .execute();
  await db.schema
    .createTable('digest_sends')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('digest_sends_pkey', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('digest_sends').ifExists().execute();
  await db.schema.dropTable('digest_tokens').ifExists().execute();
}
