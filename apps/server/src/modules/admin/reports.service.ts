/**
 * Filing reports: the part of the admin module that other modules call (users, reviews and
 * events, after their own access checks). It needs nothing of theirs, so it is created before
 * them, and the admin service, which acts on their data when a member is suspended, after them.
 * A report keeps a snapshot of what it is about as filed, until 90 days after it is resolved
 * (purged by a daily job of the scheduler) or until the reported member deletes their account.
 */
import type { Kysely } from 'kysely';
import type { ReportSnapshot, ReportTargetType } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import type { Scheduler } from '../scheduler/index.js';
import * as repo from './admin.repository.js';

/** The answer to a filed report (spec part 2 §7 report). */
const REPORT_THANKS = 'Thank you. Our team will review this report.';

/** How long a resolved report keeps its snapshot (BEYOND-THE-SPEC "Personal data"). */
export const SNAPSHOT_KEEP_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;
/** The scheduler's kind of the daily purge of expired snapshots. */
export const SNAPSHOT_PURGE_JOB = 'report-snapshots.purge';

export interface ReportsDeps {
  db: Kysely<DB>;
  /** Runs the snapshots' purge once a day. */
  scheduler: Pick<Scheduler, 'handle' | 'schedule'>;
  /** The clock of reports and the snapshots' purge (tests move it). */
  now?: () => Date;
}

export function createReportsService({ db, scheduler, now = () => new Date() }: ReportsDeps) {
  const nowIso = () => now().toISOString();

  /**
   * Deletes the snapshots of reports resolved more than {@link SNAPSHOT_KEEP_DAYS} days ago
   * (a report closed without a resolution time counts from its filing). Run daily by the
   * scheduler: late by at most a day (and the scheduler's poll), never early, and harmless to
   * repeat.
   * @returns how many were deleted.
   */
  function purgeSnapshots(): Promise<number> {
    const cutoff = new Date(now().getTime() - SNAPSHOT_KEEP_DAYS * DAY_MS).toISOString();
    return repo.deleteSnapshotsResolvedBefore(db, cutoff);
  }

  // A daily job: the first run is stored at start-up (due at once), each run stores the next.
  scheduler.handle(
    SNAPSHOT_PURGE_JOB,
    async () => {
      await purgeSnapshots();
      await scheduler.schedule({
        kind: SNAPSHOT_PURGE_JOB,
        key: 'daily',
        dueAt: new Date(now().getTime() + DAY_MS),
      });
    },
    { initial: () => ({ kind: SNAPSHOT_PURGE_JOB, key: 'daily', dueAt: now() }) },
  );

  return {
    /**
     * Stores a report, open, about `target` (type and id) and the member it concerns (the member,
     * the review's author, the event's organizer), with `snapshot`: the target as it reads now,
     * which the operator sees even once it is edited or deleted. Callers check the reporter may
     * see the target and is not its owner first, and read the snapshot.
     */
    async fileReport(report: {
      reporterId: number;
      targetType: ReportTargetType;
      targetId: number;
      memberId: number;
      reason: string;
      snapshot: ReportSnapshot;
    }): Promise<{ success: true; message: string }> {
      await db.transaction().execute(async (trx) => {
        const reportId = await repo.insertReport(trx, {
          reporter_id: report.reporterId,
          reported_id: report.memberId,
          target_type: report.targetType,
          target_id: report.targetId,
          reason: report.reason,
          created_at: nowIso(),
        });
        await repo.insertSnapshot(trx, {
          report_id: reportId,
          member_id: report.memberId,
          content: JSON.stringify(report.snapshot),
        });
      });
      return { success: true, message: REPORT_THANKS };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
