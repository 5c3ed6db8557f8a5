/**
 * Reports that reach an operator, and suspension. The reports table of 0003
 * becomes the one reports model: `target_type` ('member'|'review'|'event') and `target_id` say
 * what is reported, `reported_id` keeps the member it is about (the member, the review's author,
 * the event's organizer), `status` is 'open', 'dismissed' or 'actioned'. Every operator action is
 * a row of `admin_actions`; `users.suspended_at` marks a suspended member. Never edit once landed.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull().defaultTo('member'))
    .execute();
  await db.schema.alterTable('reports').addColumn('target_id', 'integer').execute();
  await db.schema
    .alterTable('reports')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .execute();
  // Earlier reports are all about members.
  await sql`update reports set target_id = reported_id`.execute(db);
  await db.schema
    .createIndex('reports_status_id_idx')
    .on('reports')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('reports_reported_id_idx')
    .on('reports')
    .column('reported_id')
    .execute();

  await db.schema.alterTable('users').addColumn('suspended_at', 'varchar(32)').execute();

  await idColumn(db.schema.createTable('admin_actions'), db)
    .addColumn('operator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('report_id', 'integer', (c) => c.references('reports.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_actions').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.dropIndex('reports_reported_id_idx').ifExists().execute();
  await db.schema.dropIndex('reports_status_id_idx').ifExists().execute();
  for (const column of ['status', 'target_id', 'target_type'])
    await db.schema.alterTable('reports').dropColumn(column).execute();
}
