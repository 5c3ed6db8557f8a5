/**
 * The realtime layer (ARCHITECTURE.md "Layout"; CONTRACT.md "Socket.IO"), in three pieces as
 * Outline has them: connections and handshake auth with presence (`connection.ts`), one
 * dispatcher from domain events to rooms (`dispatcher.ts`), and the client event handlers that
 * validate and call services (`handlers.ts`), behind the flood limits of `socket-limits.ts`;
 * each connection's packets leave once a turn, in one write (`coalesced-writes.ts`). The Socket.IO
 * server is created before the services (they take its presence and disconnection ports) and
 * served once they exist.
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { DomainEventBus } from '../lib/events.js';
import { coalesceWrites, type EngineConnection } from './coalesced-writes.js';
import { acceptConnections, type ConnectionDeps } from './connection.js';
import { dispatchDomainEvents } from './dispatcher.js';
import { registerClientHandlers, type HandlerDeps } from './handlers.js';
import { userRoom, type RealtimeServer } from './rooms.js';
import { limitEventRate, MAX_FRAME_BYTES, type EventRate } from './socket-limits.js';

export type { RealtimeServer } from './rooms.js';

export type RealtimeDeps = ConnectionDeps &
  HandlerDeps & {
    events: DomainEventBus;
    log: FastifyBaseLogger;
    /** Each socket's event rate, or null for none (RATE_LIMITS=off). */
    eventRate: EventRate | null;
  };

/**
 * The Socket.IO server before it serves anyone, with the ports the services take from it: it is
 * created before them (presence and disconnection need only its rooms), and
 * {@link serveRealtime} starts it once the services its handlers call exist.
 */
export interface SocketServer {
  io: RealtimeServer;
  /** For the users module: whether a member has a socket on any node. */
  presence: { isOnline(userId: number): Promise<boolean> };
  /** For the admin module: disconnects every socket of a member on every node. */
  sockets: { disconnect(userId: number): void };
  /** Refuses every connection from now on (a shutdown); the client retries elsewhere. */
  refuseConnections(): void;
}

/**
 * Attaches Socket.IO to `httpServer` (frames up to {@link MAX_FRAME_BYTES}); it accepts no
 * socket before {@link serveRealtime} authenticates them (the HTTP server listens after both).
 */
export function createSocketServer(httpServer: HttpServer): SocketServer {
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
  return {
    io,
    presence: {
      isOnline: async (userId) => (await io.in(userRoom(userId)).fetchSockets()).length > 0,
    },
    sockets: { disconnect: (userId) => io.in(userRoom(userId)).disconnectSockets(true) },
    refuseConnections() {
      closing = true;
    },
  };
}

/**
 * Serves sockets on `server`: authenticates handshakes, rate-limits each socket's events,
 * registers the client event handlers and wires domain events to rooms.
 * @returns `disconnect`, the first step of a shutdown: refuses new connections and
 *   disconnects this process's sockets from the server side, so their clients reconnect
 *   (elsewhere, behind a balancer) and the HTTP server can close; `shutdown` then closes
 *   Socket.IO and its adapter.
 */
export function serveRealtime(
  server: SocketServer,
  deps: RealtimeDeps,
): { disconnect: () => Promise<void>; shutdown: () => Promise<void> } {
  const { io } = server;
  const connections = acceptConnections(io, deps, (socket) => {
    if (deps.eventRate) limitEventRate(socket, deps.eventRate, deps.log);
    registerClientHandlers(io, socket, deps);
  });
  dispatchDomainEvents(io, deps.events);

  return {
    /** Stops presence announcements (after those under way), then disconnects local sockets. */
    async disconnect() {
      server.refuseConnections();
      await connections.drain();
      // Only this process's sockets: the adapter's `io.disconnectSockets` would reach every node.
      io.local.disconnectSockets(true);
    },
    /** Closes Socket.IO (and its adapter, before Redis goes). */
    async shutdown() {
      server.refuseConnections();
      await connections.drain();
      await io.close();
    },
  };
}
