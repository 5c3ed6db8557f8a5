/**
 * Grouped notifications, over a real server on SQLite (and PostgreSQL with TEST_DIALECT) with
 * an injected clock: members interested in one game within 10 minutes make one unread row,
 * replaced by a new row (new id) for each, pushed live; a read row or an older one stays and a
 * new group starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Notification } from '@gameon/shared';
import { nextEvent, startServer, type TestServer } from '../../../test/harness.js';

const MINUTE_MS = 60 * 1000;

let server: TestServer;
/** The server's clock of notifications; tests move it. */
let clock: Date;
beforeAll(async () => {
  clock = new Date();
  server = await startServer({}, { now: () => clock });
});
afterAll(() => server.close());

const tick = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * MINUTE_MS);
};

const interests = async (who: LoginResponse) =>
  (
    await server.request<Notification[]>('GET', '/api/notifications', { token: who.token })
  ).body.filter((n) => n.type === 'interest');

let members = 0;
/** Signs up a new member and has them join `postId`; resolves with the host's live row. */
async function join(
  host: { socket: Awaited<ReturnType<TestServer['connect']>> },
  postId: number,
  name?: string,
) {
  members += 1;
  const member = await server.signUp(name ?? `fan${members}`);
  const pushed = nextEvent(host.socket, 'notification');
  const res = await server.request('POST', `/api/posts/${postId}/interest`, {
    token: member.token,
  });
  expect(res.status).toBe(200);
  return { member, live: await pushed };
}

describe('grouped interest notifications', () => {
  it('four members within 10 minutes make one unread row, with a newer id each time, pushed live', async () => {
    const author = await server.signUp('group_host');
    const post = await server.createPost(author.token, {
      heading: 'Sunday turf',
      playersNeeded: 10,
    });
    const host = { socket: await server.connect(author.token) };

    const first = await join(host, post.id, 'priya_one');
    expect(first.live.message).toBe('priya_one is interested in your post "Sunday turf"');
    expect(Object.keys(first.live.data).sort()).toEqual(['group_chat_id', 'post_id', 'user_id']);
    expect(first.live.data).toMatchObject({ post_id: post.id, user_id: first.member.user.id });
    let previous = first.live;
    for (const [i, name] of ['ravi_two', 'meera_three', 'kabir_four'].entries()) {
      tick(3);
      const { member, live } = await join(host, post.id, name);
      expect(live.id).toBeGreaterThan(previous.id);
      expect(live.is_read).toBe(false);
      expect(live.data).toMatchObject({
        post_id: post.id,
        user_id: member.user.id,
        count: i + 2,
        replaced_id: previous.id,
      });
      previous = live;
    }
    expect(previous.message).toBe(
      'kabir_four and 3 others are interested in your game "Sunday turf"',
    );
    const rows = await interests(author);
    expect(rows.map((n) => [n.id, n.message, n.is_read])).toEqual([
      [previous.id, previous.message, false],
    ]);
  });

  it('after 10 minutes a new group starts, and the older row stays', async () => {
    const author = await server.signUp('late_host');
    const post = await server.createPost(author.token, { playersNeeded: 10, heading: 'Nets' });
    const host = { socket: await server.connect(author.token) };
    await join(host, post.id);
    tick(1);
    const second = await join(host, post.id);
    expect(second.live.message).toMatch(/ and 1 other are interested in your game "Nets"$/);
    tick(11);
    const third = await join(host, post.id, 'after_ten');
    expect(third.live.message).toBe('after_ten is interested in your post "Nets"');
    expect(third.live.data).not.toHaveProperty('replaced_id');
    expect((await interests(author)).map((n) => n.id)).toEqual([third.live.id, second.live.id]);
  });

  it('a read group stays read and the next interest starts a new row', async () => {
    const author = await server.signUp('read_host');
    const post = await server.createPost(author.token, { playersNeeded: 10, heading: 'Padel' });
    const host = { socket: await server.connect(author.token) };
    const first = await join(host, post.id);
    await server.request('POST', '/api/notifications/mark-read', {
      token: author.token,
      body: { notificationIds: [first.live.id] },
    });
    tick(1);
    const second = await join(host, post.id, 'after_read');
    expect(second.live.message).toBe('after_read is interested in your post "Padel"');
    const rows = await interests(author);
    expect(rows.map((n) => [n.id, n.is_read])).toEqual([
      [second.live.id, false],
      [first.live.id, true],
    ]);
  });

  it('groups per game: interest in another game of the same host is its own row', async () => {
    const author = await server.signUp('two_games_host');
    const one = await server.createPost(author.token, { playersNeeded: 10 });
    const two = await server.createPost(author.token, { playersNeeded: 10 });
    const host = { socket: await server.connect(author.token) };
    const a = await join(host, one.id);
    const b = await join(host, two.id);
    expect(b.live.data).not.toHaveProperty('replaced_id');
    expect((await interests(author)).map((n) => n.id)).toEqual([b.live.id, a.live.id]);
  });
});
