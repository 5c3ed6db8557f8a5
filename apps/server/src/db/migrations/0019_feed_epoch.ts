/**
 * The feed's epoch on the embedded SQLite file: one number that goes up whenever any
 * place index cell's version does (migration 0018), kept by triggers on `feed_cell_versions`, so
 * that a process that knows the versions of a feed's cells as of an epoch can tell from that one
 * row that they still hold (modules/posts/feed-cache.ts). On PostgreSQL nothing is created: one
 * row written by every game change would make concurrent writers wait on each other, and the
 * feed reads its cells' versions there as before.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema
    .createTable('feed_epoch')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into feed_epoch (id, version) values (1, 0)`.execute(db);
  for (const event of ['insert', 'update']) {
    await sql`create trigger ${sql.raw(`feed_epoch_${event}`)} after ${sql.raw(event)} on feed_cell_versions begin
        update feed_epoch set version = version + 1 where id = 1;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const event of ['insert', 'update'])
    await sql`drop trigger if exists ${sql.raw(`feed_epoch_${event}`)}`.execute(db);
  await db.schema.dropTable('feed_epoch').execute();
}
