/**
 * Connections (after Outline's `server/services/websockets.ts`): the handshake token decides who
 * a socket is (ARCHITECTURE.md "Fixed decisions"), every socket joins its member's and its
 * session's rooms, and the member's followers hear when they come online or go offline.
 */
import { SOCKET_UNAUTHORIZED } from '@gameon/shared';
import type { HandlerFailures } from '../lib/events.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { UsersService } from '../modules/users/users.service.js';
import { sessionRoom, userRoom, type RealtimeServer, type RealtimeSocket } from './rooms.js';

export interface ConnectionDeps {
  auth: Pick<AuthService, 'authenticate'>;
  users: Pick<UsersService, 'presenceAudience'>;
  failures: HandlerFailures;
  /**
   * Resolves once the rooms joined so far receive what other processes send to them (the Redis
   * adapter's subscriptions); absent with a single process.
   */
  roomsSubscribed?: () => Promise<void>;
}

/**
 * Authenticates every handshake by `auth.token` (a missing or bad token gets `connect_error`
 * `unauthorized`, CONTRACT.md), joins each accepted socket to `user:{id}` and `session:{id}`
 * before the client hears it is connected (so nothing sent to those rooms from any process after
 * that is missed), announces presence and hands the socket to `onConnection` for its client handlers.
 * @returns `drain`, which stops presence announcements and waits for those under way (call it
 *   before closing the server, while Redis is still there).
 */
export function acceptConnections(
  io: RealtimeServer,
  { auth, users, failures, roomsSubscribed }: ConnectionDeps,
  onConnection: (socket: RealtimeSocket) => void,
): { drain: () => Promise<void> } {
  let closing = false;
  const pending = new Set<Promise<void>>();

  /**
   * Tells the member's followers (when they show their online status) that they came online
   * with their first socket or went offline with their last, counted across nodes.
   */
  async function announce(userId: number, connecting: boolean): Promise<void> {
    const sockets = await io.in(userRoom(userId)).fetchSockets();
    if (connecting ? sockets.length !== 1 : sockets.length !== 0) return;
    const audience = await users.presenceAudience(userId);
    if (audience.length > 0)
      io.to(audience.map(userRoom)).emit('presence', { userId, online: connecting });
  }

  function announcePresence(userId: number, connecting: boolean): void {
    // Sockets closed by a shutdown are not "going offline", and Redis may already be gone.
    if (closing) return;
    const work = announce(userId, connecting)
      .catch((error: unknown) => failures.record('presence', userId, error))
      .finally(() => pending.delete(work));
    pending.add(work);
  }

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (typeof token !== 'string') return next(new Error(SOCKET_UNAUTHORIZED));
    const accept = async (): Promise<Error | undefined> => {
      const principal = await auth.authenticate(token);
      if (!principal) return new Error(SOCKET_UNAUTHORIZED);
      socket.data = principal;
      // Joined in the handshake, not on `connection`: a socket whose client leaves before the
      // handshake ends is cleaned out of its rooms by Socket.IO.
      await socket.join([userRoom(principal.userId), sessionRoom(principal.sessionId)]);
      await roomsSubscribed?.();
      return undefined;
    };
    accept().then(next, (error: unknown) => {
      failures.record('connection', null, error);
      next(new Error(SOCKET_UNAUTHORIZED));
    });
  });

  io.on('connection', (socket: RealtimeSocket) => {
    const { userId } = socket.data;
    announcePresence(userId, true);
    socket.on('disconnect', () => announcePresence(userId, false));
    onConnection(socket);
  });

  return {
    async drain() {
      closing = true;
      await Promise.allSettled([...pending]);
    },
  };
}
