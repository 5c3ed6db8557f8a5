/**
 * The realtime layer (ARCHITECTURE.md "Layout"; CONTRACT.md "Socket.IO"), in three pieces as
 * Outline has them: connections and handshake auth with presence (`connection.ts`), one
 * dispatcher from domain events to rooms (`dispatcher.ts`), and the client event handlers that
 * validate and call services (`handlers.ts`).
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { DomainEventBus } from '../lib/events.js';
import { acceptConnections, type ConnectionDeps } from './connection.js';
import { dispatchDomainEvents } from './dispatcher.js';
import { registerClientHandlers, type HandlerDeps } from './handlers.js';
import type { RealtimeServer } from './rooms.js';

export { userRoom, type RealtimeServer } from './rooms.js';

type RealtimeDeps = ConnectionDeps & HandlerDeps & { events: DomainEventBus };

/** Attaches Socket.IO to `httpServer` and wires domain events to rooms; `shutdown` closes it. */
export function createRealtime(
  httpServer: HttpServer,
  deps: RealtimeDeps,
): { io: RealtimeServer; shutdown: () => Promise<void> } {
  const io: RealtimeServer = new Server(httpServer, { path: '/socket.io', serveClient: false });
  const connections = acceptConnections(io, deps, (socket) =>
    registerClientHandlers(io, socket, deps),
  );
  dispatchDomainEvents(io, deps.events);

  return {
    io,
    /** Closes every socket, after letting presence lookups under way finish (before Redis goes). */
    async shutdown() {
      await connections.drain();
      await io.close();
    },
  };
}
