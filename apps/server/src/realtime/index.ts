/**
 * The realtime layer (ARCHITECTURE.md "Layout"; CONTRACT.md "Socket.IO"), in three pieces as
 * Outline has them: connections and handshake auth with presence (`connection.ts`), one
 * dispatcher from domain events to rooms (`dispatcher.ts`), and the client event handlers that
 * validate and call services (`handlers.ts`), behind the flood limits of `socket-limits.ts`;
 * each connection's packets leave once a turn, in one write (`coalesced-writes.ts`).
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { DomainEventBus } from '../lib/events.js';
import { coalesceWrites, type EngineConnection } from './coalesced-writes.js';
import { acceptConnections, type ConnectionDeps } from './connection.js';
import { dispatchDomainEvents } from './dispatcher.js';
import { registerClientHandlers, type HandlerDeps } from './handlers.js';
import type { RealtimeServer } from './rooms.js';
import { limitEventRate, MAX_FRAME_BYTES, type EventRate } from './socket-limits.js';

export { userRoom, type RealtimeServer } from './rooms.js';

type RealtimeDeps = ConnectionDeps &
  HandlerDeps & {
    events: DomainEventBus;
    log: FastifyBaseLogger;
    /** Each socket's event rate, or null for none (RATE_LIMITS=off). */
    eventRate: EventRate | null;
  };

/**
 * Attaches Socket.IO to `httpServer` (frames up to {@link MAX_FRAME_BYTES}, each socket's events
 * rate-limited) and wires domain events to rooms.
 * @returns `disconnect`, the first step of a shutdown: refuses new connections and
 *   disconnects this process's sockets from the server side, so their clients reconnect
 *   (elsewhere, behind a balancer) and the HTTP server can close; `shutdown` then closes
 *   Socket.IO and its adapter.
 */
export function createRealtime(
  httpServer: HttpServer,
  deps: RealtimeDeps,
): { io: RealtimeServer; disconnect: () => Promise<void>; shutdown: () => Promise<void> } {
  let closing = false;
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_FRAME_BYTES,
    // A process that is shutting down takes no new connection; the client retries elsewhere.
    allowRequest: (_request, callback) => callback(closing ? 'shutting down' : null, !closing),
  });
  io.engine.on('connection', (raw: EngineConnection & { request: unknown }) => {
    // Engine.IO keeps each connection's first HTTP request for the socket's life; nothing here
    // reads it after the handshake (the token comes in the CONNECT packet), so it is dropped to
    // save memory per socket (Socket.IO "Memory usage"; 10,000 sockets must fit in 512 MB).
    raw.request = null;
    coalesceWrites(raw);
  });
  const connections = acceptConnections(io, deps, (socket) => {
    if (deps.eventRate) limitEventRate(socket, deps.eventRate, deps.log);
    registerClientHandlers(io, socket, deps);
  });
  dispatchDomainEvents(io, deps.events);

  return {
    io,
    /** Stops presence announcements (after those under way), then disconnects local sockets. */
    async disconnect() {
      closing = true;
      await connections.drain();
      // Only this process's sockets: the adapter's `io.disconnectSockets` would reach every node.
      io.local.disconnectSockets(true);
    },
    /** Closes Socket.IO (and its adapter, before Redis goes). */
    async shutdown() {
      closing = true;
      await connections.drain();
      await io.close();
    },
  };
}
