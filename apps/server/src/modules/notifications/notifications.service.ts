/**
 * Notifications (spec part 1 §2, §3, §4; spec part 2 §4): created by the server only,
 * from domain events (a follow, interest in one's post, a new game near one's home city, a direct
 * message, a game's or an event's cancellation, an event closed by its organizer's suspension, an
 * invitation to an event, a comment on one's game or the host's answer to one's comment), kept
 * per member, and announced as `notification.created` for the realtime module to push.
 */
import type { Kysely, Selectable } from 'kysely';
import { formatGameTime, type Notification } from '@gameon/shared';
import type { DB, NotificationsTable, NotificationType } from '../../db/types.js';
import { decodeBeforeIdCursor, encodeBeforeIdCursor } from '../../lib/cursor.js';
import type { DomainEventBus, DomainEvents } from '../../lib/events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { addSeconds } from '../../lib/time.js';

/** The time zone a hold's end is told in (offers' overnight pause is IST). */
const OFFER_TIME_ZONE = 'Asia/Kolkata';
import * as repo from './notifications.repository.js';
import type { PreferencesService } from './preferences.service.js';
import {
  GROUP_WINDOW_SECONDS,
  messageNotificationRow,
  nextGroup,
  notificationText,
  presentNotification as present,
  type GroupData,
} from './rows.js';

export { notificationText };

/** A nearby_post goes to members whose home city is within 25 km. */
export const NEARBY_RADIUS_M = 25_000;

/**
 * The notifications service. Its domain-event subscribers return their work to the event bus,
 * which logs and counts a failure without failing the action that raised the event. Each
 * member's switches (`preferences`) decide what is stored in the app and what is pushed.
 */
