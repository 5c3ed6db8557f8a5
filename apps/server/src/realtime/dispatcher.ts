/**
 * The one dispatcher of domain events to sockets (after Outline's
 * `server/queues/processors/WebsocketsProcessor.ts`): each event is mapped to the rooms that
 * hear it and the payload they get (CONTRACT.md "Socket.IO", server to client). It loads
 * nothing and decides nothing: services put in each event what its audience may see.
 * A mapping that throws is logged and counted by the event bus.
 */
import type { DomainEventBus } from '../lib/events.js';
import { sessionRoom, userRoom, type RealtimeServer } from './rooms.js';

/** Subscribes `io` to every domain event that reaches a socket. */
export function dispatchDomainEvents(io: RealtimeServer, events: DomainEventBus): void {
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

  events.on('chat.membership.changed', ({ views }) => {
    for (const { userId, chat } of views) io.to(userRoom(userId)).emit('groupChatUpdated', chat);
  });

  events.on('notification.created', ({ userId, notification }) => {
    io.to(userRoom(userId)).emit('notification', notification);
  });

  // Revoked sessions (logout, reset, password change) lose their sockets on every node.
  events.on('session.revoked', ({ sessionIds }) => {
    io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  });
}
