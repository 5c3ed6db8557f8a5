import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupChatSummary, GroupMessage, LoginResponse, Post } from '@gameon/shared';
import {
  collect,
  emitAck,
  nextEvent,
  startServer,
  type TestServer,
} from '../../../test/harness.js';

let server: TestServer;
let host: LoginResponse;
let player: LoginResponse;
let outsider: LoginResponse;
let post: Post;

type Ack = { success: true; message: GroupMessage } | { success: false; message: string };

beforeAll(async () => {
  server = await startServer();
  host = await server.signUp('host');
  player = await server.signUp('player');
  outsider = await server.signUp('outsider');
  post = await server.createPost(host.token, { sport: 'Football', heading: 'Sunday 5-a-side' });
});
afterAll(() => server.close());

const interest = (token: string, postId = post.id) =>
  server.request<{ groupChatId: number; message?: string }>(
    'POST',
    `/api/posts/${postId}/interest`,
    { token },
  );

describe('interest in a post', () => {
  it('creates the group chat with the author and the member, and repeating it is harmless', async () => {
    const first = await interest(player.token);
    expect(first.status).toBe(200);
    const again = await interest(player.token);
    expect(again.body.groupChatId).toBe(first.body.groupChatId);

    const list = await server.request<{ groupChats: GroupChatSummary[] }>(
      'GET',
      '/api/messages/conversations',
      { token: host.token },
    );
    expect(list.body.groupChats).toEqual([
      {
        id: first.body.groupChatId,
        name: 'Football - Sunday 5-a-side',
        post_id: post.id,
        members: [
          { id: host.user.id, username: 'host' },
          { id: player.user.id, username: 'player' },
        ],
        last_message: null,
        unread_count: 0,
      },
    ]);
    const feed = await server.request<Post[]>('GET', '/api/posts', { token: player.token });
    expect(feed.body.find((p) => p.id === post.id)?.interested_users).toEqual([
      { user_id: player.user.id },
    ]);
  });

  it("refuses interest in one's own post and in an unknown post", async () => {
    const own = await interest(host.token);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot express interest in your own post');
    expect((await interest(player.token, 999_999)).status).toBe(404);
  });
});

describe('group chat over HTTP', () => {
  it('lets members read and refuses non-members', async () => {
    const { body } = await interest(player.token);
    const member = await server.request<GroupMessage[]>(
      'GET',
      `/api/messages/group/${body.groupChatId}`,
      { token: player.token },
    );
    expect(member.status).toBe(200);
    expect(member.body).toEqual([]);
    // A chat one is not in looks exactly like one that does not exist (CONTRACT.md 404).
    const stranger = await server.request('GET', `/api/messages/group/${body.groupChatId}`, {
      token: outsider.token,
    });
    expect(stranger.status).toBe(404);
    expect(
      (await server.request('GET', '/api/messages/group/424242', { token: outsider.token })).status,
    ).toBe(404);
  });
});

