/** Notifications (spec part 1 §2 Notification dropdown, §3, §4, §7; spec part 2 §2, §4). */
import { z } from 'zod';
import { pageQuerySchema } from './common.js';
import { idSchema } from './common.js';

/**
 * The spec's four types (follow, interest, nearby_post, message) and the types added beyond it,
 * each with its `data` and where a click leads (notification-targets.ts holds the map):
 * - `game_cancelled` {post_id, group_chat_id} -> that chat;
 * - `waitlist_promoted` {post_id, group_chat_id} -> the game page `/posts/{post_id}`;
 * - `player_left` {post_id, user_id} -> `/past-posts`;
 * - `event_cancelled` {event_id} -> `/events`;
 * - `event_closed` {event_id} -> `/events` (its organizer was suspended; the event is hidden, the
 *   registration kept, until the suspension ends);
 * - `game_updated` {post_id} -> the game page (its host changed it);
 * - `removed_from_game` {post_id} -> `/messages` (its host removed the member; the game page is
 *   no longer theirs, its chat stays read-only);
 * - `event_invitation` {event_id, invitation_id} -> `/events` (an organizer invited the member:
 *   with Accept and Decline while the invitation is pending, or already accepted as interest
 *   when the member's `event_invitations` is `auto_accept`; an open invitation is pinned there);
 * - `comment` {post_id, comment_id} -> the game page (a member commented on the host's game, or
 *   the host answered on a game the member commented on: one row per comment);
 * - `game_reminder` {post_id} -> the game page (it starts in 2 hours; to its host and joined
 *   players);
 * - `event_reminder` {event_id} -> `/events` (it starts in 24 hours; to its registrants).
 * - `interest` {post_id, user_id, group_chat_id, count?, replaced_id?} -> `/past-posts`: grouped
 *   per game: members interested within 10 minutes of the group's latest make one unread row,
 *   replaced by a new row (new id) with `count` members and `replaced_id` (the row it replaced,
 *   which a live client drops); a read row stays and a new group starts.
 * - `no_show_marked` {post_id} -> the game page (its host marked the member a no-show; they may
 *   dispute it there within 48 hours).
 * - `no_show_disputed` {post_id, user_id} -> the game page (a player disputed the host's mark;
 *   the host may confirm it there within 48 hours).
 * - `series_claim` {post_id, series_id} -> the game page of the occurrence (the previous one
 *   started: the regular's place in the next is held for them until the claim window ends).
 * - `waitlist_offer` {post_id, expires_at} -> the game page, where Accept and Decline show (a
 *   freed place is held for the member until `expires_at`, UTC ISO);
 * - `waitlist_offer_expired` {post_id} -> the game page (the member let the hold end: they left
 *   the waitlist and the place passed on, or the game started).
 */
export const NOTIFICATION_TYPES = [
  'follow',
  'interest',
  'nearby_post',
  'message',
  'game_cancelled',
  'waitlist_promoted',
  'player_left',
  'event_cancelled',
  'event_closed',
  'game_updated',
  'removed_from_game',
  'event_invitation',
  'comment',
  'game_reminder',
  'event_reminder',
  'no_show_marked',
  'no_show_disputed',
  'series_claim',
  'waitlist_offer',
  'waitlist_offer_expired',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notification (spec part 1 §3): `data` holds follower_id, post_id or conversation_id. */
export const notificationSchema = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  created_at: z.string(),
  is_read: z.boolean(),
  data: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * A notification as a client reads it (spec part 1 §2 "An unknown type links to
 * nothing"): any `type` text, so a type added by a newer server shows as its message with no
 * link instead of failing the list.
 */
export const receivedNotificationSchema = notificationSchema.extend({
  type: z.union([z.enum(NOTIFICATION_TYPES), z.string().max(50)]),
});
/** A notification as the web handles it: one of NOTIFICATION_TYPES, or a type it does not know. */
export type ReceivedNotification = z.infer<typeof receivedNotificationSchema>;

/** `GET /notifications`: one page, newest first, a JSON array (CONTRACT.md lists). */
export const notificationsResponseSchema = z.array(notificationSchema);

/** `GET /notifications?limit=50` (spec part 1 §9: 50 per request). */
export const notificationsQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.unwrap().default(50),
});

export const markNotificationsReadBodySchema = z.object({
  notificationIds: z
    .array(idSchema, { error: 'notificationIds must be a list of ids' })
    .min(1, 'No notifications given')
    .max(500),
});

/** `GET /notifications/unread-count` (spec part 1 §7). */
export const notificationCountSchema = z.object({ count: z.number() });
