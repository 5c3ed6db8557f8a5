/**
 * The host runs their game, over real HTTP and sockets on a real database (SQLite, or
 * PostgreSQL with TEST_DIALECT): editing it (who is told, what changes, what is refused), removing
 * a player (no rejoin, the waitlist moves up, the chat read-only to them), and the chat history a
 * leaver keeps (read-only, never unread).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GroupChatSummary,
  GroupMessage,
  LoginResponse,
  Notification,
  Post,
} from '@gameon/shared';
import { emitAck, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let host: LoginResponse;
let ana: LoginResponse;
let ben: LoginResponse;
let cat: LoginResponse;

const inHours = (hours: number) => new Date(Date.now() + hours * 3600 * 1000).toISOString();

beforeAll(async () => {
  server = await startServer({ RATE_LIMITS: 'off' });
  host = await server.signUp('hg_host');
  ana = await server.signUp('hg_ana');
  ben = await server.signUp('hg_ben');
  cat = await server.signUp('hg_cat');
});
afterAll(() => server.close());

interface Answer {
  success?: boolean;
  code?: string;
  message?: string;
  errors?: { field: string; message: string }[];
}

const join = (who: LoginResponse, postId: number) =>
  server.request<{ groupChatId: number; status: string } & Answer>(
    'POST',
    `/api/posts/${postId}/interest`,
    { token: who.token },
  );
const leave = (who: LoginResponse, postId: number) =>
  server.request<Answer>('DELETE', `/api/posts/${postId}/interest`, { token: who.token });
const edit = (who: LoginResponse, postId: number, body: unknown) =>
  server.request<Post & Answer>('PATCH', `/api/posts/${postId}`, { token: who.token, body });
const removePlayer = (who: LoginResponse, postId: number, userId: number) =>
  server.request<Answer>('DELETE', `/api/posts/${postId}/players/${userId}`, {
    token: who.token,
  });
const messagesOf = async (who: LoginResponse, groupChatId: number) => {
  const res = await server.request<GroupMessage[]>('GET', `/api/messages/group/${groupChatId}`, {
    token: who.token,
  });
  expect(res.status).toBe(200);
  return res.body;
};
const chatOf = async (who: LoginResponse, groupChatId: number) => {
  const res = await server.request<{ groupChats: GroupChatSummary[] }>(
    'GET',
    '/api/messages/conversations',
    { token: who.token },
  );
  return res.body.groupChats.find((c) => c.id === groupChatId);
};
const say = async (who: LoginResponse, groupChatId: number, content: string) =>
  emitAck<{ success: boolean; message?: string }>(
    await server.connect(who.token),
    'sendGroupMessage',
    { groupChatId, content },
  );
const departure = (postId: number, userId: number) =>
  server.app.database.db
    .selectFrom('post_departures')
    .selectAll()
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** The member's notifications of `type` about game `postId`, once the subscribers are done. */
async function notificationsOf(who: LoginResponse, type: string, postId: number) {
  await server.app.domainEvents.settled();
  const res = await server.request<Notification[]>('GET', '/api/notifications', {
    token: who.token,
  });
  return res.body.filter((n) => n.type === type && n.data.post_id === postId);
}

