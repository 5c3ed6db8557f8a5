/**
 * Report snapshots: what a report was about, as it read when the report was
 * filed (a review's title, text and rating; an event's title and description; a member's
 * profile fields), so the operator reads what was reported even after its author edits or
 * deletes it. One row per report, its `content` JSON (the shared `reportSnapshotSchema`). The
 * snapshot is the reported member's personal data: it goes with their account (`member_id` ON
 * DELETE CASCADE) and with the report, and is purged 90 days after the report is resolved, for
 * which `reports.resolved_at` records when an operator dismissed or acted on it. Reports closed
 * before this migration get the time of their dismissal where `admin_actions` has it, else
 * their filing time (they have no snapshot). Additive: code without snapshots runs on it.
 * Never edit once landed.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').addColumn('resolved_at', 'varchar(32)').execute();
  await sql`update reports set resolved_at = coalesce(
      (select max(a.created_at) from admin_actions a where a.report_id = reports.id),
      reports.created_at)
    where status <> 'open'`.execute(db);
  await db.schema
    .createTable('report_snapshots')
    .addColumn('report_id', 'integer', (c) =>
      c.primaryKey().references('reports.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();
  // Account deletion finds the member's snapshots by this index (the cascade's lookup).
  await db.schema
    .createIndex('report_snapshots_member_id_idx')
    .on('report_snapshots')
    .column('member_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_snapshots').ifExists().execute();
  await db.schema.alterTable('reports').dropColumn('resolved_at').execute();
}
