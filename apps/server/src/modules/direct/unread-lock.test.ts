/**
 * The lock a message notification is written under (direct.repository lockUnreadMessages,
 * issue 18): it answers the messages still unread and holds them until the caller commits, so a
 * mark-read cannot slip in between. On SQLite it holds the file's write lock without rewriting
 * the messages (that rewrite cost a WAL write of their pages for every notification batch).
 */
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage } from '@gameon/shared';
import { emitAck, startServer, type TestServer } from '../../../test/harness.js';
import { lockUnreadMessages } from './direct.repository.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Ack = { success: true; message: DirectMessage };

describe('locking unread direct messages', () => {
  it('answers the unread ones and holds the lock until the transaction ends', async () => {
    const sender = await server.signUp('lock_sender');
    const recipient = await server.signUp('lock_recipient');
    const socket = await server.connect(sender.token);
    const send = async (content: string) =>
      (
        await emitAck<Ack>(socket, 'sendDirectMessage', {
          recipientId: recipient.user.id,
          content,
        })
      ).message.id;
    const read = await send('read already');
    const unread = await send('still unread');
    const { db, dialect } = server.app.database;
    await db.updateTable('direct_messages').set({ is_read: 1 }).where('id', '=', read).execute();

    await db.transaction().execute(async (trx) => {
      const changesBefore = dialect === 'sqlite' ? await totalChanges(trx) : 0;
      expect(await lockUnreadMessages(trx, [read, unread])).toEqual(new Set([unread]));
      if (dialect !== 'sqlite') return;
      // Nothing rewritten, and another connection to the file cannot write meanwhile.
      expect(await totalChanges(trx)).toBe(changesBefore);
      const other = new SQLite(server.databaseUrl.replace(/^sqlite:/, ''));
      try {
        other.pragma('busy_timeout = 0');
        expect(() => other.exec('begin immediate')).toThrow(/locked|busy/i);
      } finally {
        other.close();
      }
    });
  });
});

/** SQLite's count of rows changed on the connection of `trx` since it opened. */
async function totalChanges(trx: Parameters<typeof lockUnreadMessages>[0]): Promise<number> {
  const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(trx);
  return Number(rows[0]?.n);
}
