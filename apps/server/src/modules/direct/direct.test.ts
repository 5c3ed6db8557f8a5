import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DirectConversation,
  DirectMessage,
  LoginResponse,
  Notification,
} from '@gameon/shared';
import {
  collect,
  emitAck,
  nextEvent,
  startServer,
  type TestServer,
} from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Ack = { success: true; message: DirectMessage } | { success: false; message: string };
const send = (
  socket: Awaited<ReturnType<TestServer['connect']>>,
  recipientId: number,
  content: string,
) => emitAck<Ack>(socket, 'sendDirectMessage', { recipientId, content });

describe('direct messages', () => {
  it("reach every socket of the recipient and the sender's delivery, and no one else's", async () => {
    const ana = await server.signUp('dm_ana');
    const ben = await server.signUp('dm_ben');
    const eve = await server.signUp('dm_eve');
    const anaSocket = await server.connect(ana.token);
    const benTab1 = await server.connect(ben.token);
    const benTab2 = await server.connect(ben.token);
    const eveSocket = await server.connect(eve.token);
    const eavesdropped = collect(eveSocket, 'newDirectMessage');
    const atBen = [nextEvent(benTab1, 'newDirectMessage'), nextEvent(benTab2, 'newDirectMessage')];
    const delivered = nextEvent(anaSocket, 'directMessageDelivered');
    const ack = await send(anaSocket, ben.user.id, ' Hi Ben! ');
    expect(ack.success).toBe(true);
    if (!ack.success) return;
    expect(ack.message).toMatchObject({
      sender_id: ana.user.id,
      recipient_id: ben.user.id,
      content: 'Hi Ben!',
      is_read: false,
      sender: { username: 'dm_ana' },
    });
    // Socket payloads carry the message with `conversationId` (CONTRACT.md).
    for (const got of await Promise.all([...atBen, delivered])) {
      expect(got).toEqual({ ...ack.message, conversationId: ack.message.conversation_id });
    }
    await emitAck(eveSocket, 'leaveGroupChat', 1);
    expect(eavesdropped).toEqual([]);

    const withAna = await server.request<{ messages: DirectMessage[]; conversationId: number }>(
      'GET',
      `/api/direct-messages/conversation/${ana.user.id}`,
      { token: ben.token },
    );
    expect(withAna.body.conversationId).toBe(ack.message.conversation_id);
    expect(withAna.body.messages.map((m) => m.content)).toEqual(['Hi Ben!']);
    const none = await server.request('GET', `/api/direct-messages/conversation/${eve.user.id}`, {
      token: ben.token,
    });
    expect(none.body).toEqual({ messages: [], conversationId: null });
    expect(
      (
        await server.request('GET', `/api/messages/direct/${ack.message.conversation_id}`, {
          token: eve.token,
        })
      ).status,
    ).toBe(404);
  });

  it('goes unread -> read, and the sender hears messagesRead', async () => {
    const a = await server.signUp('read_a');
    const b = await server.signUp('read_b');
    const aSocket = await server.connect(a.token);
    const first = await send(aSocket, b.user.id, 'one');
    await send(aSocket, b.user.id, 'two');
    if (!first.success) throw new Error('send failed');
    const conversationId = first.message.conversation_id;
    const list = async (who: LoginResponse) =>
      (
        await server.request<DirectConversation[]>('GET', '/api/direct-messages/conversations', {
          token: who.token,
        })
      ).body;
    expect(await list(b)).toMatchObject([
      {
        id: conversationId,
        other_user_id: a.user.id,
        other_user_username: 'read_a',
        last_message_content: 'two',
        unread_count: 2,
      },
    ]);
    expect((await list(a))[0]?.unread_count).toBe(0);

    const read = nextEvent(aSocket, 'messagesRead');
    expect(
      (
        await server.request('POST', `/api/direct-messages/mark-read/${conversationId}`, {
          token: b.token,
        })
      ).status,
    ).toBe(200);
    const event = await read;
    expect(event).toMatchObject({ conversationId, readerId: b.user.id });
    const messages = await server.request<DirectMessage[]>(
      'GET',
      `/api/messages/direct/${conversationId}`,
      { token: a.token },
    );
    expect(messages.body.map((m) => [m.content, m.is_read])).toEqual([
      ['one', true],
      ['two', true],
    ]);
    expect(event.lastReadMessageId).toBe(messages.body[1]!.id);
    expect((await list(b))[0]?.unread_count).toBe(0);
  });

  it('relays typing to the other side only', async () => {
    const a = await server.signUp('typer_a');
    const b = await server.signUp('typer_b');
    const aSocket = await server.connect(a.token);
    const bSocket = await server.connect(b.token);
    const atA = collect(aSocket, 'userDirectTyping');
    const atB = nextEvent(bSocket, 'userDirectTyping');
    aSocket.emit('directTyping', { recipientId: b.user.id, isTyping: true });
    expect(await atB).toEqual({ userId: a.user.id, isTyping: true });
    await emitAck(aSocket, 'leaveGroupChat', 1);
    expect(atA).toEqual([]);
  });

  it("follows the recipient's message_requests and blocks, with a clear error", async () => {
    const closed = await server.signUp('closed_door');
    const picky = await server.signUp('picky');
    const sender = await server.signUp('knocker');
    const socket = await server.connect(sender.token);
    await server.request('PUT', '/api/settings', {
      token: closed.token,
      body: { message_requests: 'none' },
    });
    expect(await send(socket, closed.user.id, 'hello?')).toEqual({
      success: false,
      message: 'closed_door does not accept messages',
    });

    await server.request('PUT', '/api/settings', {
      token: picky.token,
      body: { message_requests: 'friends_only' },
    });
    expect(await send(socket, picky.user.id, 'hi')).toEqual({
      success: false,
      message: 'picky only accepts messages from friends',
    });
    await server.request('POST', `/api/users/${picky.user.id}/follow`, { token: sender.token });
    await server.request('POST', `/api/users/${sender.user.id}/follow`, { token: picky.token });
    const friendly = await send(socket, picky.user.id, 'hi friend');
    if (!friendly.success) throw new Error('send failed');

    await server.request('POST', `/api/users/${sender.user.id}/block`, { token: picky.token });
    // A blocked conversation is not found by id either, for reading or marking read.
    const byId = `/api/messages/direct/${friendly.message.conversation_id}`;
    const markRead = `/api/direct-messages/mark-read/${friendly.message.conversation_id}`;
    for (const who of [sender, picky]) {
      expect((await server.request('GET', byId, { token: who.token })).status).toBe(404);
      expect((await server.request('POST', markRead, { token: who.token })).status).toBe(404);
    }
    expect(await send(socket, picky.user.id, 'still there?')).toEqual({
      success: false,
      message: 'User not found',
    });
    expect(await send(socket, sender.user.id, 'me')).toEqual({
      success: false,
      message: 'You cannot message yourself',
    });
  });

  it('counts direct and opened group messages together in the unread total', async () => {
    const host = await server.signUp('count_host');
    const guest = await server.signUp('count_guest');
    const game = await server.createPost(host.token, { heading: 'Count game' });
    const { body } = await server.request<{ groupChatId: number }>(
      'POST',
      `/api/posts/${game.id}/interest`,
      { token: guest.token },
    );
    await server.request('GET', `/api/messages/group/${body.groupChatId}`, { token: host.token });
    const guestSocket = await server.connect(guest.token);
    await send(guestSocket, host.user.id, 'dm 1');
    await send(guestSocket, host.user.id, 'dm 2');
    await emitAck(guestSocket, 'sendGroupMessage', {
      groupChat: body.groupChatId,
      content: 'group 1',
    });
    const total = async () =>
      (
        await server.request<{ total: number }>('GET', '/api/messages/unread-count', {
          token: host.token,
        })
      ).body.total;
    expect(await total()).toBe(3);
    const conversation = (
      await server.request<DirectConversation[]>('GET', '/api/direct-messages/conversations', {
        token: host.token,
      })
    ).body[0]!;
    await server.request('POST', `/api/direct-messages/mark-read/${conversation.id}`, {
      token: host.token,
    });
    expect(await total()).toBe(1);
  });

  it('keeps one unread message notification per conversation, replaced with a new id and pushed live', async () => {
    const a = await server.signUp('notif_a');
    const b = await server.signUp('notif_b');
    const aSocket = await server.connect(a.token);
    const bSocket = await server.connect(b.token);
    const first = nextEvent(bSocket, 'notification');
    const sent = await send(aSocket, b.user.id, 'first');
    const n1 = await first;
    if (!sent.success) throw new Error('send failed');
    expect(n1).toMatchObject({
      type: 'message',
      message: 'notif_a sent you a message',
      data: { conversation_id: sent.message.conversation_id },
    });
    const second = nextEvent(bSocket, 'notification');
    await send(aSocket, b.user.id, 'second');
    const n2 = await second;
    expect(n2.id).toBeGreaterThan(n1.id);
    const list = (
      await server.request<Notification[]>('GET', '/api/notifications', { token: b.token })
    ).body.filter((n) => n.type === 'message');
    expect(list.map((n) => n.id)).toEqual([n2.id]);

    // Reading the conversation reads its message notification too.
    await server.request('POST', `/api/direct-messages/mark-read/${sent.message.conversation_id}`, {
      token: b.token,
    });
    const count = await server.request<{ count: number }>(
      'GET',
      '/api/notifications/unread-count',
      {
        token: b.token,
      },
    );
    expect(count.body.count).toBe(0);
    const after = await server.request<Notification[]>('GET', '/api/notifications', {
      token: b.token,
    });
    expect(after.body.find((n) => n.id === n2.id)?.is_read).toBe(true);
  });

  it('keeps one unread message notification for each of several conversations written together', async () => {
    const to = await server.signUp('notif_many_to');
    const senders = await Promise.all(
      ['notif_many_1', 'notif_many_2'].map((n) => server.signUp(n)),
    );
    const sockets = await Promise.all(senders.map((s) => server.connect(s.token)));
    const toSocket = await server.connect(to.token);
    for (const round of ['first', 'second']) {
      const pushed = collect(toSocket, 'notification');
      await Promise.all(sockets.map((socket) => send(socket, to.user.id, round)));
      await expect.poll(() => pushed.length).toBe(2);
    }
    const unread = (
      await server.request<Notification[]>('GET', '/api/notifications', { token: to.token })
    ).body.filter((n) => n.type === 'message' && !n.is_read);
    expect(unread.map((n) => n.data.sender_id).sort()).toEqual(
      senders.map((s) => s.user.id).sort(),
    );
  });

  it('pages a long conversation from the newest, with the cursor of the older page', async () => {
    const a = await server.signUp('long_a');
    const b = await server.signUp('long_b');
    const aSocket = await server.connect(a.token);
    for (let i = 1; i <= 25; i += 1) await send(aSocket, b.user.id, `message ${i}`);
    type Thread = { messages: DirectMessage[]; conversationId: number };
    const newest = await server.request<Thread>(
      'GET',
      `/api/direct-messages/conversation/${a.user.id}?limit=20`,
      { token: b.token },
    );
    expect(newest.body.messages.map((m) => m.content)).toEqual(
      Array.from({ length: 20 }, (_, i) => `message ${i + 6}`),
    );
    const cursor = newest.headers.get('x-next-cursor');
    expect(cursor).not.toBeNull();
    const older = await server.request<Thread>(
      'GET',
      `/api/direct-messages/conversation/${a.user.id}?limit=20&cursor=${cursor}`,
      { token: b.token },
    );
    expect(older.body.messages.map((m) => m.content)).toEqual(
      Array.from({ length: 5 }, (_, i) => `message ${i + 1}`),
    );
    expect(older.body.conversationId).toBe(newest.body.conversationId);
    expect(older.headers.get('x-next-cursor')).toBeNull();
  });

  it('a socket that drops and misses three messages has all three after catching up', async () => {
    const a = await server.signUp('away_a');
    const b = await server.signUp('away_b');
    const aSocket = await server.connect(a.token);
    const bSocket = await server.connect(b.token);
    const live = collect(bSocket, 'newDirectMessage');
    const arrived = nextEvent(bSocket, 'newDirectMessage');
    const before = await send(aSocket, b.user.id, 'before the drop');
    await arrived;
    if (!before.success) throw new Error('send failed');
    const conversationId = before.message.conversation_id;
    await server.request('POST', `/api/direct-messages/mark-read/${conversationId}`, {
      token: b.token,
    });

    // The network drops (the transport closes under the socket, as on a phone losing signal).
    const dropped = new Promise((resolve) => bSocket.once('disconnect', resolve));
    bSocket.io.engine.transport.close();
    expect(await dropped).toBe('transport close');
    for (const content of ['one', 'two', 'three']) {
      expect((await send(aSocket, b.user.id, content)).success).toBe(true);
    }

    // Back online: the client reconnects and catches up as the web app does on every connect.
    const reconnected = new Promise<void>((resolve) => bSocket.once('connect', () => resolve()));
    bSocket.connect();
    await reconnected;
    const thread = await server.request<DirectMessage[]>(
      'GET',
      `/api/messages/direct/${conversationId}`,
      { token: b.token },
    );
    expect(thread.body.map((m) => m.content)).toEqual(['before the drop', 'one', 'two', 'three']);
    const conversations = await server.request<DirectConversation[]>(
      'GET',
      '/api/direct-messages/conversations',
      { token: b.token },
    );
    expect(conversations.body[0]).toMatchObject({ last_message_content: 'three', unread_count: 3 });
    const total = await server.request<{ total: number }>('GET', '/api/messages/unread-count', {
      token: b.token,
    });
    expect(total.body.total).toBe(3);

    // Live again on the reconnected socket; nothing was delivered live while away.
    const next = nextEvent(bSocket, 'newDirectMessage');
    await send(aSocket, b.user.id, 'after');
    await next;
    expect(live.map((m) => m.content)).toEqual(['before the drop', 'after']);
  });

  it('refuses malformed payloads', async () => {
    const a = await server.signUp('bad_dm');
    const socket = await server.connect(a.token);
    expect(
      await emitAck(socket, 'sendDirectMessage', { recipientId: 'x', content: 'hi' }),
    ).toMatchObject({ success: false });
    expect(await emitAck(socket, 'sendDirectMessage', { recipientId: 1, content: '   ' })).toEqual({
      success: false,
      message: 'Message cannot be empty',
    });
    expect(
      (await server.request('GET', '/api/direct-messages/conversation/abc', { token: a.token }))
        .status,
    ).toBe(400);
    expect(
      (await server.request('POST', '/api/direct-messages/mark-read/0', { token: a.token })).status,
    ).toBe(400);
  });
});