describe('editing a game', () => {
  it('changes heading, description, tags, time and place; members are told in the chat and by a notification; SEQUENCE goes up', async () => {
    const game = await server.createPost(host.token, { playersNeeded: 1, heading: 'Evening' });
    const { groupChatId } = (await join(ana, game.id)).body;
    await join(ben, game.id); // waitlisted
    const before = await server.request<string>('GET', `/api/posts/${game.id}/calendar.ics`, {
      token: ana.token,
    });
    expect(before.body).toContain('SEQUENCE:0');
    // The feed has presented the game (and may hold it in its caches).
    const feedBefore = await server.request<Post[]>('GET', '/api/posts?limit=100', {
      token: cat.token,
    });
    expect(feedBefore.body.find((p) => p.id === game.id)?.heading).toBe('Evening');

    const when = inHours(48);
    const res = await edit(host, game.id, {
      heading: 'Late evening',
      description: 'Bring water',
      tags: ['casual'],
      eventTime: when,
      location: { type: 'Point', coordinates: [77.6245, 12.9352] },
      locationName: 'Koramangala, Bengaluru',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: game.id,
      sport: 'Football',
      heading: 'Late evening',
      description: 'Bring water',
      tags: ['casual'],
      event_time: when,
      location_name: 'Koramangala, Bengaluru',
      players_needed: 1,
    });
    // Everyone sees the new game, the feed's presentation included.
    const seen = await server.request<Post>('GET', `/api/posts/${game.id}`, { token: cat.token });
    expect(seen.body).toMatchObject({ heading: 'Late evening', event_time: when });
    const feedAfter = await server.request<Post[]>('GET', '/api/posts?limit=100', {
      token: cat.token,
    });
    expect(feedAfter.body.find((p) => p.id === game.id)).toMatchObject({
      heading: 'Late evening',
      tags: ['casual'],
      location_name: 'Koramangala, Bengaluru',
    });

    expect((await chatOf(ana, groupChatId))?.name).toBe('Football - Late evening');
    const lines = await messagesOf(ana, groupChatId);
    expect(lines.at(-1)).toMatchObject({
      system: true,
      content: 'The host changed the title, the description, the tags, the time and the place.',
    });
    for (const member of [ana, ben]) {
      const [told] = await notificationsOf(member, 'game_updated', game.id);
      expect(told).toMatchObject({
        message:
          'The host changed the title, the description, the tags, the time and the place of "Late evening"',
        data: { post_id: game.id },
      });
    }
    expect(await notificationsOf(host, 'game_updated', game.id)).toEqual([]);
    const after = await server.request<string>('GET', `/api/posts/${game.id}/calendar.ics`, {
      token: ana.token,
    });
    expect(after.body).toContain('SEQUENCE:1');
    expect(after.body).toContain('SUMMARY:Football: Late evening');
  });

  it('players needed never below the taken places; more places are offered to the waitlist', async () => {
    const game = await server.createPost(host.token, { playersNeeded: 2 });
    await join(ana, game.id);
    await join(ben, game.id);
    await join(cat, game.id); // waitlisted
    const fewer = await edit(host, game.id, { playersNeeded: 1 });
    expect(fewer.status).toBe(400);
    expect(fewer.body.errors).toEqual([
      { field: 'playersNeeded', message: '2 players have joined: players needed cannot be fewer' },
    ]);

    const more = await edit(host, game.id, { playersNeeded: 3 });
    expect(more.status).toBe(200);
    expect(more.body.interested_users.map((u) => u.user_id)).toEqual([ana.user.id, ben.user.id]);
    expect(more.body.offered?.map((u) => u.user_id)).toEqual([cat.user.id]);
    expect(more.body.waitlist).toEqual([]);
    const [offer] = await notificationsOf(cat, 'waitlist_offer', game.id);
    expect(offer).toBeDefined();
    // An offered place is taken: players needed cannot drop below it either.
    const below = await edit(host, game.id, { playersNeeded: 2 });
    expect(below.status).toBe(400);
  });

  it('refuses the sport, a time not in the future, an empty edit, anyone but the host, and any edit from the start', async () => {
    const game = await server.createPost(host.token, { heading: 'Fixed' });
    const sport = await edit(host, game.id, { sport: 'Cricket' });
    expect(sport.status).toBe(400);
    expect(JSON.stringify(sport.body)).toContain('The sport of a game cannot be changed');
    const past = await edit(host, game.id, { eventTime: inHours(-2) });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([
      { field: 'eventTime', message: 'The new time must be in the future' },
    ]);
    expect((await edit(host, game.id, {})).status).toBe(400);
    const stranger = await edit(ana, game.id, { heading: 'Mine now' });
    expect(stranger).toMatchObject({ status: 403, body: { code: 'not_author' } });

    await server.startGame(game.id);
    const started = await edit(host, game.id, { heading: 'Too late' });
    expect(started).toMatchObject({
      status: 400,
      body: { message: 'This game has already started' },
    });
    const row = await server.app.database.db
      .selectFrom('posts')
      .select(['heading', 'sport', 'sequence'])
      .where('id', '=', game.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ heading: 'Fixed', sport: 'Football', sequence: 0 });
  });

  it('a player who leaves within 24 hours of a change of time or place is excused; of other changes, or later, not', async () => {
    const game = await server.createPost(host.token, { playersNeeded: 4 });
    for (const member of [ana, ben, cat]) await join(member, game.id);
    expect((await edit(host, game.id, { heading: 'Renamed' })).status).toBe(200);
    expect((await leave(ana, game.id)).status).toBe(200);
    expect(await departure(game.id, ana.user.id)).toMatchObject({ reason: 'left', excused: 0 });

    expect((await edit(host, game.id, { eventTime: inHours(30) })).status).toBe(200);
    expect((await leave(ben, game.id)).status).toBe(200);
    expect(await departure(game.id, ben.user.id)).toMatchObject({ reason: 'left', excused: 1 });

    // The change was 25 hours ago.
    await server.app.database.db
      .updateTable('posts')
      .set({ changed_at: inHours(-25) })
      .where('id', '=', game.id)
      .execute();
    expect((await leave(cat, game.id)).status).toBe(200);
    expect(await departure(game.id, cat.user.id)).toMatchObject({ excused: 0 });
  });
});

