/**
 * In-process domain events (ARCHITECTURE.md "How a request flows"): services emit, the
 * realtime module (and later notifications) subscribe, so features do not import each other.
 */
import { EventEmitter } from 'node:events';
import type { GroupMessage } from '@gameon/shared';

export interface DomainEvents {
  /** A group message was stored; `recipientIds`: the members who see it (no block with the sender). */
  'message.group.created': { message: GroupMessage; recipientIds: number[] };
  /** These sessions were revoked (logout, reset, password change): drop their sockets. */
  'session.revoked': { sessionIds: number[] };
  /** A member expressed interest in a post and is now in its group chat. */
  'post.interest': { postId: number; authorId: number; userId: number; groupChatId: number };
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
