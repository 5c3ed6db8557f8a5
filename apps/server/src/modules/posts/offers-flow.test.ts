/**
 * Offers of freed places over real servers on SQLite (PostgreSQL with TEST_DIALECT), with an
 * injected clock that the tests move before running the scheduler's due work; nothing sleeps.
 * Games start on a chosen IST hour at least a day and a half away (so the API's own checks of
 * "started" hold), and the clock is set before that start to get the hold wanted (offers.ts).
 */
import { TZDate } from '@date-fns/tz';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Notification, Post } from '@gameon/shared';
import { migrations } from '../../db/migrations/index.js';
import { startServer, type HttpResult, type TestServer } from '../../../test/harness.js';
import { offerExpiry } from './offers.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

let server: TestServer;
let clock: Date;
let host: LoginResponse;
let seq = 0;
const now = () => clock;

beforeAll(async () => {
  clock = new Date();
  server = await startServer({}, { now });
  host = await server.signUp('offerhost');
});
afterAll(() => server.close());

const member = (on: TestServer = server) => on.signUp(`offer${(seq += 1)}`);

/** The first `hour`:00 IST at least 36 hours from now (real time: the API checks starts by it). */
function istHour(hour: number): Date {
  const at = new TZDate(Date.now() + 36 * HOUR, 'Asia/Kolkata');
  const day = at.getHours() < hour ? at.getDate() : at.getDate() + 1;
  return new Date(
    new TZDate(at.getFullYear(), at.getMonth(), day, hour, 0, 0, 0, 'Asia/Kolkata').getTime(),
  );
}

/** A game of `host` starting at `start` with `playersNeeded`, joined by `members` in order. */
async function game(
  start: Date,
  playersNeeded: number,
  members: LoginResponse[],
  on: TestServer = server,
  by: LoginResponse = host,
): Promise<Post> {
  const post = await on.createPost(by.token, { eventTime: start.toISOString(), playersNeeded });
  for (const who of members) expect((await join(who, post.id, on)).status).toBe(200);
  return post;
}

const join = (who: LoginResponse, postId: number, on: TestServer = server) =>
  on.request('POST', `/api/posts/${postId}/interest`, { token: who.token });
const leave = (who: LoginResponse, postId: number, on: TestServer = server) =>
  on.request('DELETE', `/api/posts/${postId}/interest`, { token: who.token });
const answer = (
  who: LoginResponse,
  postId: number | string,
  reply: 'accept' | 'decline',
  on: TestServer = server,
): Promise<HttpResult<{ status?: string; code?: string; message?: string }>> =>
  on.request('POST', `/api/posts/${postId}/offer/${reply}`, { token: who.token });
async function page(postId: number, on: TestServer = server): Promise<Post> {
  const res = await on.request<Post>('GET', `/api/posts/${postId}`, { token: host.token });
  expect(res.status).toBe(200);
  return res.body;
}
/** Who holds which place in game `postId`, as the game page lists them. */
async function places(postId: number, on: TestServer = server) {
  const p = await page(postId, on);
  return {
    joined: p.interested_users.map((u) => u.user_id),
    offered: (p.offered ?? []).map((u) => u.user_id),
    waitlist: (p.waitlist ?? []).map((u) => u.user_id),
  };
}
/** `who`'s notifications of `type` about game `postId`, once subscribers are done. */
async function told(who: LoginResponse, type: Notification['type'], postId: number, on = server) {
  await on.app.domainEvents.settled();
  const res = await on.request<Notification[]>('GET', '/api/notifications', { token: who.token });
  return res.body.filter((n) => n.type === type && n.data.post_id === postId);
}
const jobOf = (postId: number, who: LoginResponse, on = server) =>
  on.app.scheduler.find('waitlist-offer', `${postId}:${who.user.id}`);

