/**
 * The typed Socket.IO server and socket of GameOn (event maps from `packages/shared`), and the
 * room names every realtime piece agrees on (CONTRACT.md "Socket.IO").
 */
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@gameon/shared';
import type { Principal } from '../modules/auth/auth.service.js';

/** What the handshake stored on a socket: the member and session its token belongs to. */
type SocketData = Principal;

/** Events between server processes, through the adapter's `serverSideEmit` (peers.ts). */
export interface InterServerEvents {
  sessionsRevoked: (sessionIds: readonly number[]) => void;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** Every socket of a member (all their sessions and tabs). */
export const userRoom = (userId: number) => `user:${userId}`;
/** The sockets of one session, dropped when it is revoked. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** The sockets that joined a group chat with `joinGroupChat` (members only). */
export const groupRoom = (groupChatId: number) => `group:${groupChatId}`;
