/**
 * When each member moved their home point (the point nearby-game alerts are matched on), so
 * moves can be limited per day and per 30 days: members moving their home points between a
 * host's games could otherwise work out where the games are. A row per move, `counted` 0 for a
 * member's first home point (free) and 1 after; rows older than 30 days are pruned on write.
 * Kept in the database rather than in the rate limiter's memory: a 30-day window must outlive a
 * restart and be shared by every process. Goes with the account (ON DELETE CASCADE). Never edit
 * once landed.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('home_point_changes'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('changed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('counted', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('home_point_changes_user_id_changed_at_idx')
    .on('home_point_changes')
    .columns(['user_id', 'changed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('home_point_changes').ifExists().execute();
}
