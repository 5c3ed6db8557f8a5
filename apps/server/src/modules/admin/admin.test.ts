/**
 * Reports that reach an operator, and suspension, over a real server on SQLite
 * (and PostgreSQL with TEST_DIALECT): members report reviews and events; only operators
 * (`ADMIN_EMAILS`) read and act; suspension ends sign-in, sessions and sockets, hides the
 * member's games and frees their places; every action is an `admin_actions` row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReport, LoginResponse, Post, Review, SessionUser } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let operator: LoginResponse;
let member: LoginResponse;
let author: LoginResponse;

beforeAll(async () => {
  // Case and spaces do not matter in ADMIN_EMAILS.
  server = await startServer({ ADMIN_EMAILS: ' Operator@Example.test , nobody@example.test' });
  operator = await server.signUp('operator');
  member = await server.signUp('member');
  author = await server.signUp('author');
});
afterAll(() => server.close());

const reviewBody = {
  rating: 2,
  category: 'venue',
  title: 'Muddy turf in Indiranagar',
  content: 'Puddles everywhere.',
  tags: [],
};

async function writeReview(who: LoginResponse): Promise<Review> {
  const res = await server.request<Review>('POST', '/api/reviews', {
    token: who.token,
    body: reviewBody,
  });
  expect(res.status).toBe(201);
  return res.body;
}

const report = (who: LoginResponse, path: string, reason = 'Not true') =>
  server.request<{ success: true; message: string }>('POST', `${path}/report`, {
    token: who.token,
    body: { reason },
  });
const openReports = (who: LoginResponse, query = '') =>
  server.request<AdminReport[]>('GET', `/api/admin/reports${query}`, { token: who.token });
const act = (who: LoginResponse, path: string) =>
  server.request<{ success: true; message: string }>('POST', `/api/admin${path}`, {
    token: who.token,
  });
const login = (username: string) =>
  server.request<LoginResponse>('POST', '/api/auth/login', {
    body: { email: `${username}@example.test`, password: 'secret123' },
  });
const actions = () =>
  server.app.database.db.selectFrom('admin_actions').selectAll().orderBy('id').execute();

describe('who is an operator', () => {
  it('tells the session whether it is an operator', async () => {
    const asOperator = await server.request<SessionUser>('GET', '/api/auth/me', {
      token: operator.token,
    });
    expect(asOperator.body.is_operator).toBe(true);
    const asMember = await server.request<SessionUser>('GET', '/api/auth/me', {
      token: member.token,
    });
    expect(asMember.body.is_operator).toBe(false);
    expect(member.user.is_operator).toBe(false);
  });

  it('refuses members (403) and signed-out callers (401) on every admin call', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/reports'],
      ['POST', '/api/admin/reports/1/dismiss'],
      ['POST', `/api/admin/users/${author.user.id}/suspend`],
      ['POST', `/api/admin/users/${author.user.id}/unsuspend`],
    ] as const) {
      const asMember = await server.request<{ code: string }>(method, path, {
        token: member.token,
      });
      expect(asMember.status, path).toBe(403);
      expect(asMember.body.code).toBe('operator_only');
      expect((await server.request(method, path)).status, path).toBe(401);
    }
    expect(await actions()).toEqual([]);
  });
});

describe('reports', () => {
  it('takes reports of reviews and events, refusing one own (400), unknown (404) and bad bodies', async () => {
    const review = await writeReview(author);
    const event = await server.createEvent(author.token, { title: 'Monsoon Cup' });
    expect((await report(member, `/api/reviews/${review.id}`)).body).toEqual({
      success: true,
      message: 'Thank you. Our team will review this report.',
    });
    expect((await report(member, `/api/events/${event.id}`, 'Fake prize')).status).toBe(200);
    expect((await report(author, `/api/reviews/${review.id}`)).status).toBe(400);
    expect((await report(author, `/api/events/${event.id}`)).status).toBe(400);
    expect((await report(member, '/api/reviews/999999')).status).toBe(404);
    expect((await report(member, '/api/events/999999')).status).toBe(404);
    expect((await report(member, `/api/reviews/${review.id}`, ' ')).status).toBe(400);
    expect((await report(member, `/api/events/${event.id}`, 'x'.repeat(1001))).status).toBe(400);

    // A member blocked by the author cannot see, so cannot report, their review.
    const blocked = await server.signUp('blockedone');
    await server.request('POST', `/api/users/${blocked.user.id}/block`, { token: author.token });
    expect((await report(blocked, `/api/reviews/${review.id}`)).status).toBe(404);
    expect((await report(blocked, `/api/events/${event.id}`)).status).toBe(404);
  });

  it('lists open reports to operators, newest first, with who, what (labelled), why and when', async () => {
    await report(member, `/api/users/${author.user.id}`, 'Rude in chat');
    const res = await openReports(operator);
    expect(res.status).toBe(200);
    expect(res.body.map((r) => [r.target_type, r.label, r.reason])).toEqual([
      ['member', 'author', 'Rude in chat'],
      ['event', 'Monsoon Cup', 'Fake prize'],
      ['review', 'Muddy turf in Indiranagar', 'Not true'],
    ]);
    for (const r of res.body) {
      expect(r).toMatchObject({
        reporter: { id: member.user.id, username: 'member' },
        member: { id: author.user.id, username: 'author', suspended: false, operator: false },
        status: 'open',
      });
      expect(r.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    // Pages by cursor.
    const first = await openReports(operator, '?limit=2');
    expect(first.body).toHaveLength(2);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await openReports(operator, `?limit=2&cursor=${cursor}`);
    expect(second.body.map((r) => r.id)).toEqual([res.body[2]!.id]);
    expect((await openReports(operator, '?cursor=nope')).status).toBe(400);
  });

  it('dismisses a report once, records the action, and the list no longer shows it', async () => {
    const [newest] = (await openReports(operator)).body;
    const res = await act(operator, `/reports/${newest!.id}/dismiss`);
    expect(res.status).toBe(200);
    expect((await openReports(operator)).body.map((r) => r.id)).not.toContain(newest!.id);
    expect((await act(operator, `/reports/${newest!.id}/dismiss`)).status).toBe(409);
    expect((await act(operator, '/reports/999999/dismiss')).status).toBe(404);
    const row = await server.app.database.db
      .selectFrom('reports')
      .select('status')
      .where('id', '=', newest!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('dismissed');
    expect(await actions()).toMatchObject([
      {
        operator_id: operator.user.id,
        action: 'dismiss_report',
        target_type: 'member',
        target_id: author.user.id,
        report_id: newest!.id,
      },
    ]);
  });
});

describe('suspension', () => {
  it('ends sign-in, sessions and sockets, hides the games, frees places; unsuspend restores sign-in', async () => {
    const host = await server.signUp('hoster');
    const waiting = await server.signUp('waiting');
    const target = await server.signUp('target');
    // The target hosts a game, and holds the one place in the host's game; `waiting` waits.
    const own: Post = await server.createPost(target.token, { heading: 'Target hosts' });
    const full = await server.createPost(host.token, { heading: 'Full game', playersNeeded: 1 });
    const join = (who: LoginResponse) =>
      server.request('POST', `/api/posts/${full.id}/interest`, { token: who.token });
    expect((await join(target)).status).toBe(200);
    expect((await join(waiting)).body).toMatchObject({ status: 'waitlisted', position: 1 });
    await report(member, `/api/users/${target.user.id}`, 'Spam');
    const feedOf = async (who: LoginResponse) =>
      (await server.request<Post[]>('GET', '/api/posts', { token: who.token })).body.map(
        (p) => p.id,
      );
    expect(await feedOf(member)).toContain(own.id);

    const socket = await server.connect(target.token);
    const dropped = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => resolve(reason)),
    );
    const before = (await actions()).length;
    expect((await act(operator, `/users/${target.user.id}/suspend`)).status).toBe(200);

    expect(await dropped).toBe('io server disconnect');
    expect((await server.request('GET', '/api/auth/me', { token: target.token })).status).toBe(401);
    const refused = await login('target');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'This account is suspended.' });
    // A wrong password still answers 401: the suspension is told only to the account holder.
    const wrong = await server.request('POST', '/api/auth/login', {
      body: { email: 'target@example.test', password: 'wrongpass1' },
    });
    expect(wrong.status).toBe(401);
    expect(await feedOf(member)).not.toContain(own.id);
    // Nor can the game be joined by its direct link.
    const joinOwn = await server.request('POST', `/api/posts/${own.id}/interest`, {
      token: member.token,
    });
    expect(joinOwn.status).toBe(404);
    const game = await server.request<Post>('GET', `/api/posts/${full.id}`, {
      token: host.token,
    });
    // The freed place is offered to the member waiting.
    expect(game.body).toMatchObject({
      interested_users: [],
      offered: [{ user_id: waiting.user.id }],
      waitlist: [],
      is_full: true,
    });
    // The member's open reports are resolved.
    expect((await openReports(operator)).body.map((r) => r.member?.id)).not.toContain(
      target.user.id,
    );
    const resolved = await server.app.database.db
      .selectFrom('reports')
      .select('status')
      .where('reported_id', '=', target.user.id)
      .execute();
    expect(resolved).toEqual([{ status: 'actioned' }]);

    expect((await act(operator, `/users/${target.user.id}/unsuspend`)).status).toBe(200);
    expect((await login('target')).status).toBe(200);
    expect(await feedOf(member)).toContain(own.id);
    expect(
      (await server.request('POST', `/api/posts/${own.id}/interest`, { token: member.token }))
        .status,
    ).toBe(200);
    expect((await actions()).slice(before)).toMatchObject([
      { operator_id: operator.user.id, action: 'suspend', target_id: target.user.id },
      { operator_id: operator.user.id, action: 'unsuspend', target_id: target.user.id },
    ]);
  });

  it('refuses suspending another operator (403), who keeps signing in; the list marks operators', async () => {
    const other = await server.signUp('nobody');
    await report(member, `/api/users/${other.user.id}`, 'Bossy');
    expect(
      (await openReports(operator)).body.find((r) => r.member?.id === other.user.id)?.member,
    ).toEqual({ id: other.user.id, username: 'nobody', suspended: false, operator: true });
    const before = (await actions()).length;

    const refused = await act(operator, `/users/${other.user.id}/suspend`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'operator_not_suspendable',
      message: 'Operators cannot be suspended',
    });
    expect((await server.request('GET', '/api/auth/me', { token: other.token })).status).toBe(200);
    expect((await login('nobody')).status).toBe(200);
    expect(await actions()).toHaveLength(before);
    const row = await server.app.database.db
      .selectFrom('users')
      .select('suspended_at')
      .where('id', '=', other.user.id)
      .executeTakeFirstOrThrow();
    expect(row.suspended_at).toBeNull();
  });

  it('refuses suspending oneself (400) and unknown members (404)', async () => {
    expect((await act(operator, `/users/${operator.user.id}/suspend`)).status).toBe(400);
    expect((await act(operator, '/users/999999/suspend')).status).toBe(404);
    expect((await act(operator, '/users/999999/unsuspend')).status).toBe(404);
  });
});
