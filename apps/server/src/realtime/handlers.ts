/**
 * Client event handlers (CONTRACT.md "Socket.IO", client to server): each parses its payload
 * with the shared schema (`clientEventSchemas`), acts as the socket's authenticated member
 * through a service (never the database), and answers its acknowledgement.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { clientEventSchemas } from '@gameon/shared';
import { AppError, badRequest } from '../lib/errors.js';
import type { HandlerFailures } from '../lib/events.js';
import { findUnsafeText } from '../lib/http.js';
import type { ChatsService } from '../modules/chats/chats.service.js';
import type { DirectService } from '../modules/direct/direct.service.js';
import { groupRoom, userRoom, type RealtimeServer, type RealtimeSocket } from './rooms.js';
import { describeClientValue } from './socket-limits.js';

export interface HandlerDeps {
  chats: Pick<ChatsService, 'assertMember' | 'sendMessage' | 'typingRecipients'>;
  direct: Pick<DirectService, 'send' | 'assertMayMessage'>;
  failures: HandlerFailures;
  log: FastifyBaseLogger;
}

type ClientEvent = keyof typeof clientEventSchemas;
type Input<E extends ClientEvent> = z.output<(typeof clientEventSchemas)[E]>;
/** The shared schemas, typed per event so a generic handler gets its event's input. */
const schemas: { [E in ClientEvent]: z.ZodType<Input<E>> } = clientEventSchemas;

type AckReply = (
  response: { success: true; [key: string]: unknown } | { success: false; message: string },
) => void;

/**
 * @throws AppError 400 (the first issue's message) when `payload` does not match the event's
 *   schema, or when its text holds NUL or lone surrogates (as the HTTP routes refuse them).
 */
function parse<E extends ClientEvent>(event: E, payload: unknown): Input<E> {
  if (findUnsafeText(payload) !== null)
    throw badRequest('Text contains characters that are not allowed');
  const result = schemas[event].safeParse(payload);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid input');
  return result.data;
}

/** Registers the client event handlers of one authenticated socket. */
export function registerClientHandlers(
  io: RealtimeServer,
  socket: RealtimeSocket,
  { chats, direct, failures, log }: HandlerDeps,
): void {
  const { userId } = socket.data;

  /**
   * Runs an acknowledged event: `{success: true, ...result}`; a refusal (AppError) answers
   * `{success: false, message}`; any other error is a failure, recorded and answered with a
   * message that reveals no internals.
   */
  function answer<E extends ClientEvent>(
    event: E,
    payload: unknown,
    ack: unknown,
    handle: (input: Input<E>) => Promise<object>,
  ): void {
    const reply: AckReply = typeof ack === 'function' ? (ack as AckReply) : () => {};
    void (async () => {
      try {
        reply({ success: true, ...(await handle(parse(event, payload))) });
      } catch (error) {
        if (error instanceof AppError) return reply({ success: false, message: error.message });
        failures.record(event, userId, error);
        reply({ success: false, message: 'Something went wrong' });
      }
    })();
  }

  /**
   * Runs an event without acknowledgement (typing): an invalid payload or a refusal is dropped
   * without a word, as the spec's clients expect; any other error is a recorded failure.
   */
  function relay<E extends ClientEvent>(
    event: E,
    payload: unknown,
    handle: (input: Input<E>) => Promise<void>,
  ): void {
    void (async () => {
      try {
        await handle(parse(event, payload));
      } catch (error) {
        if (!(error instanceof AppError)) failures.record(event, userId, error);
      }
    })();
  }

  // Kept for the spec's clients; the token, not this id, decides who the socket is.
  socket.on('join', (claimed) => {
    if (claimed !== userId && Number(claimed) !== userId)
      // Never the value itself: a client chooses it, up to a frame's size.
      log.warn(
        { userId, claimed: describeClientValue(claimed) },
        'socket join with another user id ignored',
      );
  });

  socket.on('joinGroupChat', (payload, ack) =>
    answer('joinGroupChat', payload, ack, async (groupChatId) => {
      await chats.assertMember(userId, groupChatId);
      await socket.join(groupRoom(groupChatId));
      return {};
    }),
  );

  socket.on('leaveGroupChat', (payload, ack) =>
    answer('leaveGroupChat', payload, ack, async (groupChatId) => {
      await socket.leave(groupRoom(groupChatId));
      return {};
    }),
  );

  socket.on('sendDirectMessage', (payload, ack) =>
    answer('sendDirectMessage', payload, ack, async ({ recipientId, content }) => ({
      message: await direct.send(userId, recipientId, content),
    })),
  );

  socket.on('sendGroupMessage', (payload, ack) =>
    answer('sendGroupMessage', payload, ack, async ({ groupChatId, content }) => ({
      message: await chats.sendMessage(userId, groupChatId, content),
    })),
  );

  // Typing is relayed to the other side only, and only where a message could go.
  socket.on('directTyping', (payload) =>
    relay('directTyping', payload, async ({ recipientId, isTyping }) => {
      await direct.assertMayMessage(userId, recipientId);
      io.to(userRoom(recipientId)).emit('userDirectTyping', { userId, isTyping });
    }),
  );

  // To every other member's sockets (CONTRACT.md), like the messages themselves.
  socket.on('groupTyping', (payload) =>
    relay('groupTyping', payload, async ({ groupChatId, isTyping }) => {
      const ids = await chats.typingRecipients(userId, groupChatId);
      if (ids.length > 0)
        io.to(ids.map(userRoom)).emit('userGroupTyping', { groupChatId, userId, isTyping });
    }),
  );
}
