/**
 * Report snapshots (issue 17 reports), over a real server on SQLite (and PostgreSQL with
 * TEST_DIALECT) with an injected clock: a report keeps what it was about as it read when filed
 * (a review, an event, a member's profile), shows it to the operator after the author edits or
 * deletes it, keeps it until 90 days after the report is resolved, and loses it with the reported
 * member's account. Migration 0022 gives reports closed before it a resolution time.
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReport, LoginResponse, Review, SportsEvent } from '@gameon/shared';
import { migrations } from '../../db/migrations/index.js';
import { startServer, type TestServer } from '../../../test/harness.js';

const DAY_MS = 24 * 3600 * 1000;

let server: TestServer;
/** The server's clock of reports and their purge; tests move it. */
let clock: Date;
let operator: LoginResponse;
let reporter: LoginResponse;

beforeAll(async () => {
  clock = new Date();
  server = await startServer({ ADMIN_EMAILS: 'operator@example.test' }, { now: () => clock });
  operator = await server.signUp('operator');
  reporter = await server.signUp('reporter');
});
afterAll(() => server.close());

const reviewBody = {
  rating: 1,
  category: 'venue',
  title: 'Worst turf in town',
  content: 'The owner takes the money and cancels.',
  tags: [],
};

const report = (path: string, reason = 'Not true') =>
  server.request('POST', `${path}/report`, { token: reporter.token, body: { reason } });

/** The open report about `targetType` `targetId`, as the operator reads it. */
async function openReportOf(targetType: AdminReport['target_type'], targetId: number) {
  const res = await server.request<AdminReport[]>('GET', '/api/admin/reports', {
    token: operator.token,
  });
  expect(res.status).toBe(200);
  return res.body.find((r) => r.target_type === targetType && r.target_id === targetId);
}

/** The snapshot rows of `reportId` (or of every report about member `memberId`). */
function snapshotRows(where: { reportId?: number; memberId?: number }) {
  let query = server.app.database.db.selectFrom('report_snapshots').selectAll();
  if (where.reportId !== undefined) query = query.where('report_id', '=', where.reportId);
  if (where.memberId !== undefined) query = query.where('member_id', '=', where.memberId);
  return query.execute();
}

describe('what a report keeps of what was reported', () => {
  it('shows a review as reported after its author edits and then deletes it', async () => {
    const author = await server.signUp('reviewauthor');
    const review = (
      await server.request<Review>('POST', '/api/reviews', {
        token: author.token,
        body: reviewBody,
      })
    ).body;
    expect((await report(`/api/reviews/${review.id}`)).status).toBe(200);
    const asReported = {
      type: 'review',
      category: 'venue',
      rating: 1,
      title: 'Worst turf in town',
      content: 'The owner takes the money and cancels.',
    };

    await server.request('PUT', `/api/reviews/${review.id}`, {
      token: author.token,
      body: { ...reviewBody, rating: 5, title: 'Lovely turf', content: 'All good.' },
    });
    expect(await openReportOf('review', review.id)).toMatchObject({
      label: 'Lovely turf',
      snapshot: asReported,
    });

    await server.request('DELETE', `/api/reviews/${review.id}`, { token: author.token });
    expect(await openReportOf('review', review.id)).toMatchObject({
      label: null,
      snapshot: asReported,
    });
  });

  it("shows an event's title and description as reported after it is edited and cancelled", async () => {
    const organizer = await server.signUp('cuporganizer');
    const event = await server.createEvent(organizer.token, {
      title: 'Monsoon Cup',
      description: 'Prize money guaranteed',
      eventDate: '2099-11-28T13:30:00.000Z',
    });
    expect((await report(`/api/events/${event.id}`)).status).toBe(200);
    const asReported = {
      type: 'event',
      title: 'Monsoon Cup',
      description: 'Prize money guaranteed',
      sport: 'Football',
      location_name: 'Bengaluru',
      event_date: '2099-11-28T13:30:00.000Z',
    };

    const edited = await server.request<SportsEvent>('PUT', `/api/events/${event.id}`, {
      token: organizer.token,
      body: {
        title: 'Friendly Cup',
        description: 'No prize',
        sport: 'Football',
        location: { type: 'Point', coordinates: [77.5946, 12.9716] },
        locationName: 'Bengaluru',
        eventDate: '2099-11-28T13:30:00.000Z',
        endDate: '2099-11-28T16:30:00.000Z',
        maxParticipants: 8,
        skillLevel: 'intermediate',
        equipmentProvided: false,
        cost: 50,
        prize: 0,
        tags: [],
      },
    });
    expect(edited.status).toBe(200);
    expect(await openReportOf('event', event.id)).toMatchObject({
      label: 'Friendly Cup',
      snapshot: asReported,
    });

    await server.request('DELETE', `/api/events/${event.id}`, { token: organizer.token });
    expect(await openReportOf('event', event.id)).toMatchObject({
      label: null,
      snapshot: asReported,
    });
  });

  it("shows a member's profile fields as reported after they change them", async () => {
    const member = await server.signUp('loudmember', { sports: ['Cricket'], tags: ['deals'] });
    expect((await report(`/api/users/${member.user.id}`)).status).toBe(200);
    await server.request('PUT', '/api/settings', {
      token: member.token,
      body: { bio: 'Nice person', sports: ['Chess'], tags: [] },
    });
    expect((await openReportOf('member', member.user.id))?.snapshot).toEqual({
      type: 'member',
      username: 'loudmember',
      bio: 'I am loudmember',
      sports: ['Cricket'],
      tags: ['deals'],
    });
  });
});

