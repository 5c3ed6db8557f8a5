/**
 * In-process domain events (ARCHITECTURE.md "How a request flows"): services emit, the
 * realtime module (and later notifications) subscribe, so features do not import each other.
 */
import { EventEmitter } from 'node:events';
import type { DirectMessage, GroupMessage, Notification, UserRef } from '@gameon/shared';

export interface DomainEvents {
  /** A group message was stored; `recipientIds`: the members who see it (no block with the sender). */
  'message.group.created': { message: GroupMessage; recipientIds: number[] };
  /** These sessions were revoked (logout, reset, password change): drop their sockets. */
  'session.revoked': { sessionIds: number[] };
  /** A member expressed interest in a post and is now in its group chat (first time only). */
  'post.interest': {
    postId: number;
    heading: string;
    authorId: number;
    user: UserRef;
    groupChatId: number;
  };
  /** A member started following another (not on a repeated follow). */
  'follow.created': { follower: UserRef; followeeId: number };
  /** A post was created; `lng`/`lat` are the exact point (used only server-side). */
  'post.created': {
    post: { id: number; sport: string; heading: string; lng: number; lat: number };
    author: UserRef;
  };
  /** A direct message was stored. */
  'message.direct.created': { message: DirectMessage; recipientId: number };
  /**
   * `readerId` read a conversation up to `lastReadMessageId`; `otherId` (null once that member
   * deleted their account) is told.
   */
  'messages.read': {
    conversationId: number;
    readerId: number;
    lastReadMessageId: number;
    otherId: number | null;
  };
  /** A notification was stored for `userId`: push it to their sockets. */
  'notification.created': { userId: number; notification: Notification };
}

/** A typed wrapper over EventEmitter; listeners run synchronously in emit order. */
export class DomainEventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): void {
    this.emitter.on(name, listener);
  }
}