describe('removing a player', () => {
  it('tells them privately; they cannot rejoin; the first waitlisted is offered the place; the chat is read-only to them', async () => {
    const game = await server.createPost(host.token, { playersNeeded: 1, heading: 'Tight' });
    const { groupChatId } = (await join(ana, game.id)).body;
    await join(ben, game.id); // waitlisted
    expect((await say(ana, groupChatId, 'Count me in')).success).toBe(true);

    expect((await removePlayer(ana, game.id, ben.user.id)).status).toBe(403);
    expect((await removePlayer(host, game.id, cat.user.id)).status).toBe(400);
    expect((await removePlayer(host, game.id, ana.user.id)).status).toBe(200);

    const [removed] = await notificationsOf(ana, 'removed_from_game', game.id);
    expect(removed).toMatchObject({
      message: 'The host removed you from "Tight"',
      data: { post_id: game.id },
    });
    const [offer] = await notificationsOf(ben, 'waitlist_offer', game.id);
    expect(offer).toBeDefined();
    // Told privately: nobody else hears of it, and the host is not told "left".
    expect(await notificationsOf(ben, 'removed_from_game', game.id)).toEqual([]);
    expect(await notificationsOf(host, 'player_left', game.id)).toEqual([]);

    const page = await server.request<Post>('GET', `/api/posts/${game.id}`, { token: host.token });
    expect(page.body.interested_users).toEqual([]);
    expect(page.body.offered?.map((u) => u.user_id)).toEqual([ben.user.id]);
    expect(page.body.waitlist).toEqual([]);

    const again = await join(ana, game.id);
    expect(again).toMatchObject({ status: 403, body: { code: 'removed' } });

    expect((await messagesOf(ana, groupChatId)).map((m) => m.content)).toContain('Count me in');
    expect(await say(ana, groupChatId, 'Why?')).toEqual({
      success: false,
      message: 'You are no longer in this game: its chat is read-only',
    });
    expect(await chatOf(ana, groupChatId)).toMatchObject({ has_left: true, unread_count: 0 });
    expect((await chatOf(host, groupChatId))?.members.map((m) => m.id)).not.toContain(ana.user.id);
  });
});

describe('a leaver keeps the chat', () => {
  it('up to the moment they left, read-only, never unread; joining again opens it again', async () => {
    const game = await server.createPost(host.token, { playersNeeded: 3 });
    const { groupChatId } = (await join(ana, game.id)).body;
    await join(ben, game.id);
    expect((await say(host, groupChatId, 'Before you go')).success).toBe(true);
    await messagesOf(ana, groupChatId); // opened: unread counts from here
    expect((await say(host, groupChatId, 'Unread at leaving')).success).toBe(true);
    expect((await leave(ana, game.id)).status).toBe(200);
    expect((await say(ben, groupChatId, 'After she left')).success).toBe(true);

    const chat = await chatOf(ana, groupChatId);
    expect(chat).toMatchObject({
      has_left: true,
      unread_count: 0,
      last_message: { content: 'Unread at leaving' },
    });
    const unread = await server.request<{ total: number }>('GET', '/api/messages/unread-count', {
      token: ana.token,
    });
    expect(unread.body.total).toBe(0);
    const contents = (await messagesOf(ana, groupChatId)).map((m) => m.content);
    expect(contents).toEqual(['Before you go', 'Unread at leaving']);
    expect((await say(ana, groupChatId, 'Wait')).success).toBe(false);
    expect(
      (
        await server.request('POST', `/api/messages/group/${groupChatId}/mark-read`, {
          token: ana.token,
        })
      ).status,
    ).toBe(200);

    // Someone who was never in it still finds nothing.
    const outsider = await server.request('GET', `/api/messages/group/${groupChatId}`, {
      token: cat.token,
    });
    expect(outsider.status).toBe(404);

    expect((await join(ana, game.id)).status).toBe(200);
    expect((await chatOf(ana, groupChatId))?.has_left).toBeUndefined();
    expect((await messagesOf(ana, groupChatId)).map((m) => m.content)).toContain('After she left');
  });
});
