/**
 * Each connection's packets of one turn leave in one socket write (coalesced-writes.ts), in
 * order, over WebSocket and over polling and its upgrade.
 */
import type { Socket as NetSocket } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage } from '@gameon/shared';
import {
  collect,
  emitAck,
  nextEvent,
  startServer,
  type ClientSocket,
  type TestServer,
} from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** The server's TCP socket of `client`'s WebSocket connection (ws keeps it in `_socket`). */
function serverTcp(client: ClientSocket): NetSocket {
  const id = client.io.engine.id;
  // Engine.IO's table of connections by id (protected in its types).
  const { clients } = server.app.io.engine as unknown as {
    clients: Record<string, { transport: { socket: { _socket: NetSocket } } }>;
  };
  const connection = clients[id];
  if (!connection) throw new Error(`no engine connection ${id}`);
  return connection.transport.socket._socket;
}

/** Counts the writes `tcp` hands to the kernel (one chunk or several gathered). */
function countWrites(tcp: NetSocket): { count: number } {
  const counter = { count: 0 };
  const raw = tcp as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  for (const method of ['_write', '_writev'] as const) {
    const original = raw[method].bind(tcp);
    raw[method] = (...args: unknown[]) => {
      counter.count += 1;
      return original(...args);
    };
  }
  return counter;
}

describe('coalesced socket writes', () => {
  it("a direct message's acknowledgement and directMessageDelivered reach the sender in one write", async () => {
    const sender = await server.signUp('coalesce_sender');
    const recipient = await server.signUp('coalesce_recipient');
    const socket = await server.connect(sender.token);
    const writes = countWrites(serverTcp(socket));

    const delivered = nextEvent(socket, 'directMessageDelivered');
    const answer = await emitAck<{ success: boolean; message: DirectMessage }>(
      socket,
      'sendDirectMessage',
      { recipientId: recipient.user.id, content: 'one write' },
    );
    const echoed = await delivered;

    expect(answer.success).toBe(true);
    expect(echoed.id).toBe(answer.message.id);
    expect(writes.count).toBe(1);
  });

  it('packets of one turn arrive in the order they were made, in one write', async () => {
    const member = await server.signUp('coalesce_order');
    const socket = await server.connect(member.token);
    const writes = countWrites(serverTcp(socket));
    const seen = collect(socket, 'groupChatRemoved');
    const last = new Promise<void>((resolve) =>
      socket.on('groupChatRemoved', ({ groupChatId }) => groupChatId === 5 && resolve()),
    );

    const room = server.app.io.to(`user:${member.user.id}`);
    for (let groupChatId = 1; groupChatId <= 5; groupChatId += 1)
      room.emit('groupChatRemoved', { groupChatId });
    await last;

    expect(seen.map((e) => e.groupChatId)).toEqual([1, 2, 3, 4, 5]);
    expect(writes.count).toBe(1);
  });

  it('a connection that starts on polling gets its packets before and after the upgrade', async () => {
    const member = await server.signUp('coalesce_polling');
    const socket: ClientSocket = io(server.url, {
      path: '/socket.io',
      reconnection: false,
      forceNew: true,
      auth: { token: member.token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const room = server.app.io.to(`user:${member.user.id}`);
      const onPolling = nextEvent(socket, 'groupChatRemoved');
      room.emit('groupChatRemoved', { groupChatId: 1 });
      expect(await onPolling).toEqual({ groupChatId: 1 });

      if (socket.io.engine.transport.name !== 'websocket')
        await new Promise((resolve) => socket.io.engine.once('upgrade', resolve));
      const seen = collect(socket, 'groupChatRemoved');
      const both = new Promise<void>((resolve) =>
        socket.on('groupChatRemoved', ({ groupChatId }) => groupChatId === 3 && resolve()),
      );
      room.emit('groupChatRemoved', { groupChatId: 2 });
      room.emit('groupChatRemoved', { groupChatId: 3 });
      await both;
      expect(seen).toEqual([{ groupChatId: 2 }, { groupChatId: 3 }]);
    } finally {
      socket.disconnect();
    }
  });
});
