/**
 * Follower and following lists paged by keyset, and the counts kept on write (migration 0034):
 * real HTTP against a real SQLite file (or PostgreSQL with TEST_DIALECT).
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, UserProfile, UserSummary } from '@gameon/shared';
import { migrations } from '../../db/migrations/index.js';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let operator: LoginResponse;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: 'fl_operator@example.test' });
  operator = await server.signUp('fl_operator');
});
afterAll(() => server.close());

const follow = (who: LoginResponse, whom: LoginResponse) =>
  server.request('POST', `/api/users/${whom.user.id}/follow`, { token: who.token });
const unfollow = (who: LoginResponse, whom: LoginResponse) =>
  server.request('POST', `/api/users/${whom.user.id}/unfollow`, { token: who.token });
const profile = async (viewer: LoginResponse, owner: LoginResponse) =>
  (await server.request<UserProfile>('GET', `/api/users/${owner.user.id}`, { token: viewer.token }))
    .body;
const counts = async (viewer: LoginResponse, owner: LoginResponse) => {
  const p = await profile(viewer, owner);
  return [p.followers_count, p.following_count];
};
/** Every page of a follow list, `limit` at a time, as the client walks X-Next-Cursor. */
async function walk(
  viewer: LoginResponse,
  owner: LoginResponse,
  direction: 'followers' | 'following',
  limit: number,
  q = '',
): Promise<{ pages: number; users: UserSummary[] }> {
  const users: UserSummary[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(q ? { q } : {}) });
    if (cursor) query.set('cursor', cursor);
    const res = await server.request<UserSummary[]>(
      'GET',
      `/api/users/${owner.user.id}/${direction}?${query.toString()}`,
      { token: viewer.token },
    );
    expect(res.status).toBe(200);
    users.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
    pages += 1;
  } while (cursor && pages < 50);
  return { pages, users };
}
/** The truth from the table: the other side's ids, newest follow first, then higher id. */
async function expectedOrder(ownerId: number, direction: 'followers' | 'following') {
  const [mine, theirs] =
    direction === 'followers'
      ? (['followee_id', 'follower_id'] as const)
      : (['follower_id', 'followee_id'] as const);
  const rows = await server.app.database.db
    .selectFrom('follows')
    .select([`${theirs} as id`, 'created_at'])
    .where(mine, '=', ownerId)
    .execute();
  return rows
    .sort((a, b) =>
      a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1,
    )
    .map((r) => r.id);
}

describe('follow lists, paged', () => {
  let hub: LoginResponse;
  let fans: LoginResponse[];
  let viewer: LoginResponse;

  beforeAll(async () => {
    hub = await server.signUp('fl_hub');
    viewer = await server.signUp('fl_viewer');
    fans = [];
    for (let i = 0; i < 23; i++) fans.push(await server.signUp(`fl_fan${i}`));
    for (const fan of fans) {
      await follow(fan, hub);
      await follow(hub, fan);
    }
    // Ties on the follow time are ordered by id: a third of the follows share one instant.
    await server.app.database.db
      .updateTable('follows')
      .set({ created_at: '2026-01-01T00:00:00.000Z' })
      .where(
        'follower_id',
        'in',
        fans.filter((_, i) => i % 3 === 0).map((f) => f.user.id),
      )
      .where('followee_id', '=', hub.user.id)
      .execute();
  });

  it('the profile holds the first page with the counts and a cursor; the pages after it have no duplicates nor gaps', async () => {
    const p = await profile(viewer, hub);
    expect(p.followers_count).toBe(23);
    expect(p.following_count).toBe(23);
    const truth = await expectedOrder(hub.user.id, 'followers');
    expect(p.followers.map((u) => u.id)).toEqual(truth.slice(0, 20));
    expect(p.followers_next_cursor).not.toBeNull();
    expect(p.following_next_cursor).not.toBeNull();

    const rest = await server.request<UserSummary[]>(
      'GET',
      `/api/users/${hub.user.id}/followers?cursor=${p.followers_next_cursor}`,
      { token: viewer.token },
    );
    expect(rest.body.map((u) => u.id)).toEqual(truth.slice(20));
    expect(rest.headers.get('x-next-cursor')).toBeNull();

    for (const direction of ['followers', 'following'] as const)
      for (const limit of [1, 4, 7, 100]) {
        const { pages, users } = await walk(viewer, hub, direction, limit);
        expect(users.map((u) => u.id)).toEqual(await expectedOrder(hub.user.id, direction));
        expect(pages).toBe(Math.max(1, Math.ceil(23 / limit)));
      }
  });

  it('searches a member’s followees by username, paged', async () => {
    const { users } = await walk(hub, hub, 'following', 2, 'FL_FAN1');
    expect(users.map((u) => u.username).sort()).toEqual(
      ['fl_fan1', ...Array.from({ length: 10 }, (_, i) => `fl_fan1${i}`)].sort(),
    );
    const none = await walk(hub, hub, 'following', 5, '50%');
    expect(none.users).toEqual([]);
  });

  it('refuses a cursor it did not make and a bad limit, and hides lists of a friends-only profile', async () => {
    const bad = await server.request('GET', `/api/users/${hub.user.id}/followers?cursor=nope`, {
      token: viewer.token,
    });
    expect(bad.status).toBe(400);
    const big = await server.request('GET', `/api/users/${hub.user.id}/following?limit=1000`, {
      token: viewer.token,
    });
    expect(big.status).toBe(400);
    await server.request('PUT', '/api/settings', {
      token: hub.token,
      body: { profile_visibility: 'friends_only' },
    });
    expect((await walk(viewer, hub, 'followers', 10)).users).toEqual([]);
    expect((await walk(fans[0]!, hub, 'followers', 10)).users).toHaveLength(23);
    const hidden = await profile(viewer, hub);
    expect([hidden.followers, hidden.followers_next_cursor]).toEqual([[], null]);
    expect(hidden.followers_count).toBe(23);
    await server.request('PUT', '/api/settings', {
      token: hub.token,
      body: { profile_visibility: 'public' },
    });
  });
});