describe('group chat over the socket', () => {
  it('refuses a connection without a token or with a bad one', async () => {
    await expect(server.connect()).rejects.toThrow('unauthorized');
    await expect(server.connect('forged-token')).rejects.toThrow('unauthorized');
  });

  it("delivers to every member's sockets, and a non-member can neither join, send nor receive, even after `join` with a member's id", async () => {
    const { body } = await interest(player.token);
    const chatId = body.groupChatId;
    const hostTab1 = await server.connect(host.token);
    const hostTab2 = await server.connect(host.token);
    const playerSocket = await server.connect(player.token);
    const spy = await server.connect(outsider.token);

    // The spec's `join` event with somebody else's id changes nothing: the token decides.
    spy.emit('join', host.user.id);
    spy.emit('join', player.user.id);
    const spied = collect(spy, 'newGroupMessage');
    const spiedDelivered = collect(spy, 'messageDelivered');

    expect(await emitAck(spy, 'joinGroupChat', chatId)).toEqual({
      success: false,
      message: 'Group chat not found',
    });
    expect(
      await emitAck(spy, 'sendGroupMessage', { groupChat: chatId, content: 'let me in' }),
    ).toEqual({
      success: false,
      message: 'Group chat not found',
    });
    expect(await emitAck(playerSocket, 'joinGroupChat', chatId)).toEqual({ success: true });

    const atHost1 = nextEvent(hostTab1, 'newGroupMessage');
    const atHost2 = nextEvent(hostTab2, 'newGroupMessage');
    const atPlayer = nextEvent(playerSocket, 'newGroupMessage');
    const delivered = nextEvent(playerSocket, 'messageDelivered');
    const ack = await emitAck<Ack>(playerSocket, 'sendGroupMessage', {
      groupChat: chatId,
      content: '  See you at 6!  ',
    });
    expect(ack.success).toBe(true);
    if (!ack.success) return;
    expect(ack.message).toMatchObject({
      group_chat_id: chatId,
      sender_id: player.user.id,
      sender: { id: player.user.id, username: 'player' },
      content: 'See you at 6!',
    });
    for (const received of await Promise.all([atHost1, atHost2, atPlayer, delivered]))
      expect(received).toEqual(ack.message);

    // Socket.IO keeps order per connection: once the spy's own acknowledged call returns,
    // anything broadcast to it before would have arrived.
    await emitAck(spy, 'leaveGroupChat', chatId);
    expect(spied).toEqual([]);
    expect(spiedDelivered).toEqual([]);

    // Nothing from the spy was stored.
    const history = await server.request<GroupMessage[]>('GET', `/api/messages/group/${chatId}`, {
      token: host.token,
    });
    expect(history.body.map((m) => m.content)).toEqual(['See you at 6!']);
  });

  it('refuses blank, too long and malformed messages', async () => {
    const { body } = await interest(player.token);
    const socket = await server.connect(player.token);
    expect(
      await emitAck(socket, 'sendGroupMessage', { groupChat: body.groupChatId, content: '   ' }),
    ).toEqual({ success: false, message: 'Message cannot be empty' });
    expect(
      await emitAck(socket, 'sendGroupMessage', {
        groupChat: body.groupChatId,
        content: 'x'.repeat(2001),
      }),
    ).toEqual({
      success: false,
      message: 'Message must be at most 2000 characters',
    });
    expect(await emitAck(socket, 'sendGroupMessage', { content: 'hi' })).toMatchObject({
      success: false,
    });
    expect(await emitAck(socket, 'sendGroupMessage', 'nonsense')).toMatchObject({ success: false });
    expect(await emitAck(socket, 'joinGroupChat', 'abc')).toMatchObject({ success: false });
    // groupChatId is accepted too (CONTRACT.md).
    expect(
      await emitAck(socket, 'sendGroupMessage', { groupChatId: body.groupChatId, content: 'ok' }),
    ).toMatchObject({ success: true });
  });
});

describe('unread counts and read markers', () => {
  it('counts messages from others in opened chats only, and opening or mark-read clears them', async () => {
    const a = await server.signUp('reader_a');
    const b = await server.signUp('reader_b');
    const game = await server.createPost(a.token, { heading: 'Counting game' });
    const { body } = await interest(b.token, game.id);
    const chatId = body.groupChatId;
    const bSocket = await server.connect(b.token);
    for (const content of ['one', 'two', 'three']) {
      await emitAck(bSocket, 'sendGroupMessage', { groupChat: chatId, content });
    }
    const unread = async (token: string) =>
      (await server.request<{ total: number }>('GET', '/api/messages/unread-count', { token })).body
        .total;
    const chatOf = async (token: string) =>
      (
        await server.request<{ groupChats: GroupChatSummary[] }>(
          'GET',
          '/api/messages/conversations',
          { token },
        )
      ).body.groupChats.find((c) => c.id === chatId);

    // Not opened yet: listed with its unread count, but not in the total (spec part 1 §4).
    expect(await unread(a.token)).toBe(0);
    expect(await chatOf(a.token)).toMatchObject({
      unread_count: 3,
      last_message: { content: 'three' },
    });
    // Own messages never count.
    expect(await unread(b.token)).toBe(0);

    await server.request('GET', `/api/messages/group/${chatId}`, { token: a.token });
    expect(await unread(a.token)).toBe(0);
    await emitAck(bSocket, 'sendGroupMessage', { groupChat: chatId, content: 'four' });
    expect(await unread(a.token)).toBe(1);
    expect((await chatOf(a.token))?.unread_count).toBe(1);
    expect(
      (await server.request('POST', `/api/messages/group/${chatId}/mark-read`, { token: a.token }))
        .status,
    ).toBe(200);
    expect(await unread(a.token)).toBe(0);
    expect(
      (
        await server.request('POST', `/api/messages/group/${chatId}/mark-read`, {
          token: outsider.token,
        })
      ).status,
    ).toBe(404);
  });

  it('pages a thread oldest-first with a cursor for older messages', async () => {
    const a = await server.signUp('pager_a');
    const b = await server.signUp('pager_b');
    const game = await server.createPost(a.token, { heading: 'Paging game' });
    const { body } = await interest(b.token, game.id);
    const socket = await server.connect(b.token);
    for (let i = 1; i <= 5; i++)
      await emitAck(socket, 'sendGroupMessage', { groupChat: body.groupChatId, content: `m${i}` });
    const newest = await server.request<GroupMessage[]>(
      'GET',
      `/api/messages/group/${body.groupChatId}?limit=3`,
      { token: a.token },
    );
    expect(newest.body.map((m) => m.content)).toEqual(['m3', 'm4', 'm5']);
    const older = await server.request<GroupMessage[]>(
      'GET',
      `/api/messages/group/${body.groupChatId}?limit=3&cursor=${newest.headers.get('x-next-cursor')}`,
      { token: a.token },
    );
    expect(older.body.map((m) => m.content)).toEqual(['m1', 'm2']);
    expect(older.headers.get('x-next-cursor')).toBeNull();
  });
});

