/**
 * Server processes' heartbeats on PostgreSQL (db/heartbeats.ts): one row per running server
 * process, its `beat_at` moved on every few seconds by the database's clock, so that a process
 * starting without Redis can tell that another one is alive on the same database and refuse to
 * start. On SQLite nothing is created: one process serves an embedded file. A new table: nothing
 * to backfill; processes of the version before simply record none.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('server_heartbeats')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('redis', 'boolean', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('beat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('server_heartbeats').ifExists().execute();
}
