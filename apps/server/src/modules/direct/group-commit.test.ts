/**
 * Direct messages read in one turn are stored together (group commit), each on its
 * own: a message the database refuses fails alone. The refusal is real: a trigger makes the
 * database reject one content, as a constraint would. On both engines each message's
 * notification is stored in the same transaction, and commits or fails with it; a mark-read
 * racing new messages leaves the conversation's notification unread exactly while a message is.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage, Notification } from '@gameon/shared';
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

const POISON = 'the database refuses this one';

/**
 * Makes the database refuse, while `work` runs, a row of `table` for which the SQL condition
 * `when` (on `new`) holds, as a constraint would.
 */
async function refusing(table: string, when: string, work: () => Promise<void>) {
  const { db, dialect } = server.app.database;
  if (dialect === 'sqlite') {
    await sql`create trigger refuse_test before insert on ${sql.table(table)}
      when ${sql.raw(when)} begin select raise(abort, 'refused'); end`.execute(db);
  } else {
    await sql`create function refuse_test() returns trigger language plpgsql as $$
      begin if ${sql.raw(when)} then raise exception 'refused'; end if;
      return new; end $$`.execute(db);
    await sql`create trigger refuse_test before insert on ${sql.table(table)}
      for each row execute function refuse_test()`.execute(db);
  }
  try {
    await work();
  } finally {
    await sql`drop trigger refuse_test${sql.raw(dialect === 'sqlite' ? '' : ` on ${table}`)}`.execute(
      db,
    );
    if (dialect !== 'sqlite') await sql`drop function refuse_test()`.execute(db);
  }
}