export function createNotificationsService({
  db,
  events,
  limiter,
  preferences,
  now = () => new Date(),
}: {
  db: Kysely<DB>;
  events: DomainEventBus;
  /** Per-member write limits: read marks. */
  limiter: Pick<RateLimiter, 'write'>;
  /** The members' notification settings. */
  preferences: Pick<PreferencesService, 'channelsFor'>;
  /** The clock: notifications' `created_at` and the grouping window; tests inject one. */
  now?: () => Date;
}) {
  /** A notification row of `type` (not a message's: see ./rows.ts messageNotificationRow). */
  function row(
    userId: number,
    type: NotificationType,
    message: string,
    data: Notification['data'],
  ) {
    return {
      user_id: userId,
      type,
      message,
      data: JSON.stringify(data),
      conversation_id: null,
      created_at: now().toISOString(),
    };
  }

  /**
   * Stores a notification of `type` about post `postId` for `userId` by actor `actorId` as one
   * group: an unread row of the same (type, post) from the last {@link GROUP_WINDOW_SECONDS}
   * is replaced by a new row (new id: the spec's live list adds only ids above the last seen)
   * counting one more actor; a read row, or an older one, stays and a new group starts.
   * `compose(count)` answers the message and data for a group of `count` actors (1 alone).
   * Pushed live as any notification; its `data.replaced_id` names the row it replaced.
   */
  async function notifyGrouped(
    key: { userId: number; type: NotificationType; postId: number },
    actorId: number,
    compose: (count: number) => { message: string; data: Notification['data'] },
  ) {
    const channels = (await preferences.channelsFor([key.userId], key.type)).get(key.userId);
    let pushed: { message: string; data: Notification['data'] } = compose(1);
    if (channels?.app) {
      const at = now();
      const stored = await repo.storeGrouped(
        db,
        key,
        addSeconds(at, -GROUP_WINDOW_SECONDS),
        (previous) => {
          const group = nextGroup(previous, actorId);
          const { message, data } = compose(group.count);
          const extra: GroupData =
            group.replaced_id === undefined
              ? {}
              : { count: group.count, replaced_id: group.replaced_id };
          return row(key.userId, key.type, message, { ...data, ...extra });
        },
      );
      announce([stored]);
      pushed = { message: stored.message, data: present(stored).data };
    }
    // The push says what the row says (the group's text); web push collapses it per game.
    if (channels?.push)
      events.emit('notification.push', {
        userId: key.userId,
        notification: { type: key.type, ...pushed },
        live: channels.app,
      });
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

  /**
   * Stores `rows` (all of one type) in one batch insert for the members whose `app` switch of
   * the type is on, then hands them on ({@link delivered}).
   */
  async function store(rows: ReturnType<typeof row>[]) {
    const type = rows[0]?.type;
    if (type === undefined) return;
    const channels = await preferences.channelsFor(
      rows.map((r) => r.user_id),
      type,
    );
    const stored = await repo.insertMany(
      db,
      rows.filter((r) => channels.get(r.user_id)?.app),
    );
    await delivered(rows, stored, channels);
  }

  /**
   * Pushes each `stored` notification live, and hands every member of `told` (the rows meant,
   * stored or not: all of one type) whose `push` switch is on to web push (`notification.push`).
   * `channels`: their switches, when the caller has read them already.
   */
  async function delivered(
    told: { user_id: number; type: NotificationType; message: string; data: string }[],
    stored: Selectable<NotificationsTable>[],
    channels?: Map<number, { app: boolean; push: boolean }>,
  ) {
    announce(stored);
    const type = told[0]?.type;
    if (type === undefined) return;
    const switches =
      channels ??
      (await preferences.channelsFor(
        told.map((r) => r.user_id),
        type,
      ));
    for (const r of told) {
      const on = switches.get(r.user_id);
      if (on?.push)
        events.emit('notification.push', {
          userId: r.user_id,
          notification: {
            type: r.type,
            message: r.message,
            data: JSON.parse(r.data) as Notification['data'],
          },
          live: on.app,
        });
    }
  }

  function notify(
    userId: number,
    type: NotificationType,
    message: string,
    data: Notification['data'],
  ) {
    return store([row(userId, type, message, data)]);
  }

  events.on('follow.created', ({ follower, followeeId }) =>
    notify(followeeId, 'follow', notificationText.follow(follower.username), {
      follower_id: follower.id,
    }),
  );
  // Grouped per game: several members interested within minutes make one row, not a flood.
  events.on('post.interest', ({ authorId, user, postId, heading, groupChatId }) =>
    notifyGrouped({ userId: authorId, type: 'interest', postId }, user.id, (count) => ({
      message:
        count === 1
          ? notificationText.interest(user.username, heading)
          : notificationText.interestGroup(user.username, count, heading),
      data: { post_id: postId, user_id: user.id, group_chat_id: groupChatId },
    })),
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
  // Offers of freed places (modules/posts/offers.service.ts): the hold's end in IST, the time
  // zone of the overnight pause (the server does not know the member's).
  events.on('post.offered', ({ userId, postId, heading, expiresAt }) =>
    notify(
      userId,
      'waitlist_offer',
      notificationText.waitlistOffer(
        heading,
        formatGameTime(expiresAt, { timeZone: OFFER_TIME_ZONE }, now()),
      ),
      { post_id: postId, expires_at: expiresAt },
    ),
  );
  events.on('post.offer_expired', ({ userId, postId, heading, started }) =>
    notify(
      userId,
      'waitlist_offer_expired',
      notificationText.waitlistOfferExpired(heading, started),
      {
        post_id: postId,
      },
    ),
  );
  // The host changed a game: its joined and waitlisted members hear what changed.
  events.on('post.updated', async ({ memberIds, postId, heading, summary }) => {
    if (memberIds.length === 0) return;
    const message = notificationText.gameUpdated(heading, summary);
    await store(
      memberIds.map((userId) => row(userId, 'game_updated', message, { post_id: postId })),
    );
  });
  // Told privately: only the removed member.
  events.on('post.player_removed', ({ userId, postId, heading }) =>
    notify(userId, 'removed_from_game', notificationText.removedFromGame(heading), {
      post_id: postId,
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
  // Only the invitee hears of an invitation; with auto_accept it is already accepted.
  events.on(
    'event.invited',
    ({ invitationId, eventId, title, organizer, inviteeId, autoAccepted }) =>
      notify(
        inviteeId,
        'event_invitation',
        (autoAccepted
          ? notificationText.eventInvitationAccepted
          : notificationText.eventInvitation)(organizer.username, title),
        { event_id: eventId, invitation_id: invitationId },
      ),
  );
  // Stored with its message, in the message's transaction (direct.repository createDirectWrites,
  // from messageNotificationRow in ./rows.ts), unless the recipient turned messages in the app
  // off: pushed live here, and handed to web push when its switch is on.
  events.on('message.direct.created', async ({ message, recipientId, notification }) => {
    if (notification) events.emit('notification.created', { userId: recipientId, notification });
    const channels = await preferences.channelsFor([recipientId], 'message');
    if (!channels.get(recipientId)?.push) return;
    const built = messageNotificationRow(
      {
        conversation_id: message.conversation_id,
        sender_id: message.sender.id,
        sender_username: message.sender.username,
        created_at: message.created_at,
      },
      recipientId,
    );
    events.emit('notification.push', {
      userId: recipientId,
      notification: {
        type: 'message',
        message: built.message,
        data: JSON.parse(built.data) as Notification['data'],
      },
      // An open tab shows the message itself as it arrives, whatever the app switch.
      live: true,
    });
  });
  events.on('post.created', notifyNearbyMembers);
  // Trust between players: the marked player is told, and the host of a dispute.
  events.on('trust.no_show_marked', ({ userId, postId, heading }) =>
    notify(userId, 'no_show_marked', notificationText.noShowMarked(heading), { post_id: postId }),
  );
  events.on('trust.no_show_disputed', ({ hostId, postId, heading, user }) =>
    notify(hostId, 'no_show_disputed', notificationText.noShowDisputed(user.username, heading), {
      post_id: postId,
      user_id: user.id,
    }),
  );
  // Comments on a game, one row per comment (not grouped): the host hears of each comment by
  // someone else; a host's comment tells the commenters it answers.
  events.on(
    'comment.created',
    async ({ postId, heading, hostId, commentId, author, answeredIds }) => {
      const data = { post_id: postId, comment_id: commentId };
      // To the host, grouped per game as interest is: one row for a burst of questions.
      if (author.id !== hostId) {
        await notifyGrouped({ userId: hostId, type: 'comment', postId }, author.id, (count) => ({
          message:
            count === 1
              ? notificationText.comment(author.username, heading)
              : notificationText.commentGroup(author.username, count, heading),
          data,
        }));
        return;
      }
      if (answeredIds.length === 0) return;
      const message = notificationText.commentAnswered(author.username, heading);
      await store(answeredIds.map((userId) => row(userId, 'comment', message, data)));
    },
  );

  return {
    delivered,
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
