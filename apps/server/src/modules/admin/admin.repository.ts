/** Queries for reports, operator actions and suspension (issue 17 item 8). */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReportStatus, ReportTargetType } from '@gameon/shared';
import type { AdminActionsTable, DB } from '../../db/types.js';

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

export async function insertReport(db: Executor, row: NewReport): Promise<void> {
  await db.insertInto('reports').values(row).execute();
}

/**
 * Open reports, newest first (id descending), below `beforeId` when given; each with its
 * reporter, the member it is about (with their e-mail, to tell an operator) and a label of its target (the member's username, the
 * review's title, the event's title; null once the target is gone), in one query.
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
      sql<string | null>`coalesce(tu.username, rv.title, ev.title)`.as('label'),
    ])
    .where('r.status', '=', 'open');
  if (beforeId !== undefined) query = query.where('r.id', '<', beforeId);
  return query.orderBy('r.id', 'desc').limit(limit).execute();
}

export function findReport(db: Executor, id: number) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes report `id` with `status` when it is still open. @returns whether it was open. */
export async function closeReport(
  db: Executor,
  id: number,
  status: Exclude<ReportStatus, 'open'>,
): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ status })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks every open report about member `memberId` 'actioned'. @returns how many. */
export async function actionReportsAbout(db: Executor, memberId: number): Promise<number> {
  const result = await db
    .updateTable('reports')
    .set({ status: 'actioned' })
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