describe('an offered place', () => {
  it('is held by the hold of the time left, taken meanwhile, and the member accepts it', async () => {
    const [ana, ben, cat] = [await member(), await member(), await member()];
    const start = istHour(12);
    clock = new Date(start.getTime() - 20 * HOUR); // 16:00 IST the day before: a 2-hour hold
    const post = await game(start, 1, [ana, ben, cat]);
    expect((await leave(ana, post.id)).status).toBe(200);

    const expiresAt = offerExpiry(clock, start).toISOString();
    expect(expiresAt).toBe(new Date(clock.getTime() + 2 * HOUR).toISOString());
    const held = await page(post.id);
    expect(held).toMatchObject({
      interested_users: [],
      offered: [{ user_id: ben.user.id, expires_at: expiresAt }],
      waitlist: [{ user_id: cat.user.id }],
      is_full: true,
    });
    const [offer] = await told(ben, 'waitlist_offer', post.id);
    expect(offer?.data).toEqual({ post_id: post.id, expires_at: expiresAt });
    expect((await jobOf(post.id, ben))?.dueAt.toISOString()).toBe(expiresAt);
    // Joining again answers the member's place; a newcomer waits behind the waitlist.
    expect((await join(ben, post.id)).body).toMatchObject({ status: 'offered' });

    // Only the member offered may answer, and only what is pending.
    expect(await answer(cat, post.id, 'accept')).toMatchObject({
      status: 409,
      body: { code: 'no_offer' },
    });
    expect((await answer(ben, 'abc', 'accept')).status).toBe(400);
    expect((await answer(ben, 2_000_000_000, 'accept')).status).toBe(404);

    expect(await answer(ben, post.id, 'accept')).toMatchObject({
      status: 200,
      body: { status: 'joined' },
    });
    expect(await places(post.id)).toEqual({
      joined: [ben.user.id],
      offered: [],
      waitlist: [cat.user.id],
    });
    expect(await jobOf(post.id, ben)).toBeUndefined();
    expect(await answer(ben, post.id, 'accept')).toMatchObject({
      status: 409,
      body: { code: 'no_offer' },
    });
  });

  it('passes on a decline at once; the member who declined leaves the waitlist', async () => {
    const [ana, ben, cat] = [await member(), await member(), await member()];
    const start = istHour(12);
    clock = new Date(start.getTime() - 5 * HOUR); // 07:00 IST: a 30-minute hold
    const post = await game(start, 1, [ana, ben, cat]);
    await leave(ana, post.id);
    expect(await answer(ben, post.id, 'decline')).toMatchObject({
      status: 200,
      body: { status: 'declined' },
    });
    expect(await places(post.id)).toEqual({ joined: [], offered: [cat.user.id], waitlist: [] });
    const [offer] = await told(cat, 'waitlist_offer', post.id);
    expect(offer?.data.expires_at).toBe(new Date(clock.getTime() + 30 * MINUTE).toISOString());
    // Ben is out; he may join again, at the end of the line.
    expect((await join(ben, post.id)).body).toMatchObject({ status: 'waitlisted', position: 1 });
  });

  it('passes on when its hold ends, tells the member once, and refuses a late accept', async () => {
    const [ana, ben, cat] = [await member(), await member(), await member()];
    const start = istHour(12);
    clock = new Date(start.getTime() - 30 * MINUTE); // 11:30 IST: a 10-minute hold
    const post = await game(start, 1, [ana, ben, cat]);
    await leave(ana, post.id);
    const ends = new Date(clock.getTime() + 10 * MINUTE);
    expect((await page(post.id)).offered?.[0]?.expires_at).toBe(ends.toISOString());

    clock = new Date(ends.getTime() - 1);
    await server.app.scheduler.runDue();
    expect((await places(post.id)).offered).toEqual([ben.user.id]);

    clock = ends;
    expect(await answer(ben, post.id, 'accept')).toMatchObject({
      status: 409,
      body: { code: 'offer_ended' },
    });
    await server.app.scheduler.runDue();
    await server.app.scheduler.runDue();
    expect(await places(post.id)).toEqual({ joined: [], offered: [cat.user.id], waitlist: [] });
    const expired = await told(ben, 'waitlist_offer_expired', post.id);
    expect(expired).toHaveLength(1);
    expect(expired[0]!.message).toContain('passed to the next in line');
    // 20 minutes left when Cat's offer came: 10 minutes, from the clock's now.
    expect((await page(post.id)).offered?.[0]?.expires_at).toBe(
      new Date(ends.getTime() + 10 * MINUTE).toISOString(),
    );
  });

  it('goes straight to the first waitlisted member in the last 10 minutes', async () => {
    const [ana, ben, cat] = [await member(), await member(), await member()];
    const start = istHour(19);
    clock = new Date(start.getTime() - 10 * MINUTE);
    const post = await game(start, 1, [ana, ben, cat]);
    await leave(ana, post.id);
    expect(await places(post.id)).toEqual({
      joined: [ben.user.id],
      offered: [],
      waitlist: [cat.user.id],
    });
    expect(await told(ben, 'waitlist_promoted', post.id)).toHaveLength(1);
    expect(await told(ben, 'waitlist_offer', post.id)).toEqual([]);
  });

  it('ends at the start: the member waits again and nothing passes on', async () => {
    const [ana, ben, cat] = [await member(), await member(), await member()];
    const start = istHour(23);
    clock = new Date(start.getTime() - 50 * MINUTE); // 22:10 IST: paused until the start
    const post = await game(start, 1, [ana, ben, cat]);
    await leave(ana, post.id);
    expect((await page(post.id)).offered?.[0]?.expires_at).toBe(start.toISOString());

    clock = start;
    await server.app.scheduler.runDue();
    expect(await places(post.id)).toEqual({
      joined: [],
      offered: [],
      waitlist: [ben.user.id, cat.user.id],
    });
    const [expired] = await told(ben, 'waitlist_offer_expired', post.id);
    expect(expired?.message).toContain('was not taken before the start');
    expect(await told(cat, 'waitlist_offer', post.id)).toEqual([]);
  });

  it('comes of more places, and a start moved earlier cuts its hold', async () => {
    const [ana, ben, cat] = [await member(), await member(), await member()];
    const start = istHour(12);
    clock = new Date(start.getTime() - 20 * HOUR);
    const post = await game(start, 1, [ana, ben, cat]);
    const more = await server.request<Post>('PATCH', `/api/posts/${post.id}`, {
      token: host.token,
      body: { playersNeeded: 3 },
    });
    expect(more.status).toBe(200);
    expect(await places(post.id)).toEqual({
      joined: [ana.user.id],
      offered: [ben.user.id, cat.user.id],
      waitlist: [],
    });
    const earlier = new Date(clock.getTime() + HOUR);
    const moved = await server.request('PATCH', `/api/posts/${post.id}`, {
      token: host.token,
      body: { eventTime: earlier.toISOString() },
    });
    expect(moved.status).toBe(200);
    const held = (await page(post.id)).offered ?? [];
    expect(held.map((o) => o.expires_at)).toEqual([earlier.toISOString(), earlier.toISOString()]);
    expect((await jobOf(post.id, ben))?.dueAt.toISOString()).toBe(earlier.toISOString());
  });
});