describe('follow counts kept on write', () => {
  it('count every follower whatever the viewer’s blocks; the lists leave the blocked out', async () => {
    const star = await server.signUp('fl_star');
    const a = await server.signUp('fl_a');
    const b = await server.signUp('fl_b');
    const looker = await server.signUp('fl_looker');
    await follow(a, star);
    await follow(b, star);
    await server.request('POST', `/api/users/${a.user.id}/block`, { token: looker.token });
    const seen = await profile(looker, star);
    expect(seen.followers_count).toBe(2);
    expect(seen.followers.map((u) => u.username)).toEqual(['fl_b']);
    expect((await walk(looker, star, 'followers', 1)).users.map((u) => u.username)).toEqual([
      'fl_b',
    ]);
    // A block between the two ends the follow: the count drops for everyone.
    await server.request('POST', `/api/users/${b.user.id}/block`, { token: star.token });
    expect(await counts(looker, star)).toEqual([1, 0]);
    expect(await counts(a, b)).toEqual([0, 0]);
  });

  it('stay right under concurrent follows and unfollows, repeated ones included', async () => {
    const target = await server.signUp('fl_target');
    const crowd: LoginResponse[] = [];
    for (let i = 0; i < 8; i++) crowd.push(await server.signUp(`fl_crowd${i}`));
    await Promise.all(crowd.flatMap((c) => [follow(c, target), follow(c, target)]));
    expect(await counts(target, target)).toEqual([8, 0]);
    await Promise.all(
      crowd
        .slice(0, 5)
        .flatMap((c) => [unfollow(c, target), unfollow(c, target), follow(target, c)]),
    );
    expect(await counts(target, target)).toEqual([3, 5]);
    expect(await counts(target, crowd[0]!)).toEqual([1, 0]);
  });

  it('drop a deleted account’s follows on both sides, and leave suspended members out until unsuspended', async () => {
    const host = await server.signUp('fl_host');
    const leaver = await server.signUp('fl_leaver');
    const benched = await server.signUp('fl_benched');
    for (const who of [leaver, benched]) {
      await follow(who, host);
      await follow(host, who);
    }
    expect(await counts(host, host)).toEqual([2, 2]);
    const act = (action: string) =>
      server.request('POST', `/api/admin/users/${benched.user.id}/${action}`, {
        token: operator.token,
      });
    expect((await act('suspend')).status).toBe(200);
    expect(await counts(host, host)).toEqual([1, 1]);
    expect((await act('unsuspend')).status).toBe(200);
    expect(await counts(host, host)).toEqual([2, 2]);
    const deleted = await server.request('DELETE', '/api/account', {
      token: leaver.token,
      body: { password: 'secret123' },
    });
    expect(deleted.status).toBe(200);
    expect(await counts(host, host)).toEqual([1, 1]);
    const rows = await server.app.database.db
      .selectFrom('follow_counts')
      .selectAll()
      .where('user_id', '=', leaver.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('migration 0034 backfills the counts of a database that had follows before it', async () => {
    const db = server.app.database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const celeb = await server.signUp('fl_celeb');
    const x = await server.signUp('fl_x');
    const y = await server.signUp('fl_y');
    expect((await migrator.migrateTo('0033_trust')).error).toBeUndefined();
    // Follows written while the schema had no counters, as older code wrote them.
    const now = new Date().toISOString();
    await db
      .insertInto('follows')
      .values([
        { follower_id: x.user.id, followee_id: celeb.user.id, created_at: now },
        { follower_id: y.user.id, followee_id: celeb.user.id, created_at: now },
        { follower_id: celeb.user.id, followee_id: x.user.id, created_at: now },
      ])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await counts(x, celeb)).toEqual([2, 1]);
    expect(await counts(celeb, x)).toEqual([1, 1]);
    await unfollow(y, celeb);
    expect(await counts(x, celeb)).toEqual([1, 1]);
  });
});
