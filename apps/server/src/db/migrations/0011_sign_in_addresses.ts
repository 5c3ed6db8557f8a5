/**
 * The client addresses each account signed in from: a sign-in from a known address
 * skips the per-account login delay, so the owner is never slowed by someone guessing their
 * password elsewhere. One row per (account, address), its time refreshed on each sign-in;
 * rows older than 90 days are pruned on write. Goes with the account (ON DELETE CASCADE).
 * Never edit once landed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_signed_in_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_addresses_pkey', ['user_id', 'ip'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_addresses').ifExists().execute();
}