describe('a place freed by an account deleted', () => {
  it('is offered to the next in line', async () => {
    const [ana, ben] = [await member(), await member()];
    const start = istHour(12);
    clock = new Date(start.getTime() - 20 * HOUR);
    const post = await game(start, 1, [ana, ben]);
    const gone = await server.request('DELETE', '/api/account', {
      token: ana.token,
      body: { password: 'secret123' },
    });
    expect(gone.status).toBe(200);
    expect(await places(post.id)).toEqual({ joined: [], offered: [ben.user.id], waitlist: [] });
    expect(await told(ben, 'waitlist_offer', post.id)).toHaveLength(1);
  });
});

describe('a free place while members wait', () => {
  it('is offered to the first of them when someone new joins, who waits behind them', async () => {
    const [ana, ben, cat] = [await member(), await member(), await member()];
    const start = istHour(12);
    clock = new Date(start.getTime() - 20 * HOUR);
    const post = await game(start, 1, [ana, ben]);
    // A place freed where no fill ran (a row gone by a cascade, as older code left it).
    await server.app.database.db
      .deleteFrom('post_interests')
      .where('post_id', '=', post.id)
      .where('user_id', '=', ana.user.id)
      .execute();
    expect((await join(cat, post.id)).body).toMatchObject({ status: 'waitlisted', position: 1 });
    expect(await places(post.id)).toEqual({
      joined: [],
      offered: [ben.user.id],
      waitlist: [cat.user.id],
    });
  });
});