describe('direct messages sent together', () => {
  it('store and deliver the others when one of them fails, which alone gets an error', async () => {
    const ana = await server.signUp('batch_ana');
    const ben = await server.signUp('batch_ben');
    const cid = await server.signUp('batch_cid');
    const anaSocket = await server.connect(ana.token);
    const cidSocket = await server.connect(cid.token);
    const benSocket = await server.connect(ben.token);
    const atBen = collect(benSocket, 'newDirectMessage');

    await refusing('direct_messages', `new.content = '${POISON}'`, async () => {
      // Emitted at once, so the server reads them in the same turn; the first of each pair
      // also creates its conversation.
      const acks = await Promise.all([
        emitAck<Ack>(anaSocket, 'sendDirectMessage', { recipientId: ben.user.id, content: 'one' }),
        emitAck<Ack>(cidSocket, 'sendDirectMessage', { recipientId: ben.user.id, content: POISON }),
        emitAck<Ack>(anaSocket, 'sendDirectMessage', { recipientId: ben.user.id, content: POISON }),
        emitAck<Ack>(anaSocket, 'sendDirectMessage', { recipientId: ben.user.id, content: 'two' }),
        emitAck<Ack>(cidSocket, 'sendDirectMessage', {
          recipientId: ben.user.id,
          content: 'three',
        }),
      ]);
      expect(acks.map((ack) => ack.success)).toEqual([true, false, false, true, true]);
      expect(acks[1]).toEqual({ success: false, message: 'Something went wrong' });
      expect(acks[2]).toEqual({ success: false, message: 'Something went wrong' });
    });

    await expect.poll(() => atBen.map((m) => m.content).sort()).toEqual(['one', 'three', 'two']);
    const fromAna = await server.request<{ messages: DirectMessage[] }>(
      'GET',
      `/api/direct-messages/conversation/${ana.user.id}`,
      { token: ben.token },
    );
    expect(fromAna.body.messages.map((m) => m.content)).toEqual(['one', 'two']);
    const fromCid = await server.request<{ messages: DirectMessage[] }>(
      'GET',
      `/api/direct-messages/conversation/${cid.user.id}`,
      { token: ben.token },
    );
    expect(fromCid.body.messages.map((m) => m.content)).toEqual(['three']);

    // One unread message notification per conversation, the newest message's; none for the
    // refused ones.
    const unreadMessageNotifications = async () => {
      const list = await server.request<Notification[]>('GET', '/api/notifications', {
        token: ben.token,
      });
      return list.body
        .filter((n) => n.type === 'message' && !n.is_read)
        .map((n) => n.data.sender_id)
        .sort();
    };
    await expect.poll(unreadMessageNotifications).toEqual([ana.user.id, cid.user.id].sort());
  });

  it("store the recipient's notification in the message's transaction, there at the acknowledgement", async () => {
    const dev = await server.signUp('batch_dev');
    const eve = await server.signUp('batch_eve');
    const devSocket = await server.connect(dev.token);
    const eveSocket = await server.connect(eve.token);
    const pushed = nextEvent(eveSocket, 'notification');

    const ack = await emitAck<Ack>(devSocket, 'sendDirectMessage', {
      recipientId: eve.user.id,
      content: 'hello',
    });
    expect(ack.success).toBe(true);
    const list = await server.request<Notification[]>('GET', '/api/notifications', {
      token: eve.token,
    });
    const [stored] = list.body;
    expect(stored).toMatchObject({
      type: 'message',
      message: 'batch_dev sent you a message',
      is_read: false,
      data: {
        conversation_id: ack.success ? ack.message.conversation_id : 0,
        sender_id: dev.user.id,
      },
    });
    // The notification pushed live is the stored row, as `message.direct.created` carried it.
    expect(await pushed).toEqual(stored);
  });

  it('refuse a message whose notification the database refuses: neither is stored', async () => {
    const fay = await server.signUp('batch_fay');
    const gus = await server.signUp('batch_gus');
    const faySocket = await server.connect(fay.token);
    const { db } = server.app.database;
    await refusing('notifications', `new.user_id = ${gus.user.id}`, async () => {
      const ack = await emitAck<Ack>(faySocket, 'sendDirectMessage', {
        recipientId: gus.user.id,
        content: 'lost together',
      });
      expect(ack).toEqual({ success: false, message: 'Something went wrong' });
    });
    const messages = await db
      .selectFrom('direct_messages')
      .select('id')
      .where('recipient_id', '=', gus.user.id)
      .execute();
    const notifications = await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', gus.user.id)
      .execute();
    expect({ messages, notifications }).toEqual({ messages: [], notifications: [] });

    // Once the database takes it, the same message is stored with its notification.
    const ack = await emitAck<Ack>(faySocket, 'sendDirectMessage', {
      recipientId: gus.user.id,
      content: 'stored together',
    });
    expect(ack.success).toBe(true);
    const list = await server.request<Notification[]>('GET', '/api/notifications', {
      token: gus.token,
    });
    expect(list.body.map((n) => n.type)).toEqual(['message']);
  });

  it("keep the conversation's notification unread exactly while a message is, with reads racing sends", async () => {
    const hal = await server.signUp('batch_hal');
    const ivy = await server.signUp('batch_ivy');
    const halSocket = await server.connect(hal.token);
    const { db } = server.app.database;
    const send = (content: string) =>
      emitAck<Ack>(halSocket, 'sendDirectMessage', { recipientId: ivy.user.id, content });
    const first = await send('first');
    if (!first.success) throw new Error(first.message);
    const conversationId = first.message.conversation_id;
    const read = () =>
      server.request('POST', `/api/direct-messages/mark-read/${conversationId}`, {
        token: ivy.token,
      });
    const unread = async () => {
      const messages = await db
        .selectFrom('direct_messages')
        .select('id')
        .where('conversation_id', '=', conversationId)
        .where('recipient_id', '=', ivy.user.id)
        .where('is_read', '=', 0)
        .execute();
      const notifications = await db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', ivy.user.id)
        .where('type', '=', 'message')
        .where('is_read', '=', 0)
        .execute();
      return { messages: messages.length > 0, notifications: notifications.length };
    };

    for (let round = 0; round < 12; round += 1) {
      // The read goes beside the message, so the server handles the two together: either may
      // commit first, and an unread message must keep its notification, a read one none.
      const [ack, marked] = await Promise.all([send(`message ${round}`), read()]);
      expect([ack.success, marked.status]).toEqual([true, 200]);
      const state = await unread();
      expect(state.notifications).toBe(state.messages ? 1 : 0);
    }
    await read();
    expect(await unread()).toEqual({ messages: false, notifications: 0 });
  });
});
