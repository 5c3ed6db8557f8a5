/**
 * Notifications (spec part 1 §2, §3, §4; spec part 2 §4): created by the server only,
 * from domain events (a follow, interest in one's post, a new game near one's home city, a direct
 * message, a game's or an event's cancellation, an event closed by its organizer's suspension), kept
 * per member, and announced as `notification.created` for the realtime module to push.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DirectMessage, Notification } from '@gameon/shared';
import type { DB, NotificationsTable, NotificationType } from '../../db/types.js';
import type { BatchConnection } from '../../db/write-batch.js';
import { decodeBeforeIdCursor, encodeBeforeIdCursor } from '../../lib/cursor.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { DomainEventBus, DomainEvents } from '../../lib/events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { nowIso } from '../../lib/time.js';
import type { DirectService } from '../direct/direct.service.js';
import * as repo from './notifications.repository.js';

/** The notification texts, in one place for the service and the demo data. */
export const notificationText = {
  follow: (follower: string) => `${follower} started following you`,
  interest: (member: string, heading: string) =>
    `${member} is interested in your post "${heading}"`,
  message: (sender: string) => `${sender} sent you a message`,
  nearbyPost: (sport: string, heading: string) => `New ${sport} game near you: ${heading}`,
  gameCancelled: (heading: string) => `The game "${heading}" was cancelled`,
  waitlistPromoted: (heading: string) => `A place opened up: you are in "${heading}"`,
  playerLeft: (member: string, heading: string) => `${member} left your game "${heading}"`,
  eventCancelled: (organizer: string, title: string) => `${organizer} cancelled "${title}"`,
  eventClosed: (title: string) => `"${title}" is closed: its organizer is not available`,
};

/** The most direct-message notifications written in one transaction (bound values stay few). */
const MESSAGE_BATCH = 500;

/**
 * How long, in milliseconds, a batch of direct-message notifications gathers before it is
 * written: a bell's notification may come this much after its message, and under load one
 * transaction carries the messages of this long instead of one turn of the event loop's few
 * (each batch costs a transaction and three statements whatever its size).
 */
const MESSAGE_BATCH_WAIT_MS = 20;

/** A direct message whose notification is still to be written. */
type PendingMessage = DomainEvents['message.direct.created'];

/** A nearby_post goes to members whose home city is within 25 km. */
export const NEARBY_RADIUS_M = 25_000;

function present(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    created_at: row.created_at,
    is_read: row.is_read === 1,
    data: JSON.parse(row.data) as Notification['data'],
  };
}

/**
 * The notifications service. Its domain-event subscribers return their work to the event bus,
 * which logs and counts a failure without failing the action that raised the event.
 */
