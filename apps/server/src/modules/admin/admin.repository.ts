/** Queries for reports with their snapshots, operator actions and suspension. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReportStatus, ReportTargetType } from '@gameon/shared';
import type { AdminActionsTable, DB, ReportSnapshotsTable } from '../../db/types.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** A new report: what is reported, the member it is about, who reports and why. */
export interface NewReport {
  reporter_id: number;
  reported_id: number;
  target_type: ReportTargetType;
  target_id: number;
  reason: string;
  created_at: string;
}

/** Stores a report. @returns its id. */
export async function insertReport(db: Executor, row: NewReport): Promise<number> {
  const { id } = await db
    .insertInto('reports')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Stores the snapshot of a report's target (`content`: JSON). */
export async function insertSnapshot(db: Executor, row: ReportSnapshotsTable): Promise<void> {
  await db.insertInto('report_snapshots').values(row).execute();
}

/**
 * Deletes the snapshots of reports closed before `cutoff` (UTC ISO; a report closed without a
 * resolution time counts from its filing). @returns how many.
 */
export async function deleteSnapshotsResolvedBefore(db: Executor, cutoff: string) {
  const result = await db
    .deleteFrom('report_snapshots')
    .where('report_id', 'in', (eb) =>
      eb
        .selectFrom('reports')
        .select('id')
        .where('status', '<>', 'open')
        .where(sql<string>`coalesce(resolved_at, created_at)`, '<', cutoff),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Open reports, newest first (id descending), below `beforeId` when given; each with its
 * reporter, the member it is about (with their e-mail, to tell an operator), a label of its
 * target (the member's username, the review's title, the event's title, the comment's text, the rating's level; null once the target is
 * gone) and the snapshot's JSON (null without one), in one query.
 */
export function openReports(
  db: Executor,
  { beforeId, limit }: { beforeId?: number; limit: number },
) {
  let query = db
    .selectFrom('reports as r')
    .leftJoin('users as reporter', 'reporter.id', 'r.reporter_id')
    .leftJoin('users as member', 'member.id', 'r.reported_id')
    .leftJoin('users as tu', (join) =>
      join.onRef('tu.id', '=', 'r.target_id').on('r.target_type', '=', 'member'),
    )
    .leftJoin('reviews as rv', (join) =>
      join.onRef('rv.id', '=', 'r.target_id').on('r.target_type', '=', 'review'),
    )
    .leftJoin('events as ev', (join) =>
      join.onRef('ev.id', '=', 'r.target_id').on('r.target_type', '=', 'event'),
    )
    .leftJoin('comments as cm', (join) =>
      join.onRef('cm.id', '=', 'r.target_id').on('r.target_type', '=', 'comment'),
    )
    .leftJoin('skill_ratings as sr', (join) =>
      join.onRef('sr.id', '=', 'r.target_id').on('r.target_type', '=', 'rating'),
    )
    .leftJoin('report_snapshots as s', 's.report_id', 'r.id')
    .select([
      'r.id',
      'r.target_type',
      'r.target_id',
      'r.reason',
      'r.status',
      'r.created_at',
      'reporter.id as reporter_id',
      'reporter.username as reporter_username',
      'member.id as member_id',
      'member.username as member_username',
      'member.email as member_email',
      'member.suspended_at as member_suspended_at',
      sql<string | null>`coalesce(tu.username, rv.title, ev.title, cm.content, sr.level)`.as(
        'label',
      ),
      's.content as snapshot',
    ])
    .where('r.status', '=', 'open');
  if (beforeId !== undefined) query = query.where('r.id', '<', beforeId);
  return query.orderBy('r.id', 'desc').limit(limit).execute();
}

export function findReport(db: Executor, id: number) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Closes report `id` with `status` at `now` (UTC ISO) when it is still open.
 * @returns whether it was open.
 */
export async function closeReport(
  db: Executor,
  id: number,
  status: Exclude<ReportStatus, 'open'>,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ status, resolved_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks every open report about member `memberId` 'actioned' at `now` (UTC ISO). @returns how many. */
export async function actionReportsAbout(
  db: Executor,
  memberId: number,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('reports')
    .set({ status: 'actioned', resolved_at: now })
    .where('reported_id', '=', memberId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findMember(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'suspended_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sets (a time) or clears (null) the member's suspension. */
export async function setSuspendedAt(db: Executor, id: number, at: string | null): Promise<void> {
  await db.updateTable('users').set({ suspended_at: at }).where('id', '=', id).execute();
}

export async function insertAction(
  db: Executor,
  row: Omit<AdminActionsTable, 'id'>,
): Promise<void> {
  await db.insertInto('admin_actions').values(row).execute();
}
