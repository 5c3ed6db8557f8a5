/**
 * A game's life after it is posted, over real HTTP on a real database (SQLite, or
 * PostgreSQL with TEST_DIALECT): joined and waitlisted places and the capacity race, leaving and
 * the waitlist moving up, the game page, My Posts and joined games, deleting, and the
 * notifications each of these sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GroupChatSummary,
  GroupMessage,
  InterestResponse,
  LoginResponse,
  Notification,
  Post,
} from '@gameon/shared';
import { emitAck, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let host: LoginResponse;
let players: LoginResponse[];

const inHours = (hours: number) => new Date(Date.now() + hours * 3600 * 1000).toISOString();

beforeAll(async () => {
  // Thirty-odd sign-ups from one address would meet the per-IP limit on code mails.
  server = await startServer({ RATE_LIMITS: 'off' });
  host = await server.signUp('host');
  players = [];
  for (const name of ['ana', 'ben', 'cat', 'dev']) players.push(await server.signUp(name));
});
afterAll(() => server.close());

const join = (who: LoginResponse, postId: number) =>
  server.request<InterestResponse>('POST', `/api/posts/${postId}/interest`, { token: who.token });
const leave = (who: LoginResponse, postId: number) =>
  server.request<{ success: boolean; code?: string; message?: string }>(
    'DELETE',
    `/api/posts/${postId}/interest`,
    { token: who.token },
  );
const getPost = (who: LoginResponse, postId: number) =>
  server.request<Post & { code?: string }>('GET', `/api/posts/${postId}`, { token: who.token });
const remove = (who: LoginResponse, postId: number) =>
  server.request<{ success: boolean; code?: string; message?: string }>(
    'DELETE',
    `/api/posts/${postId}`,
    { token: who.token },
  );
const list = async (who: LoginResponse, path: string) => {
  const res = await server.request<Post[]>('GET', path, { token: who.token });
  expect(res.status).toBe(200);
  return res.body;
};
const ids = (posts: { id: number }[]) => posts.map((p) => p.id);

/** The member's notifications of `type`, once the event subscribers have done their work. */
async function notificationsOf(who: LoginResponse, type: Notification['type']) {
  await server.app.domainEvents.settled();
  const res = await server.request<Notification[]>('GET', '/api/notifications', {
    token: who.token,
  });
  return res.body.filter((n) => n.type === type);
}

describe('joined and waitlisted', () => {
  it('joins while places are free, then waitlists in order; the post lists both', async () => {
    const game = await server.createPost(host.token, { playersNeeded: 2 });
    expect(game).toMatchObject({ interested_users: [], waitlist: [], is_full: false });
    const [ana, ben, cat, dev] = players as [LoginResponse, ...LoginResponse[]];
    expect((await join(ana, game.id)).body).toMatchObject({ status: 'joined' });
    expect((await join(ben!, game.id)).body).toMatchObject({ status: 'joined' });
    const third = await join(cat!, game.id);
    expect(third.body).toMatchObject({ status: 'waitlisted', position: 1 });
    expect(third.body.groupChatId).toBeGreaterThan(0);
    expect((await join(dev!, game.id)).body).toMatchObject({ status: 'waitlisted', position: 2 });
    // Repeating answers the same place.
    expect((await join(cat!, game.id)).body).toMatchObject({ status: 'waitlisted', position: 1 });
    expect((await join(ana, game.id)).body).not.toHaveProperty('position');

    const page = await getPost(ana, game.id);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      interested_users: [{ user_id: ana.user.id }, { user_id: ben!.user.id }],
      waitlist: [{ user_id: cat!.user.id }, { user_id: dev!.user.id }],
      is_full: true,
    });
    // Joined and waitlisted members are all in the game's group chat.
    const chats = await server.request<{ groupChats: GroupChatSummary[] }>(
      'GET',
      '/api/messages/conversations',
      { token: dev!.token },
    );
    expect(chats.body.groupChats.map((c) => c.post_id)).toContain(game.id);
  });

  it('20 parallel joins of a 4-place game: exactly 4 joined, waitlist places 1..16', async () => {
    const game = await server.createPost(host.token, { playersNeeded: 4 });
    const crowd: LoginResponse[] = [];
    for (let i = 0; i < 20; i++) crowd.push(await server.signUp(`crowd${i}`));
    const answers = await Promise.all(crowd.map((who) => join(who, game.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.status === 'joined')).toHaveLength(4);
    const positions = answers
      .filter((a) => a.body.status === 'waitlisted')
      .map((a) => a.body.position)
      .sort((a, b) => a! - b!);
    expect(positions).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));

    const page = (await getPost(host, game.id)).body;
    expect(page.interested_users).toHaveLength(4);
    expect(page.waitlist).toHaveLength(16);
    expect(page.is_full).toBe(true);
    // The answers agree with the game: each waitlisted member is at the place they were told.
    for (const [i, who] of crowd.entries()) {
      const answer = answers[i]!.body;
      if (answer.status === 'waitlisted')
        expect(page.waitlist![answer.position! - 1]).toEqual({ user_id: who.user.id });
      else expect(page.interested_users).toContainEqual({ user_id: who.user.id });
    }
  });

  it('refuses a game that has started, and one´s own game', async () => {
    const game = await server.createPost(host.token);
    expect((await join(host, game.id)).status).toBe(403);
    await server.startGame(game.id);
    const late = await join(players[0]!, game.id);
    expect(late.status).toBe(400);
    expect((late.body as unknown as { message: string }).message).toBe(
      'This game has already started',
    );
  });
});