describe('offers and the feed', () => {
  it('move the feed: a second process sees an accepted offer at once', async () => {
    const two = await startServer({ DATABASE_URL: server.databaseUrl }, { now });
    try {
      const spot: [number, number] = [76.6394, 12.2958]; // Mysuru: no other test posts here
      const query = `/api/posts?lat=${spot[1]}&lng=${spot[0]}&radius=5000&limit=20`;
      const [ana, ben, viewer] = [await member(), await member(), await member()];
      const start = istHour(12);
      clock = new Date(start.getTime() - 20 * HOUR);
      const post = await server.createPost(host.token, {
        eventTime: start.toISOString(),
        playersNeeded: 1,
        location: { type: 'Point', coordinates: spot },
      });
      await join(ana, post.id);
      await join(ben, post.id);
      const seen = async () => {
        const res = await two.request<Post[]>('GET', query, { token: viewer.token });
        const p = res.body.find((x) => x.id === post.id)!;
        return { joined: p.interested_users.map((u) => u.user_id), offered: p.offered };
      };
      expect(await seen()).toEqual({ joined: [ana.user.id], offered: [] });
      await leave(ana, post.id);
      expect((await seen()).offered?.map((o) => o.user_id)).toEqual([ben.user.id]);
      await answer(ben, post.id, 'accept');
      expect(await seen()).toEqual({ joined: [ben.user.id], offered: [] });
    } finally {
      await two.close();
    }
  });
});

describe('offers and restarts', () => {
  it('an offer pending across a restart still expires once', async () => {
    const first = await startServer({}, { now });
    const [h, ana, ben, cat] = [
      await first.signUp('offerrestarthost'),
      await member(first),
      await member(first),
      await member(first),
    ];
    const start = istHour(12);
    clock = new Date(start.getTime() - 20 * HOUR);
    const post = await game(start, 1, [ana, ben, cat], first, h);
    await leave(ana, post.id, first);
    const ends = Date.parse(
      (await first.request<Post>('GET', `/api/posts/${post.id}`)).body.offered![0]!.expires_at,
    );
    // The process stops (its memory goes); another starts over the same database.
    await first.app.close();
    const again = await startServer({ DATABASE_URL: first.databaseUrl }, { now });
    const third = await startServer({ DATABASE_URL: first.databaseUrl }, { now });
    try {
      clock = new Date(ends);
      await Promise.all([again.app.scheduler.runDue(), third.app.scheduler.runDue()]);
      await again.app.scheduler.runDue();
      await third.app.scheduler.runDue();
      await third.app.domainEvents.settled();
      const expired = await again.request<Notification[]>('GET', '/api/notifications', {
        token: ben.token,
      });
      expect(expired.body.filter((n) => n.type === 'waitlist_offer_expired')).toHaveLength(1);
      const p = (await again.request<Post>('GET', `/api/posts/${post.id}`)).body;
      expect(p.offered?.map((o) => o.user_id)).toEqual([cat.user.id]);
      expect(p.waitlist).toEqual([]);
    } finally {
      await third.close();
      await again.close();
      // The first app is closed already; this drops the database and its mail catcher.
      Object.assign(first.app, { close: () => Promise.resolve() });
      await first.close();
    }
  });
});

