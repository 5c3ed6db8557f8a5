/**
 * Direct messages read in one turn are stored together (group commit, issue 18), each on its
 * own: a message the database refuses fails alone. The refusal is real: a trigger makes the
 * database reject one content, as a constraint would. On SQLite each message's notification is
 * stored in the same transaction, and commits or fails with it.
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

/** Makes the database refuse a direct message whose content is {@link POISON} while `work` runs. */
async function refusingPoison(work: () => Promise<void>) {
  const { db, dialect } = server.app.database;
  if (dialect === 'sqlite') {
    await sql`create trigger refuse_poison before insert on direct_messages
      when new.content = ${sql.lit(POISON)} begin select raise(abort, 'poison'); end`.execute(db);
  } else {
    await sql`create function refuse_poison() returns trigger language plpgsql as $$
      begin if new.content = ${sql.lit(POISON)} then raise exception 'poison'; end if;
      return new; end $$`.execute(db);
    await sql`create trigger refuse_poison before insert on direct_messages
      for each row execute function refuse_poison()`.execute(db);
  }
  try {
    await work();
  } finally {
    await sql`drop trigger refuse_poison${sql.raw(dialect === 'sqlite' ? '' : ' on direct_messages')}`.execute(
      db,
    );
    if (dialect !== 'sqlite') await sql`drop function refuse_poison()`.execute(db);
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

    await refusingPoison(async () => {
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

  const onSqlite = process.env.TEST_DIALECT !== 'postgres';

  it.runIf(onSqlite)(
    "store the recipient's notification in the message's transaction, there at the acknowledgement",
    async () => {
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
      expect(await pushed).toEqual(stored);
    },
  );

  it.runIf(onSqlite)('refuse a message whose notification the database refuses', async () => {
    const fay = await server.signUp('batch_fay');
    const gus = await server.signUp('batch_gus');
    const faySocket = await server.connect(fay.token);
    const { db } = server.app.database;
    await sql`create trigger refuse_notification before insert on notifications
      when new.user_id = ${sql.lit(gus.user.id)} begin select raise(abort, 'no'); end`.execute(db);
    try {
      const ack = await emitAck<Ack>(faySocket, 'sendDirectMessage', {
        recipientId: gus.user.id,
        content: 'lost together',
      });
      expect(ack).toEqual({ success: false, message: 'Something went wrong' });
    } finally {
      await sql`drop trigger refuse_notification`.execute(db);
    }
    const thread = await server.request<{ messages: DirectMessage[] }>(
      'GET',
      `/api/direct-messages/conversation/${fay.user.id}`,
      { token: gus.token },
    );
    expect(thread.body.messages).toEqual([]);
  });
});
