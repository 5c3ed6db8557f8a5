/**
 * A failing event handler is logged with its event and member and counted, never swallowed.
 * The failure is real: a table the handler needs is renamed away for the moment, as
 * when a database loses a table under a running server; refusals are not failures.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DirectMessage } from '@gameon/shared';
import { emitAck, startServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

/** Renames `table` away while `work` runs, then back. */
async function withoutTable(table: string, work: () => Promise<void>) {
  const { db } = server.app.database;
  const away = `${table}_away`;
  await sql`alter table ${sql.table(table)} rename to ${sql.table(away)}`.execute(db);
  try {
    await work();
  } finally {
    await sql`alter table ${sql.table(away)} rename to ${sql.table(table)}`.execute(db);
  }
}

type SendAck = { success: true; message: DirectMessage } | { success: false; message: string };

describe('failing event handlers', () => {
  it('a client event whose service fails answers without internals, and is logged and counted', async () => {
    const sender = await server.signUp('failing_sender');
    const recipient = await server.signUp('failing_recipient');
    const socket = await server.connect(sender.token);
    const logged = vi.spyOn(server.app.log, 'error');
    const failures = server.app.handlerFailures;

    // A refusal is an answer, not a failure.
    const refused = await emitAck<SendAck>(socket, 'sendDirectMessage', {
      recipientId: sender.user.id,
      content: 'to myself',
    });
    expect(refused).toEqual({ success: false, message: 'You cannot message yourself' });
    expect(failures.count('sendDirectMessage')).toBe(0);

    await withoutTable('direct_messages', async () => {
      const failed = await emitAck<SendAck>(socket, 'sendDirectMessage', {
        recipientId: recipient.user.id,
        content: 'hello?',
      });
      expect(failed).toEqual({ success: false, message: 'Something went wrong' });
    });
    expect(failures.count('sendDirectMessage')).toBe(1);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({
        err: expect.any(Error) as unknown,
        event: 'sendDirectMessage',
        memberId: sender.user.id,
      }),
      'event handler failed',
    );

    const sent = await emitAck<SendAck>(socket, 'sendDirectMessage', {
      recipientId: recipient.user.id,
      content: 'hello again',
    });
    expect(sent.success).toBe(true);
    expect(failures.count('sendDirectMessage')).toBe(1);
  });

  it('a notification subscriber that fails does not fail the follow, and is logged and counted', async () => {
    const star = await server.signUp('failing_star');
    const fan = await server.signUp('failing_fan');
    const logged = vi.spyOn(server.app.log, 'error');
    const failures = server.app.handlerFailures;

    await withoutTable('notifications', async () => {
      const followed = await server.request('POST', `/api/users/${star.user.id}/follow`, {
        token: fan.token,
      });
      expect(followed.status).toBe(200);
      await expect.poll(() => failures.count('follow.created')).toBe(1);
    });
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({
        err: expect.any(Error) as unknown,
        event: 'follow.created',
        memberId: fan.user.id,
      }),
      'event handler failed',
    );
  });
});