export function createNotificationsService({
  db,
  events,
  direct,
  limiter,
}: {
  db: Kysely<DB>;
  events: DomainEventBus;
  direct: Pick<DirectService, 'whileUnread'>;
  /** Per-member write limits: read marks. */
  limiter: Pick<RateLimiter, 'write'>;
}) {
  function row(
    userId: number,
    type: NotificationType,
    message: string,
    data: Notification['data'],
    conversationId: number | null = null,
  ) {
    return {
      user_id: userId,
      type,
      message,
      data: JSON.stringify(data),
      conversation_id: conversationId,
      created_at: nowIso(),
    };
  }

  /** The recipient's notification row of a direct message (one per conversation while unread). */
  function messageRow(message: DirectMessage, recipientId: number) {
    return {
      ...row(
        recipientId,
        'message',
        notificationText.message(message.sender.username),
        { conversation_id: message.conversation_id, sender_id: message.sender_id },
        message.conversation_id,
      ),
      type: 'message' as const,
      conversation_id: message.conversation_id,
    };
  }

  /** Pushes each of the stored `rows` live, to its member. */
  function announce(rows: Selectable<NotificationsTable>[]) {
    for (const notification of rows)
      events.emit('notification.created', {
        userId: notification.user_id,
        notification: present(notification),
      });
  }

  /**
   * Tells the members near a new post who play its sport (`nearby_post`): one query finds
   * them all, one batch insert stores their notifications, then each is pushed live. "Near" is
   * measured from the point the host shares (the ~1 km grid point for `general` location
   * sharing), and a game whose place is hidden tells nobody: otherwise members moving their home
   * points between a host's games could work the exact spot back out from who was told.
   */
  async function notifyNearbyMembers({ post, author }: DomainEvents['post.created']) {
    if (!post.publicPoint) return;
    const [lng, lat] = post.publicPoint;
    const members = await repo.nearbyMembers(
      db,
      { authorId: author.id, sport: post.sport, lng, lat },
      NEARBY_RADIUS_M,
    );
    if (members.length === 0) return;
    const message = notificationText.nearbyPost(post.sport, post.heading);
    const data = { post_id: post.id, author_id: author.id };
    await store(members.map((userId) => row(userId, 'nearby_post', message, data)));
  }

  /** Stores `rows` in one batch insert, then pushes each stored notification live. */
  async function store(rows: ReturnType<typeof row>[]) {
    announce(await repo.insertMany(db, rows));
  }

  function notify(
    userId: number,
    type: NotificationType,
    message: string,
    data: Notification['data'],
  ) {
    return store([row(userId, type, message, data)]);
  }

  /**
   * At most one unread message notification per conversation (CONTRACT.md): one transaction
   * locks the messages still unread (a conversation already read needs none), removes their
   * conversations' old unread rows and inserts new ones with new ids, so the client's "id greater
   * than last seen" rule still shows them. A replacement racing another (a second process) hits
   * the unique index and the batch retries.
   * @returns the stored notifications (none for messages read first).
   */
  async function replaceMessageNotifications(batch: PendingMessage[]) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await direct.whileUnread(
          batch.map(({ message }) => message.id),
          async (trx, unread) => {
            const live = batch.filter(({ message }) => unread.has(message.id));
            await repo.deleteUnreadMessageNotifications(
              trx,
              live.map(({ message, recipientId }) => ({
                userId: recipientId,
                conversationId: message.conversation_id,
              })),
            );
            return repo.insertAllReturning(
              trx,
              live.map(({ message, recipientId }) => messageRow(message, recipientId)),
            );
          },
        );
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  /**
   * Direct messages whose notification is not yet written (PostgreSQL, or SQLite when no write
   * batch could run: see messageNotificationInBatch), by recipient and conversation (the
   * newest message of a conversation wins: only one unread notification is kept). They are
   * written in batches, one transaction each, one batch at a time: a batch takes what arrives
   * in {@link MESSAGE_BATCH_WAIT_MS}, or while the previous batch is written
   * (thousands of messages a second without a transaction each).
   */
  let waiting: { messages: Map<string, PendingMessage>; written: Promise<void> } | null = null;
  let writing: Promise<unknown> = Promise.resolve();

  /** Queues `pending`'s notification; resolves once its batch is written and announced. */
  function queueMessageNotification(pending: PendingMessage): Promise<void> {
    if (!waiting || waiting.messages.size >= MESSAGE_BATCH) {
      const messages = new Map<string, PendingMessage>();
      const written = writing.then(async () => {
        // A short wait first, so the batch takes the messages read from the sockets meanwhile
        // (SQLite answers synchronously: without it, each batch would be written before the
        // next message is even read).
        await new Promise((resolve) => setTimeout(resolve, MESSAGE_BATCH_WAIT_MS));
        if (waiting?.messages === messages) waiting = null;
        announce(await replaceMessageNotifications([...messages.values()]));
      });
      writing = written.catch(() => {});
      waiting = { messages, written };
    }
    waiting.messages.set(`${pending.recipientId}:${pending.message.conversation_id}`, pending);
    return waiting.written;
  }

  events.on('follow.created', ({ follower, followeeId }) =>
    notify(followeeId, 'follow', notificationText.follow(follower.username), {
      follower_id: follower.id,
    }),
  );
  events.on('post.interest', ({ authorId, user, postId, heading, groupChatId }) =>
    notify(authorId, 'interest', notificationText.interest(user.username, heading), {
      post_id: postId,
      user_id: user.id,
      group_chat_id: groupChatId,
    }),
  );
  // A game's life after joining (CONTRACT.md lists each type's data and target).
  events.on('post.left', ({ authorId, user, postId, heading }) =>
    notify(authorId, 'player_left', notificationText.playerLeft(user.username, heading), {
      post_id: postId,
      user_id: user.id,
    }),
  );
  events.on('post.promoted', ({ userId, postId, heading, groupChatId }) =>
    notify(userId, 'waitlist_promoted', notificationText.waitlistPromoted(heading), {
      post_id: postId,
      group_chat_id: groupChatId,
    }),
  );
  events.on('post.cancelled', async ({ memberIds, postId, heading, groupChatId }) => {
    if (memberIds.length === 0) return;
    const message = notificationText.gameCancelled(heading);
    await store(
      memberIds.map((userId) =>
        row(userId, 'game_cancelled', message, { post_id: postId, group_chat_id: groupChatId }),
      ),
    );
  });
  // Every registered member hears that the event is off.
  events.on('event.cancelled', async ({ memberIds, eventId, title, organizer }) => {
    if (memberIds.length === 0) return;
    const message = notificationText.eventCancelled(organizer.username, title);
    await store(
      memberIds.map((userId) => row(userId, 'event_cancelled', message, { event_id: eventId })),
    );
  });
  // An operator suspended the organizer; the registered members hear the event is closed.
  events.on('event.closed', async ({ memberIds, eventId, title }) => {
    if (memberIds.length === 0) return;
    const message = notificationText.eventClosed(title);
    await store(
      memberIds.map((userId) => row(userId, 'event_closed', message, { event_id: eventId })),
    );
  });
  // Stored with its message on SQLite (messageNotificationInBatch below), else written here.
  events.on('message.direct.created', (created) => {
    if (!created.notification) return queueMessageNotification(created);
    events.emit('notification.created', {
      userId: created.recipientId,
      notification: created.notification,
    });
  });
  events.on('post.created', notifyNearbyMembers);

  return {
    /**
     * Stores the recipient's notification of a direct message in the write batch that stores
     * the message (SQLite's group commit: direct.service), replacing the conversation's unread
     * one as {@link replaceMessageNotifications} does. The message is new, so unread, and the
     * batch holds the file's write lock: nothing to lock first. Message and notification commit
     * together, and are announced in the same turn (no second transaction, no wait).
     * The direct service passes the notification in `message.direct.created`, and this
     * service's subscriber announces it.
     * @returns the stored notification as presented.
     * @throws whatever SQLite throws; the batch then refuses the message with it.
     */
    messageNotificationInBatch(
      connection: BatchConnection,
      message: DirectMessage,
      recipientId: number,
    ): Notification {
      return present(
        repo.replaceMessageNotificationInBatch(connection, messageRow(message, recipientId)),
      );
    },

    /**
     * Resolves once the direct-message notifications queued so far are written and announced
     * (a failed batch is logged by the event bus, not thrown): the shutdown waits for it before
     * the database closes.
     */
    async drain(): Promise<void> {
      await writing;
    },

    /** `GET /notifications`: newest first, with the cursor of the older page. */
    async list(userId: number, limit: number, cursor?: string) {
      const beforeId = decodeBeforeIdCursor(cursor);
      const rows = await repo.list(db, userId, limit + 1, beforeId);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        notifications: page.map(present),
        nextCursor: rows.length > limit && last ? encodeBeforeIdCursor(last.id) : undefined,
      };
    },
    /**
     * Marks `userId`'s message notification of a conversation read, in the caller's transaction
     * (the direct service, when the member reads the conversation).
     */
    async markConversationRead(
      trx: Transaction<DB>,
      userId: number,
      conversationId: number,
    ): Promise<void> {
      await repo.markConversationRead(trx, userId, conversationId);
    },

    async unreadCount(userId: number): Promise<{ count: number }> {
      return { count: await repo.unreadCount(db, userId) };
    },
    /**
     * Marks the caller's notifications among `ids` read; ids of others' are ignored.
     * @throws AppError 429 past the member's read-mark limit.
     */
    async markRead(userId: number, ids: number[]): Promise<{ success: true }> {
      await limiter.write('readMark', userId);
      await repo.markRead(db, userId, ids);
      return { success: true };
    },
    /** Marks every notification of the caller read. @throws AppError 429 past the read-mark limit. */
    async markAllRead(userId: number): Promise<{ success: true }> {
      await limiter.write('readMark', userId);
      await repo.markAllRead(db, userId);
      return { success: true };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