describe('how long a snapshot is kept', () => {
  it('keeps it while the report is open, and until 90 days after it is resolved', async () => {
    const start = clock;
    try {
      const author = await server.signUp('oldauthor');
      const review = (
        await server.request<Review>('POST', '/api/reviews', {
          token: author.token,
          body: reviewBody,
        })
      ).body;
      await report(`/api/reviews/${review.id}`);
      const dismissed = await openReportOf('review', review.id);
      const other = await server.signUp('otherauthor');
      await report(`/api/users/${other.user.id}`);
      const stillOpen = await openReportOf('member', other.user.id);

      // Dismissed now; the scheduler's daily purge runs as the clock moves.
      const resolvedAt = clock.getTime();
      expect(
        (
          await server.request('POST', `/api/admin/reports/${dismissed!.id}/dismiss`, {
            token: operator.token,
          })
        ).status,
      ).toBe(200);

      clock = new Date(resolvedAt + 90 * DAY_MS - 1000);
      await server.app.scheduler.runDue();
      expect(await snapshotRows({ reportId: dismissed!.id })).toHaveLength(1);

      // The next daily run after the 90 days.
      clock = new Date(resolvedAt + 91 * DAY_MS);
      expect((await server.app.scheduler.runDue()).ran).toBeGreaterThan(0);
      expect(await snapshotRows({ reportId: dismissed!.id })).toEqual([]);
      // An open report keeps its snapshot however old.
      expect(await snapshotRows({ reportId: stillOpen!.id })).toHaveLength(1);
      expect((await openReportOf('member', other.user.id))?.snapshot).toMatchObject({
        username: 'otherauthor',
      });
    } finally {
      clock = start;
    }
  });

  it('purges the snapshots of reports resolved by a suspension as well, by the daily job', async () => {
    const start = clock;
    try {
      const suspect = await server.signUp('purgesuspect');
      await report(`/api/users/${suspect.user.id}`);
      const reported = await openReportOf('member', suspect.user.id);
      await server.request('POST', `/api/admin/users/${suspect.user.id}/suspend`, {
        token: operator.token,
      });

      clock = new Date(start.getTime() + 93 * DAY_MS);
      expect(await snapshotRows({ reportId: reported!.id })).toHaveLength(1);
      await server.app.scheduler.runDue();
      expect(await snapshotRows({ reportId: reported!.id })).toEqual([]);
    } finally {
      clock = start;
    }
  });

  it("goes with the reported member's account, the report staying", async () => {
    const leaver = await server.signUp('leaver');
    const review = (
      await server.request<Review>('POST', '/api/reviews', {
        token: leaver.token,
        body: reviewBody,
      })
    ).body;
    await report(`/api/reviews/${review.id}`);
    await report(`/api/users/${leaver.user.id}`);
    const kept = await server.signUp('keeper');
    await report(`/api/users/${kept.user.id}`);
    expect(await snapshotRows({ memberId: leaver.user.id })).toHaveLength(2);

    const deleted = await server.request('DELETE', '/api/account', {
      token: leaver.token,
      body: { password: 'secret123' },
    });
    expect(deleted.status).toBe(200);
    expect(await snapshotRows({ memberId: leaver.user.id })).toEqual([]);
    expect(await snapshotRows({ memberId: kept.user.id })).toHaveLength(1);
    const reviewReport = await openReportOf('review', review.id);
    expect(reviewReport).toMatchObject({ member: null, label: null, snapshot: null });
  });
});

describe('migration 0022', () => {
  it('gives reports closed before it their dismissal time, else their filing time', async () => {
    const db = server.app.database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('0021_server_heartbeats')).error).toBeUndefined();
    const target = await server.signUp('oldtarget');
    const insert = (status: 'open' | 'dismissed' | 'actioned', created_at: string) =>
      db
        .insertInto('reports')
        .values({
          reporter_id: reporter.user.id,
          reported_id: target.user.id,
          target_type: 'member',
          target_id: target.user.id,
          reason: 'Old report',
          status,
          created_at,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    const open = await insert('open', '2030-01-01T00:00:00.000Z');
    const dismissed = await insert('dismissed', '2030-01-02T00:00:00.000Z');
    const actioned = await insert('actioned', '2030-01-03T00:00:00.000Z');
    await db
      .insertInto('admin_actions')
      .values({
        operator_id: operator.user.id,
        action: 'dismiss_report',
        target_type: 'member',
        target_id: target.user.id,
        report_id: dismissed.id,
        created_at: '2030-02-01T00:00:00.000Z',
      })
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('reports')
      .select(['id', 'resolved_at'])
      .where('id', 'in', [open.id, dismissed.id, actioned.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.resolved_at)).toEqual([
      null,
      '2030-02-01T00:00:00.000Z',
      '2030-01-03T00:00:00.000Z',
    ]);
  });
});
