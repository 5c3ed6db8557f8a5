/**
 * Direct messages (spec part 1 §2 Messages, §3, §4; CONTRACT.md). Who may message whom
 * (the recipient's `message_requests` and blocks) is the access module's rule, checked for every
 * send and every conversation opened; read state lives on the server.
 */
import type { Kysely } from 'kysely';
import type { DirectConversation, DirectMessage } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import { decodeBeforeIdCursor, encodeBeforeIdCursor } from '../../lib/cursor.js';
import type { DomainEventBus } from '../../lib/events.js';
import { nowIso } from '../../lib/time.js';
import type { AccessService } from '../access/index.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { presentNotification } from '../notifications/index.js';
import * as repo from './direct.repository.js';

const DELETED_USER = 'Deleted user';

/** A direct message row with its sender's name (null once they deleted their account). */
type MessageRow = Awaited<ReturnType<typeof repo.listMessages>>[number];

function present(row: MessageRow): DirectMessage {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    recipient_id: row.recipient_id,
    sender: { id: row.sender_id ?? 0, username: row.sender_username ?? DELETED_USER },
    content: row.content,
    is_read: row.is_read === 1,
    created_at: row.created_at,
  };
}

export function createDirectService({
  db,
  writes,
  limiter,
  events,
  access,
  groupUnread,
}: {
  db: Kysely<DB>;
  /**
   * The messages' and read marks' writes, built for the database at start-up
   * (direct.repository createDirectWrites).
   */
  writes: repo.DirectWrites;
  /** Per-member write limits. */
  limiter: Pick<RateLimiter, 'write'>;
  events: DomainEventBus;
  access: Pick<AccessService, 'requireMayMessage' | 'requireConversation' | 'conversationPartner'>;
  /** Unread group messages over opened chats (the chats service). */
  groupUnread: (userId: number) => Promise<number>;
}) {
  /**
   * @throws AppError 400 oneself, 404 unknown or blocked either way, 403 when the recipient's
   * message_requests refuse the sender (the access module's rule).
   */
  const assertMayMessage = (senderId: number, recipientId: number): Promise<void> =>
    access.requireMayMessage(senderId, recipientId);

  /** @throws AppError 400 invalid cursor. */
  async function page(conversationId: number, limit: number, cursor?: string) {
    const beforeId = decodeBeforeIdCursor(cursor);
    const rows = await repo.listMessages(db, conversationId, limit + 1, beforeId);
    const shown = rows.slice(0, limit);
    const oldest = shown.at(-1);
    return {
      messages: shown.reverse().map(present),
      nextCursor: rows.length > limit && oldest ? encodeBeforeIdCursor(oldest.id) : undefined,
    };
  }

  return {
    assertMayMessage,

    /**
     * Stores and announces a direct message (the first one creates the conversation) with the
     * recipient's message notification, in one transaction with the other messages of its turn
     * (group commit; direct.repository createDirectWrites). A member's messages are handled one
     * after another in the order they were sent (`writes.inOrder`), so they are stored, numbered
     * and delivered in that order even where the database answers their checks out of order
     * (PostgreSQL's pool). `message.direct.created` carries the stored notification (none when
     * the recipient turned messages in the app off).
     * @throws AppError 429 past the member's message limit; AppError 400/403/404 as
     *   {@link assertMayMessage}; the database's error when it refused this message or its
     *   notification (neither is stored; the others of its turn are).
     */
    send(senderId: number, recipientId: number, content: string): Promise<DirectMessage> {
      return writes.inOrder(senderId, async () => {
        await limiter.write('message', senderId);
        await assertMayMessage(senderId, recipientId);
        const stored = await writes.store({
          sender_id: senderId,
          recipient_id: recipientId,
          content,
          created_at: nowIso(),
        });
        const message = present(stored.message);
        const notification = stored.notification && presentNotification(stored.notification);
        events.emit('message.direct.created', { message, recipientId, notification });
        return message;
      });
    },

    /** `GET /direct-messages/conversations` (spec part 1 §3 Direct conversation). */
    async conversations(userId: number): Promise<DirectConversation[]> {
      const rows = await repo.listConversations(db, userId);
      return rows.map((r) => ({
        id: r.id,
        other_user_id: r.other_user_id,
        other_user_username: r.other_user_username ?? DELETED_USER,
        last_message_content: r.last_content,
        last_message: { created_at: r.last_created_at },
        unread_count: Number(r.unread_count ?? 0),
      }));
    },

    /**
     * `GET /direct-messages/conversation/{otherUserId}`: `{messages, conversationId}` (null before
     * any), the newest `limit` messages older than `cursor`, oldest first, and the older page's
     * cursor (CONTRACT.md "Pagination"). Across a block it is empty, as if there were none.
     * @throws AppError 404 'This member is not available' when the other member is suspended,
     * 400 invalid cursor.
     */
    async conversationWith(userId: number, otherUserId: number, limit: number, cursor?: string) {
      const shown = await access.conversationPartner(userId, otherUserId);
      const conversation = await repo.findConversationBetween(db, userId, otherUserId);
      if (!conversation || !shown) {
        return { messages: [], conversationId: null, nextCursor: undefined };
      }
      return { ...(await page(conversation.id, limit, cursor)), conversationId: conversation.id };
    },

    /** `GET /messages/direct/{id}`: a conversation's messages, oldest first. */
    async messages(userId: number, conversationId: number, limit: number, cursor?: string) {
      await access.requireConversation(userId, conversationId);
      return page(conversationId, limit, cursor);
    },

    /**
     * `POST /direct-messages/mark-read/{id}`: the caller read it, and with it the conversation's
     * message notification (so the bell never points at messages already read); the sender is
     * told (messagesRead).
     * @throws AppError 429 past the member's read-mark limit.
     */
    async markRead(userId: number, conversationId: number): Promise<{ success: true }> {
      await limiter.write('readMark', userId);
      const { otherId } = await access.requireConversation(userId, conversationId);
      const lastReadMessageId = await writes.markRead(conversationId, userId);
      if (lastReadMessageId > 0) {
        events.emit('messages.read', {
          conversationId,
          readerId: userId,
          lastReadMessageId,
          otherId,
        });
      }
      return { success: true };
    },

    /** `GET /messages/unread-count`: direct plus opened group chats (spec part 1 §4 Messages). */
    async unreadTotal(userId: number): Promise<{ total: number }> {
      const [direct, group] = await Promise.all([
        repo.unreadCount(db, userId),
        groupUnread(userId),
      ]);
      return { total: direct + group };
    },
  };
}

export type DirectService = ReturnType<typeof createDirectService>;