describe('blocks in group chats', () => {
  it("relays typing to the other members' sockets only, not to the typer's other tabs, outsiders or a blocker", async () => {
    const captain = await server.signUp('typing_captain');
    const typist = await server.signUp('typing_typist');
    const mate = await server.signUp('typing_mate');
    const game = await server.createPost(captain.token, { heading: 'Typing game' });
    const { body } = await interest(typist.token, game.id);
    await interest(mate.token, game.id);
    const groupChatId = body.groupChatId;
    await server.request('POST', `/api/users/${typist.user.id}/block`, { token: mate.token });

    const captainSocket = await server.connect(captain.token);
    const typistSocket = await server.connect(typist.token);
    const typistOtherTab = await server.connect(typist.token);
    const mateSocket = await server.connect(mate.token);
    const outsiderSocket = await server.connect(outsider.token);
    const atTypistTab = collect(typistOtherTab, 'userGroupTyping');
    const atOutsider = collect(outsiderSocket, 'userGroupTyping');
    const atMate = collect(mateSocket, 'userGroupTyping');
    // The captain has not joined the chat's room: typing reaches members, not rooms.
    const atCaptain = nextEvent(captainSocket, 'userGroupTyping');
    typistSocket.emit('groupTyping', { groupChatId, isTyping: true });
    expect(await atCaptain).toEqual({ groupChatId, userId: typist.user.id, isTyping: true });
    // One broadcast went to every recipient at once; an acknowledged call on each other
    // connection comes back after anything sent to it before.
    for (const socket of [typistOtherTab, outsiderSocket, mateSocket]) {
      await emitAck(socket, 'leaveGroupChat', groupChatId);
    }
    expect(atTypistTab).toEqual([]);
    expect(atOutsider).toEqual([]);
    expect(atMate).toEqual([]);
  });

  it("a blocked member's messages neither reach nor show for the blocker, and do not count as unread", async () => {
    const blocker = await server.signUp('chat_blocker');
    const pest = await server.signUp('chat_pest');
    const friendly = await server.signUp('chat_friendly');
    const game = await server.createPost(blocker.token, { heading: 'Blocked chat game' });
    await interest(pest.token, game.id);
    const { body } = await interest(friendly.token, game.id);
    await server.request('GET', `/api/messages/group/${body.groupChatId}`, {
      token: blocker.token,
    });
    await server.request('POST', `/api/users/${pest.user.id}/block`, { token: blocker.token });

    const blockerSocket = await server.connect(blocker.token);
    const seen = collect(blockerSocket, 'newGroupMessage');
    const pestSocket = await server.connect(pest.token);
    const friendlySocket = await server.connect(friendly.token);
    await emitAck(pestSocket, 'sendGroupMessage', {
      groupChat: body.groupChatId,
      content: 'from the pest',
    });
    const friendlyArrives = nextEvent(blockerSocket, 'newGroupMessage');
    await emitAck(friendlySocket, 'sendGroupMessage', {
      groupChat: body.groupChatId,
      content: 'from a friend',
    });
    await friendlyArrives;
    // Per-connection order: the friend's message was sent after the pest's.
    expect(seen.map((m) => m.content)).toEqual(['from a friend']);

    const unread = await server.request<{ total: number }>('GET', '/api/messages/unread-count', {
      token: blocker.token,
    });
    expect(unread.body.total).toBe(1);
    const thread = await server.request<GroupMessage[]>(
      'GET',
      `/api/messages/group/${body.groupChatId}`,
      { token: blocker.token },
    );
    expect(thread.body.map((m) => m.content)).toEqual(['from a friend']);
    const friendView = await server.request<GroupMessage[]>(
      'GET',
      `/api/messages/group/${body.groupChatId}`,
      { token: friendly.token },
    );
    expect(friendView.body.map((m) => m.content)).toEqual(['from the pest', 'from a friend']);

    // The pest speaks last: the blocker's list still previews the friend's message.
    await emitAck(pestSocket, 'sendGroupMessage', {
      groupChat: body.groupChatId,
      content: 'the last word',
    });
    const preview = async (who: LoginResponse) =>
      (
        await server.request<{ groupChats: GroupChatSummary[] }>(
          'GET',
          '/api/messages/conversations',
          { token: who.token },
        )
      ).body.groupChats.find((chat) => chat.id === body.groupChatId)?.last_message?.content;
    expect(await preview(blocker)).toBe('from a friend');
    expect(await preview(friendly)).toBe('the last word');
  });
});
