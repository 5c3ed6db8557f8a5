/**
 * Operators (`ADMIN_EMAILS`, access rule `requireOperator`) list the open reports (filed through
 * reports.service.ts), dismiss them, and suspend or unsuspend members. A suspended member cannot
 * sign in, loses every session and socket at once, and to everyone else is absent (the access
 * module's rule: profile, search, follower lists, reviews, games, events, calendar feed and
 * conversations); their events are closed with their registrants told, and their places in
 * others' games and events are freed. Every operator action is a row of `admin_actions`.
 */
import type { Kysely } from 'kysely';
import type { AdminReport, ReportSnapshot } from '@gameon/shared';
import type { z } from 'zod';
import type { adminReportsQuerySchema } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import { decodeBeforeIdCursor, encodeBeforeIdCursor } from '../../lib/cursor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { AccessService } from '../access/index.js';
import type { AuthService } from '../auth/auth.service.js';
import type { PostsService } from '../posts/posts.service.js';
import * as repo from './admin.repository.js';

export interface AdminDeps {
  db: Kysely<DB>;
  access: Pick<AccessService, 'requireOperator' | 'requireSuspendable' | 'isOperator'>;
  auth: Pick<AuthService, 'endAllSessions'>;
  posts: Pick<PostsService, 'withdrawAllInterests'>;
  /** The events module: closes a suspended organizer's events, telling their registrants. */
  events: { closeAllOf(organizerId: number): Promise<unknown> };
  /** The events module: cancels a suspended member's registrations for others' events. */
  registrations: { withdrawAll(userId: number): Promise<unknown> };
  /** The realtime layer: disconnects every socket of a member on every node. */
  sockets: { disconnect(userId: number): void };
  /** Per-member write limits: operator actions. */
  limiter: Pick<RateLimiter, 'write'>;
  /** The clock of operator actions (tests move it). */
  now?: () => Date;
}

export function createAdminService({
  db,
  access,
  auth,
  posts,
  events,
  registrations,
  sockets,
  limiter,
  now = () => new Date(),
}: AdminDeps) {
  const nowIso = () => now().toISOString();

  return {
    /**
     * `GET /admin/reports`: open reports, newest first, before-id cursor, each with its snapshot.
     * @throws AppError 403 not an operator, 400 invalid cursor.
     */
    async listReports(
      operatorId: number,
      { limit, cursor }: z.output<typeof adminReportsQuerySchema>,
    ): Promise<{ reports: AdminReport[]; nextCursor?: string }> {
      await access.requireOperator(operatorId);
      const beforeId = decodeBeforeIdCursor(cursor);
      const rows = await repo.openReports(db, {
        limit: limit + 1,
        ...(beforeId !== undefined ? { beforeId } : {}),
      });
      const page = rows.slice(0, limit);
      const presented = page.map((r) => ({
        id: r.id,
        reporter:
          r.reporter_id !== null && r.reporter_username !== null
            ? { id: r.reporter_id, username: r.reporter_username }
            : null,
        target_type: r.target_type,
        target_id: r.target_id ?? 0,
        label: r.label,
        member:
          r.member_id !== null && r.member_username !== null && r.member_email !== null
            ? {
                id: r.member_id,
                username: r.member_username,
                suspended: r.member_suspended_at !== null,
                operator: access.isOperator(r.member_email),
              }
            : null,
        reason: r.reason,
        snapshot: r.snapshot === null ? null : (JSON.parse(r.snapshot) as ReportSnapshot),
        status: r.status,
        created_at: r.created_at,
      }));
      const last = page.at(-1);
      return {
        reports: presented,
        ...(rows.length > limit && last ? { nextCursor: encodeBeforeIdCursor(last.id) } : {}),
      };
    },

    /**
     * `POST /admin/reports/{id}/dismiss`: closes an open report as 'dismissed'.
     * @throws AppError 403 not an operator, 404 unknown report, 409 already closed, 429 past
     *   the operator's limit.
     */
    async dismiss(
      operatorId: number,
      reportId: number,
    ): Promise<{ success: true; message: string }> {
      await access.requireOperator(operatorId);
      await limiter.write('operatorAction', operatorId);
      await db.transaction().execute(async (trx) => {
        const report = await repo.findReport(trx, reportId);
        if (!report) throw notFound('Report not found');
        if (!(await repo.closeReport(trx, reportId, 'dismissed', nowIso())))
          throw conflict('This report is already closed');
        await repo.insertAction(trx, {
          operator_id: operatorId,
          action: 'dismiss_report',
          target_type: report.target_type,
          target_id: report.target_id ?? 0,
          report_id: reportId,
          created_at: nowIso(),
        });
      });
      return { success: true, message: 'Report dismissed' };
    },

    /**
     * `POST /admin/users/{id}/suspend`: the member cannot sign in; their sessions and sockets end
     * at once; to everyone else they are absent while suspended (the access module's rule); the
     * registered members of their events that have not ended are told the event is closed; their
     * places in others' games are freed as when they leave (waitlists move up), and their
     * registrations for others' events are cancelled; their open reports are resolved
     * 'actioned'. Suspending a suspended member changes nothing but is recorded.
     * @throws AppError 403 not an operator, 404 unknown member, 400 oneself, 403
     *   'operator_not_suspendable' when the member is an operator, 429 past the operator's limit.
     */
    async suspend(operatorId: number, userId: number): Promise<{ success: true; message: string }> {
      await access.requireOperator(operatorId);
      await limiter.write('operatorAction', operatorId);
      if (operatorId === userId) throw badRequest('You cannot suspend yourself');
      await access.requireSuspendable(userId);
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const member = await repo.findMember(trx, userId);
        if (!member) throw notFound('User not found');
        if (member.suspended_at === null) await repo.setSuspendedAt(trx, userId, at);
        await repo.actionReportsAbout(trx, userId, at);
        await repo.insertAction(trx, {
          operator_id: operatorId,
          action: 'suspend',
          target_type: 'member',
          target_id: userId,
          report_id: null,
          created_at: at,
        });
      });
      await auth.endAllSessions(userId);
      sockets.disconnect(userId);
      await posts.withdrawAllInterests(userId);
      await registrations.withdrawAll(userId);
      await events.closeAllOf(userId);
      return { success: true, message: 'Member suspended' };
    },

    /**
     * `POST /admin/users/{id}/unsuspend`: the member may sign in again and is there for everyone
     * as before, with their games, events (and the registrations they kept), reviews and profile;
     * the places they held in others' games and events stay freed.
     * @throws AppError 403 not an operator, 404 unknown member, 429 past the operator's limit.
     */
    async unsuspend(
      operatorId: number,
      userId: number,
    ): Promise<{ success: true; message: string }> {
      await access.requireOperator(operatorId);
      await limiter.write('operatorAction', operatorId);
      await db.transaction().execute(async (trx) => {
        const member = await repo.findMember(trx, userId);
        if (!member) throw notFound('User not found');
        await repo.setSuspendedAt(trx, userId, null);
        await repo.insertAction(trx, {
          operator_id: operatorId,
          action: 'unsuspend',
          target_type: 'member',
          target_id: userId,
          report_id: null,
          created_at: nowIso(),
        });
      });
      return { success: true, message: 'Member unsuspended' };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
