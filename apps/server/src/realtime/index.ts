/**
 * Socket.IO server (CONTRACT.md "Socket.IO"; ARCHITECTURE.md): the handshake token decides who
 * a socket is; every socket joins `user:{id}` and `session:{id}`; group events check membership
 * through the chats service on every call; domain events are pushed to the members' rooms.
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import {
  idSchema,
  directTypingPayloadSchema,
  groupTypingPayloadSchema,
  sendDirectMessagePayloadSchema,
  sendGroupMessagePayloadSchema,
  SOCKET_UNAUTHORIZED,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@gameon/shared';
import { AppError } from '../lib/errors.js';
import { findUnsafeText } from '../lib/http.js';
import type { DomainEventBus } from '../lib/events.js';
import type { AuthService, Principal } from '../modules/auth/auth.service.js';
import type { ChatsService } from '../modules/chats/chats.service.js';
import type { DirectService } from '../modules/direct/direct.service.js';
import type { UsersService } from '../modules/users/users.service.js';

type SocketData = Principal;
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type AppSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
export const groupRoom = (groupChatId: number) => `group:${groupChatId}`;

interface RealtimeDeps {
  auth: AuthService;
  chats: ChatsService;
  direct: DirectService;
  users: Pick<UsersService, 'presenceAudience'>;
  events: DomainEventBus;
  log: FastifyBaseLogger;
}

type AckFn = (
  response: { success: true; [key: string]: unknown } | { success: false; message: string },
) => void;

/** Runs `work` and answers the acknowledgement, turning errors into `{success: false, message}`. */
async function acknowledge(
  log: FastifyBaseLogger,
  ack: unknown,
  payload: unknown,
  work: () => Promise<object>,
) {
  const reply: AckFn = typeof ack === 'function' ? (ack as AckFn) : () => {};
  try {
    if (findUnsafeText(payload) !== null)
      throw new AppError('bad_request', 400, 'Text contains characters that are not allowed');
    reply({ success: true, ...(await work()) });
  } catch (error) {
    if (error instanceof AppError) {
      reply({ success: false, message: error.message });
    } else {
      log.error({ err: error }, 'socket handler failed');
      reply({ success: false, message: 'Something went wrong' });
    }
  }
}

function parseOrThrow<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
): T {
  if (!result.success)
    throw new AppError('bad_request', 400, result.error.issues[0]?.message ?? 'Invalid input');
  return result.data;
}

