/**
 * Direct messages read in one turn are stored together (group commit, issue 18), each on its
 * own: a message the database refuses fails alone. The refusal is real: a trigger makes the
 * database reject one content, as a constraint would.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage } from '@gameon/shared';
import { collect, emitAck, startServer, type TestServer } from '../../../test/harness.js';

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
  });
});