describe('offers in a race', () => {
  it('20 accepts, declines and expiries around one freed place across two processes: never over-filled, never lost', async () => {
    const two = await startServer({ DATABASE_URL: server.databaseUrl }, { now });
    try {
      for (let round = 0; round < 3; round += 1) {
        const waiting = [await member(), await member(), await member(), await member()];
        const ana = await member();
        const start = istHour(12);
        clock = new Date(start.getTime() - 30 * MINUTE); // 10-minute holds
        const post = await game(start, 1, [ana, ...waiting]);
        await leave(ana, post.id);
        // The first hold has just ended: its expiry, accepts and declines all race.
        clock = new Date(clock.getTime() + 10 * MINUTE);
        const servers = [server, two];
        const replies: Promise<{ who: LoginResponse; status: number; reply?: string }>[] = [];
        const expiries: Promise<unknown>[] = [];
        for (let i = 0; i < 20; i += 1) {
          const on = servers[(i + round) % 2]!;
          const who = waiting[(i + round) % waiting.length]!;
          if (i % 3 === 0) expiries.push(on.app.scheduler.runDue());
          else
            replies.push(
              answer(who, post.id, i % 3 === 1 ? 'accept' : 'decline', on).then((r) => ({
                who,
                status: r.status,
                reply: r.body.status,
              })),
            );
        }
        const answers = await Promise.all(replies);
        await Promise.all(expiries);
        await server.app.scheduler.runDue();

        const { joined, offered, waitlist } = await places(post.id);
        // Never over-filled: one place; never lost: taken while anyone waits.
        expect(joined.length + offered.length).toBeLessThanOrEqual(1);
        if (waitlist.length > 0) expect(joined.length + offered.length).toBe(1);
        // Every answer is what happened: an accepted place is held, a declined one is gone.
        for (const { who, status, reply } of answers) {
          expect([200, 409]).toContain(status);
          if (reply === 'joined') expect(joined).toEqual([who.user.id]);
          if (reply === 'declined')
            expect([...joined, ...offered, ...waitlist]).not.toContain(who.user.id);
        }
        expect(answers.filter((a) => a.reply === 'joined').length).toBeLessThanOrEqual(1);
        for (const who of waiting) {
          const expired = await told(who, 'waitlist_offer_expired', post.id);
          expect(expired.length).toBeLessThanOrEqual(1);
        }
      }
      expect(server.app.handlerFailures.count('post.offered')).toBe(0);
    } finally {
      await two.close();
    }
  });
});

describe('migration 0031', () => {
  it("keeps every game's joined players and waitlist order", async () => {
    const mig = await startServer();
    try {
      const db = mig.app.database.db;
      const migrator = new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      });
      const h = await mig.signUp('offermighost');
      const people = [];
      for (let i = 0; i < 5; i += 1) people.push(await mig.signUp(`offermig${i}`));
      const full = await mig.createPost(h.token, { playersNeeded: 2 });
      const open = await mig.createPost(h.token, { playersNeeded: 3 });
      const gaps = await mig.createPost(h.token, { playersNeeded: 1 });
      expect((await migrator.migrateTo('0029_digest')).error).toBeUndefined();
      // Interest as code before the migration stored it: only the joining order (with gaps
      // where members left).
      const rows = (postId: number, ids: number[], seqs: number[]) =>
        ids.map((id, i) => ({
          post_id: postId,
          user_id: id,
          created_at: new Date().toISOString(),
          seq: seqs[i]!,
        }));
      const ids = people.map((p) => p.user.id);
      await (db as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('post_interests')
        .values([
          ...rows(full.id, [ids[3]!, ids[0]!, ids[4]!, ids[1]!], [1, 2, 3, 4]),
          ...rows(open.id, [ids[2]!, ids[1]!], [1, 2]),
          ...rows(gaps.id, [ids[4]!, ids[2]!, ids[0]!], [2, 5, 7]),
        ])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const seen = async (postId: number) => {
        const p = (await mig.request<Post>('GET', `/api/posts/${postId}`, { token: h.token })).body;
        return {
          joined: p.interested_users.map((u) => u.user_id),
          waitlist: p.waitlist?.map((u) => u.user_id),
          offered: p.offered,
        };
      };
      expect(await seen(full.id)).toEqual({
        joined: [ids[3], ids[0]],
        waitlist: [ids[4], ids[1]],
        offered: [],
      });
      expect(await seen(open.id)).toEqual({ joined: [ids[2], ids[1]], waitlist: [], offered: [] });
      expect(await seen(gaps.id)).toEqual({
        joined: [ids[4]],
        waitlist: [ids[2], ids[0]],
        offered: [],
      });
    } finally {
      await mig.close();
    }
  });
});