/** Attaches Socket.IO to `httpServer` and wires domain events to rooms; `shutdown` closes it. */
export function createRealtime(
  httpServer: HttpServer,
  { auth, chats, direct, users, events, log }: RealtimeDeps,
): { io: RealtimeServer; shutdown: () => Promise<void> } {
  const io: RealtimeServer = new Server(httpServer, { path: '/socket.io', serveClient: false });

  /**
   * Tells the member's followers (when they show their online status) that they came online
   * with their first socket or went offline with their last, counted across nodes.
   */
  let closing = false;
  const pending = new Set<Promise<void>>();

  function announcePresence(userId: number, connecting: boolean): void {
    // Sockets closed by a shutdown are not "going offline", and Redis may already be gone.
    if (closing) return;
    const work = announce(userId, connecting).finally(() => pending.delete(work));
    pending.add(work);
  }

  async function announce(userId: number, connecting: boolean) {
    try {
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      if (connecting ? sockets.length !== 1 : sockets.length !== 0) return;
      const audience = await users.presenceAudience(userId);
      if (audience.length > 0)
        io.to(audience.map(userRoom)).emit('presence', { userId, online: connecting });
    } catch (error) {
      log.error({ err: error }, 'presence announcement failed');
    }
  }

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (typeof token !== 'string') return next(new Error(SOCKET_UNAUTHORIZED));
    auth.authenticate(token).then(
      (principal) => {
        if (!principal) return next(new Error(SOCKET_UNAUTHORIZED));
        socket.data = principal;
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'socket authentication failed');
        next(new Error(SOCKET_UNAUTHORIZED));
      },
    );
  });

  io.on('connection', (socket: AppSocket) => {
    const { userId, sessionId } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    announcePresence(userId, true);
    socket.on('disconnect', () => announcePresence(userId, false));

    // Kept for the spec's clients; the token, not this id, decides who the socket is.
    socket.on('join', (claimed) => {
      if (claimed !== userId && Number(claimed) !== userId) {
        log.warn({ userId, claimed }, 'socket join with another user id ignored');
      }
    });

    socket.on('joinGroupChat', (rawId, ack) => {
      void acknowledge(log, ack, rawId, async () => {
        const groupChatId = parseOrThrow(idSchema.safeParse(rawId));
        await chats.assertMember(userId, groupChatId);
        await socket.join(groupRoom(groupChatId));
        return {};
      });
    });

    socket.on('leaveGroupChat', (rawId, ack) => {
      void acknowledge(log, ack, rawId, async () => {
        const groupChatId = parseOrThrow(idSchema.safeParse(rawId));
        await socket.leave(groupRoom(groupChatId));
        return {};
      });
    });

    socket.on('sendDirectMessage', (payload, ack) => {
      void acknowledge(log, ack, payload, async () => {
        const { recipientId, content } = parseOrThrow(
          sendDirectMessagePayloadSchema.safeParse(payload),
        );
        return { message: await direct.send(userId, recipientId, content) };
      });
    });

    // Typing is relayed to the other side only, and only where a message could go.
    socket.on('directTyping', (payload) => {
      const parsed = directTypingPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { recipientId, isTyping } = parsed.data;
      direct.assertMayMessage(userId, recipientId).then(
        () => io.to(userRoom(recipientId)).emit('userDirectTyping', { userId, isTyping }),
        () => undefined,
      );
    });

    socket.on('groupTyping', (payload) => {
      const parsed = groupTypingPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { groupChatId, isTyping } = parsed.data;
      // To every other member's sockets (CONTRACT.md), like the messages themselves.
      chats.typingRecipients(userId, groupChatId).then(
        (ids) => {
          if (ids.length > 0)
            io.to(ids.map(userRoom)).emit('userGroupTyping', { groupChatId, userId, isTyping });
        },
        () => undefined,
      );
    });

    socket.on('sendGroupMessage', (payload, ack) => {
      void acknowledge(log, ack, payload, async () => {
        const { groupChatId, content } = parseOrThrow(
          sendGroupMessagePayloadSchema.safeParse(payload),
        );
        return { message: await chats.sendMessage(userId, groupChatId, content) };
      });
    });
  });

  events.on('message.group.created', ({ message, recipientIds }) => {
    io.to(recipientIds.map(userRoom)).emit('newGroupMessage', message);
    if (message.sender_id !== null)
      io.to(userRoom(message.sender_id)).emit('messageDelivered', message);
  });

  events.on('message.direct.created', ({ message, recipientId }) => {
    const payload = { ...message, conversationId: message.conversation_id };
    io.to(userRoom(recipientId)).emit('newDirectMessage', payload);
    if (message.sender_id !== null)
      io.to(userRoom(message.sender_id)).emit('directMessageDelivered', payload);
  });

  events.on('messages.read', ({ conversationId, readerId, lastReadMessageId, otherId }) => {
    if (otherId === null) return;
    io.to(userRoom(otherId)).emit('messagesRead', { conversationId, readerId, lastReadMessageId });
  });

  events.on('notification.created', ({ userId, notification }) => {
    io.to(userRoom(userId)).emit('notification', notification);
  });

  events.on('session.revoked', ({ sessionIds }) => {
    io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  });

  return {
    io,
    /** Closes every socket, after letting presence lookups under way finish (before Redis goes). */
    async shutdown() {
      closing = true;
      await Promise.allSettled([...pending]);
      await io.close();
    },
  };
}
