/**
 * Direct messages (spec part 1 §2 Messages, §3, §4; CONTRACT.md). Who may message whom
 * (the recipient's `message_requests` and blocks) is the access module's rule, checked for every
 * send and every conversation opened; read state lives on the server.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DirectConversation, DirectMessage, Notification } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import type { BatchConnection } from '../../db/write-batch.js';
import { decodeBeforeIdCursor, encodeBeforeIdCursor } from '../../lib/cursor.js';
import type { DomainEventBus } from '../../lib/events.js';
import { nowIso } from '../../lib/time.js';
import type { AccessService } from '../access/index.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import * as repo from './direct.repository.js';

const DELETED_USER = 'Deleted user';

/** A direct message row with its sender's name (null once they deleted their account). */
type MessageRow = Awaited<ReturnType<typeof repo.listMessages>>[number];

/**
 * A message as stored and presented, with the recipient's notification when it was stored in the
 * same transaction (see `messageNotificationInBatch`).
 */
interface Stored {
  message: DirectMessage;
  notification?: Notification;
}

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
  limiter,
  events,
  access,
  groupUnread,
  conversationRead,
  messageNotificationInBatch,
}: {
  db: Kysely<DB>;
  /** Per-member write limits. */
  limiter: Pick<RateLimiter, 'write'>;
  events: DomainEventBus;
  access: Pick<AccessService, 'requireMayMessage' | 'requireConversation' | 'conversationPartner'>;
  /** Unread group messages over opened chats (the chats service). */
  groupUnread: (userId: number) => Promise<number>;
  /**
   * Marks `userId`'s message notification of a conversation read, in the caller's transaction
   * (the notifications service; passed in, so this module does not import it).
   */
  conversationRead: (trx: Transaction<DB>, userId: number, conversationId: number) => Promise<void>;
  /**
   * Stores the recipient's notification of `message` in the write batch that stored it (the
   * notifications service; passed in like `conversationRead`).
   */
  messageNotificationInBatch: (
    connection: BatchConnection,
    message: DirectMessage,
    recipientId: number,
  ) => Notification;
}) {
  /**
   * @throws AppError 400 oneself, 404 unknown or blocked either way, 403 when the recipient's
   * message_requests refuse the sender (the access module's rule).
   */
  const assertMayMessage = (senderId: number, recipientId: number): Promise<void> =>
    access.requireMayMessage(senderId, recipientId);

  /**
   * Messages waiting for their turn's group commit: the messages read from every
   * socket in one turn of the event loop are stored in one transaction with their recipients'
   * notifications, written right after the turn's input (`setImmediate`); one that the database
   * refuses fails alone (db/write-batch.ts).
   */
  let queued: { row: repo.NewDirectMessage; done: (stored: Promise<Stored>) => void }[] = [];

  // eslint-disable-next-line @typescript-eslint/require-await -- a rejected promise of `error`
  const refused = async (error: unknown): Promise<Stored> => {
    throw error;
  };

  /** Stores the {@link queued} messages and settles each one's promise with its own outcome. */
  function writeQueued(): void {
    const batch = queued;
    queued = [];
    let results: ReturnType<typeof repo.insertMessagesBetween<Stored>>;
    try {
      results = repo.insertMessagesBetween(
        db,
        batch.map(({ row }) => row),
        (connection, stored): Stored => {
          const message = present(stored);
          const notification = messageNotificationInBatch(connection, message, stored.recipient_id);
          return { message, notification };
        },
      );
    } catch (error) {
      for (const { done } of batch) done(refused(error));
      return;
    }
    // No batch on PostgreSQL, or when it could not commit: one message at a time (a sender's
    // messages are never in one batch together: see inOrder), their notifications written by
    // the notifications service.
    if (!results)
      for (const { row, done } of batch)
        done(repo.storeMessage(db, row).then((stored) => ({ message: present(stored) })));
    else
      results.forEach((result, i) =>
        batch[i]?.done(result.ok ? Promise.resolve(result.value) : refused(result.error)),
      );
  }

  /**
   * Stores `row` with the others of this turn (see {@link queued}).
   * @returns the stored message (and on SQLite its notification); rejects with the error that
   *   refused it alone.
   */
  function storeMessage(row: repo.NewDirectMessage): Promise<Stored> {
    return new Promise((resolve) => {
      queued.push({ row, done: resolve });
      if (queued.length === 1) setImmediate(writeQueued);
    });
  }

  /** Each sender's send still running, the last one asked for ({@link inOrder}). */
  const sending = new Map<number, Promise<unknown>>();

  /**
   * Runs `work` for `senderId` once the sender's earlier sends have settled, whatever their
   * outcome: one member's messages one after another, different members' side by side.
   * @returns what `work` answers; rejects as it does.
   */
  function inOrder<T>(senderId: number, work: () => Promise<T>): Promise<T> {
    const current = (sending.get(senderId) ?? Promise.resolve()).then(work);
    const settled = current.then(
      () => undefined,
      () => undefined,
    );
    sending.set(senderId, settled);
    void settled.then(() => {
      if (sending.get(senderId) === settled) sending.delete(senderId);
    });
    return current;
  }

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
     * Stores and announces a direct message (the first one creates the conversation), in one
     * transaction with the other messages of its turn (group commit). A member's
     * messages are handled one after another in the order they were sent ({@link inOrder}), so
     * they are stored, numbered and delivered in that order even where the database answers
     * their checks out of order (PostgreSQL's pool).
     * @throws AppError 429 past the member's message limit; AppError 400/403/404 as
     *   {@link assertMayMessage}; the database's error when it refused this message (the others
     *   of its turn are stored all the same).
     */
    send(senderId: number, recipientId: number, content: string): Promise<DirectMessage> {
      return inOrder(senderId, async () => {
        await limiter.write('message', senderId);
        await assertMayMessage(senderId, recipientId);
        const row = {
          sender_id: senderId,
          recipient_id: recipientId,
          content,
          created_at: nowIso(),
        };
        const { message, notification } = await storeMessage(row);
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
      // Messages first, then the notification: the same order as a new message's notification
      // (see notifications.service), so the two never leave an unread notification behind.
      const lastReadMessageId = await db.transaction().execute(async (trx) => {
        const last = await repo.markRead(trx, conversationId, userId);
        await conversationRead(trx, userId, conversationId);
        return last;
      });
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

    /**
     * Runs `work` in a transaction that holds the direct messages `messageIds` locked while they
     * are unread, so a concurrent mark-read waits for it (the notifications service replaces
     * message notifications this way, a batch at a time).
     * @returns what `work` returns; `work` gets the ids still unread.
     */
    async whileUnread<T>(
      messageIds: number[],
      work: (trx: Transaction<DB>, unread: Set<number>) => Promise<T>,
    ) {
      return db
        .transaction()
        .execute(async (trx) => work(trx, await repo.lockUnreadMessages(trx, messageIds)));
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