describe('leaving', () => {
  it('offers the freed place to the first waitlisted member, tells them and the host; the chat turns read-only', async () => {
    const [ana, ben, cat] = players as [LoginResponse, LoginResponse, LoginResponse];
    const game = await server.createPost(host.token, { playersNeeded: 1, heading: 'Singles' });
    const { groupChatId } = (await join(ana, game.id)).body;
    await join(ben, game.id);
    await join(cat, game.id);

    const res = await leave(ana, game.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    // The place is offered (held, so taken), no longer given at once.
    const after = (await getPost(cat, game.id)).body;
    expect(after).toMatchObject({
      interested_users: [],
      offered: [{ user_id: ben.user.id }],
      waitlist: [{ user_id: cat.user.id }],
      is_full: true,
    });
    const [offer] = await notificationsOf(ben, 'waitlist_offer');
    expect(offer).toMatchObject({
      data: { post_id: game.id, expires_at: after.offered?.[0]?.expires_at },
    });
    expect(offer!.message).toMatch(
      /^A place opened up in "Singles": it is yours if you accept by /,
    );
    const left = (await notificationsOf(host, 'player_left')).find(
      (n) => n.data.post_id === game.id,
    );
    expect(left).toMatchObject({
      message: 'ana left your game "Singles"',
      data: { post_id: game.id, user_id: ana.user.id },
    });
    // Ana is out of the chat: she reads it, and writes nothing more.
    const chat = await server.request('GET', `/api/messages/group/${groupChatId}`, {
      token: ana.token,
    });
    expect(chat.status).toBe(200);
    const sent = await emitAck(await server.connect(ana.token), 'sendGroupMessage', {
      groupChatId,
      content: 'still here?',
    });
    expect(sent).toEqual({
      success: false,
      message: 'You are no longer in this game: its chat is read-only',
    });
  });

  it('leaving the waitlist promotes nobody and the host is told', async () => {
    const [ana, ben, cat] = players as [LoginResponse, LoginResponse, LoginResponse];
    const game = await server.createPost(host.token, { playersNeeded: 1, heading: 'Queue' });
    await join(ana, game.id);
    await join(ben, game.id);
    await join(cat, game.id);
    expect((await leave(ben, game.id)).status).toBe(200);
    expect((await getPost(ana, game.id)).body).toMatchObject({
      interested_users: [{ user_id: ana.user.id }],
      waitlist: [{ user_id: cat.user.id }],
    });
    const left = await notificationsOf(host, 'player_left');
    expect(left.some((n) => n.data.post_id === game.id && n.data.user_id === ben.user.id)).toBe(
      true,
    );
    const promotions = await notificationsOf(cat, 'waitlist_promoted');
    expect(promotions.filter((n) => n.data.post_id === game.id)).toEqual([]);
  });

  it('refuses a member who is not in the game, and a game that has started', async () => {
    const [ana, ben] = players as [LoginResponse, LoginResponse];
    const game = await server.createPost(host.token);
    const notIn = await leave(ben, game.id);
    expect(notIn.status).toBe(400);
    expect(notIn.body.code).toBe('not_joined');
    await join(ana, game.id);
    await server.startGame(game.id);
    const late = await leave(ana, game.id);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This game has already started');
    expect((await getPost(ana, game.id)).body.interested_users).toEqual([{ user_id: ana.user.id }]);
  });

  it('lets a player leave a game hidden from them since they joined; to others it stays unknown', async () => {
    const [ana, ben, cat] = players as [LoginResponse, LoginResponse, LoginResponse];
    const blocking = await server.signUp('blocking_host');
    const game = await server.createPost(blocking.token, { playersNeeded: 1 });
    await join(ana, game.id);
    await join(ben, game.id);
    for (const who of [ana, cat]) {
      const res = await server.request('POST', `/api/users/${who.user.id}/block`, {
        token: blocking.token,
      });
      expect(res.status).toBe(200);
    }
    expect((await getPost(ana, game.id)).status).toBe(404);

    expect((await leave(ana, game.id)).status).toBe(200);
    // Her place is offered to the waitlist, as when anyone leaves.
    expect((await getPost(ben, game.id)).body).toMatchObject({
      interested_users: [],
      offered: [{ user_id: ben.user.id }],
      waitlist: [],
    });
    // Neither she, now out of it, nor another blocked member learns the game is there.
    for (const who of [ana, cat]) {
      const res = await leave(who, game.id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Post not found');
    }
  });
});

describe('the feed', () => {
  it('never shows a game that has started', async () => {
    const game = await server.createPost(host.token, { heading: 'Kick-off soon' });
    expect(ids(await list(players[0]!, '/api/posts?limit=100'))).toContain(game.id);
    await server.startGame(game.id);
    expect(ids(await list(players[0]!, '/api/posts?limit=100'))).not.toContain(game.id);
  });
});

describe('the game page', () => {
  it('answers one game, 404 for an unknown one and across a block', async () => {
    const [ana, ben] = players as [LoginResponse, LoginResponse];
    const blocker = await server.signUp('pageblocker');
    const game = await server.createPost(blocker.token, { heading: 'Page' });
    expect((await getPost(ana, game.id)).body).toMatchObject({ id: game.id, heading: 'Page' });
    expect((await getPost(ana, 2_000_000_000)).status).toBe(404);
    await server.request('POST', `/api/users/${ben.user.id}/block`, { token: blocker.token });
    expect((await getPost(ben, game.id)).status).toBe(404);
  });
});

describe('My Posts and joined games', () => {
  it('my-posts: hosted games, upcoming soonest first, then past latest first', async () => {
    const owner = await server.signUp('owner');
    const later = await server.createPost(owner.token, { eventTime: inHours(48) });
    const sooner = await server.createPost(owner.token, { eventTime: inHours(24) });
    const longAgo = await server.createPost(owner.token, { eventTime: inHours(72) });
    const recently = await server.createPost(owner.token, { eventTime: inHours(96) });
    await server.app.database.db
      .updateTable('posts')
      .set({ event_time: inHours(-48) })
      .where('id', '=', longAgo.id)
      .execute();
    await server.app.database.db
      .updateTable('posts')
      .set({ event_time: inHours(-2) })
      .where('id', '=', recently.id)
      .execute();
    await server.createPost(host.token, { heading: 'Not mine' });
    expect(ids(await list(owner, '/api/posts/my-posts'))).toEqual([
      sooner.id,
      later.id,
      recently.id,
      longAgo.id,
    ]);
  });

  it('joined: upcoming games the caller joined or waits for, soonest first', async () => {
    const fan = await server.signUp('fan');
    const full = await server.createPost(host.token, { playersNeeded: 1, eventTime: inHours(30) });
    const open = await server.createPost(host.token, { eventTime: inHours(20) });
    const started = await server.createPost(host.token, { eventTime: inHours(10) });
    const other = await server.createPost(host.token, { eventTime: inHours(15) });
    await join(players[0]!, full.id);
    expect((await join(fan, full.id)).body.status).toBe('waitlisted');
    await join(fan, open.id);
    await join(fan, started.id);
    await server.startGame(started.id);
    const joined = await list(fan, '/api/posts/joined');
    expect(ids(joined)).toEqual([open.id, full.id]);
    expect(ids(joined)).not.toContain(other.id);
  });
});

describe('deleting a game', () => {
  it('only the author, before the start; a second delete is 404', async () => {
    const [ana] = players as [LoginResponse];
    const game = await server.createPost(host.token);
    const notAuthor = await remove(ana, game.id);
    expect(notAuthor.status).toBe(403);
    expect(notAuthor.body.code).toBe('not_author');
    expect((await remove(ana, 2_000_000_000)).status).toBe(404);
    expect((await remove(host, game.id)).body).toEqual({ success: true });
    expect((await remove(host, game.id)).status).toBe(404);
    expect((await getPost(host, game.id)).status).toBe(404);

    const begun = await server.createPost(host.token);
    await server.startGame(begun.id);
    const late = await remove(host, begun.id);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This game has already started');
  });

  it('is 404 for a game hidden by a block', async () => {
    const hider = await server.signUp('hider');
    const game = await server.createPost(hider.token);
    await server.request('POST', `/api/users/${players[2]!.user.id}/block`, { token: hider.token });
    expect((await remove(players[2]!, game.id)).status).toBe(404);
  });

  it('leaves feed, profile and My Posts; the chat keeps its lines, says so and takes no more; members are told', async () => {
    const [ana, ben, cat] = players as [LoginResponse, LoginResponse, LoginResponse];
    const game = await server.createPost(host.token, { playersNeeded: 1, heading: 'Doomed' });
    const { groupChatId } = (await join(ana, game.id)).body;
    await join(ben, game.id);
    const socket = await server.connect(ana.token);
    const sent = await emitAck<{ success: boolean }>(socket, 'sendGroupMessage', {
      groupChatId,
      content: 'See you there',
    });
    expect(sent.success).toBe(true);

    expect((await remove(host, game.id)).status).toBe(200);
    expect(ids(await list(cat, '/api/posts?limit=100'))).not.toContain(game.id);
    expect(ids(await list(cat, `/api/posts/user/${host.user.id}?limit=100`))).not.toContain(
      game.id,
    );
    expect(ids(await list(host, '/api/posts/my-posts'))).not.toContain(game.id);
    expect(ids(await list(ana, '/api/posts/joined'))).not.toContain(game.id);

    const messages = await server.request<GroupMessage[]>(
      'GET',
      `/api/messages/group/${groupChatId}`,
      { token: ben.token },
    );
    expect(messages.status).toBe(200);
    expect(messages.body.map((m) => m.content)).toEqual([
      'See you there',
      'This game was cancelled',
    ]);
    expect(messages.body[1]).toMatchObject({ system: true, sender_id: null });
    const refused = await emitAck<{ success: boolean; message?: string }>(
      socket,
      'sendGroupMessage',
      { groupChatId, content: 'Anyone?' },
    );
    expect(refused).toEqual({ success: false, message: 'This game was cancelled' });
    const summary = await server.request<{ groupChats: GroupChatSummary[] }>(
      'GET',
      '/api/messages/conversations',
      { token: ana.token },
    );
    expect(summary.body.groupChats.find((c) => c.id === groupChatId)).toMatchObject({
      is_cancelled: true,
    });

    for (const member of [ana, ben]) {
      const cancelled = (await notificationsOf(member, 'game_cancelled')).find(
        (n) => n.data.post_id === game.id,
      );
      expect(cancelled).toMatchObject({
        message: 'The game "Doomed" was cancelled',
        data: { post_id: game.id, group_chat_id: groupChatId },
      });
    }
  });
});
