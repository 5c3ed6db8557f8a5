/**
 * Sessions that end: each session keeps when it was last seen, the client's user
 * agent (at most 256 characters) and IP address, so that it can expire (30 days idle, 90 days
 * from creation) and its member can see and end it. Existing sessions count as seen now; their
 * `created_at` stays. Never edit once landed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds a NOT NULL column only with a constant default: the migration's own time, which
  // both dialects give existing rows; every new session sets its own value.
  const now = new Date().toISOString();
  await db.schema
    .alterTable('sessions')
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(256)').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'varchar(45)').execute();
  // Pruning finds expired sessions by either time.
  await db.schema
    .createIndex('sessions_last_seen_at_idx')
    .on('sessions')
    .column('last_seen_at')
    .execute();
  await db.schema
    .createIndex('sessions_created_at_idx')
    .on('sessions')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_created_at_idx').ifExists().execute();
  await db.schema.dropIndex('sessions_last_seen_at_idx').ifExists().execute();
  for (const column of ['ip', 'user_agent', 'last_seen_at']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
