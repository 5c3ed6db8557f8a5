/**
 * Where a notification leads: one map for the in-app list, the bell and web push, so a push
 * opens the page its row in the app would.
 */
import type { Notification } from './schemas/notifications.js';

/**
 * The same-origin path a notification leads to (spec part 1 §2; for the game types:
 * `player_left` to My Posts, `waitlist_promoted`, `game_updated` and `comment` to the game page,
 * `game_cancelled` to the game's group chat, `removed_from_game` to that chat, read-only;
 * `event_cancelled` to the events list, `event_closed` and `event_invitation` there too (an open
 * invitation is pinned at its top); `game_reminder` to the game page, `event_reminder` to the
 * events list; `no_show_marked`, `no_show_disputed`, `waitlist_offer` and
 * `waitlist_offer_expired` to the game page, `series_claim` to the occurrence's game page), or
 * null when its data lacks the id it needs or its type is one this app does not know (spec part
 * 1 §2 "An unknown type links to nothing").
 */
export function notificationTarget(notification: {
  type: string;
  data: Notification['data'];
}): string | null {
  const { data } = notification;
  switch (notification.type) {
    case 'follow':
      return data.follower_id == null ? null : `/profile/${data.follower_id}`;
    case 'interest':
    case 'player_left':
      return '/past-posts';
    case 'waitlist_promoted':
    case 'game_updated':
    case 'comment':
    case 'game_reminder':
    case 'no_show_marked':
    case 'no_show_disputed':
    case 'series_claim':
    case 'waitlist_offer':
    case 'waitlist_offer_expired':
      return data.post_id == null ? null : `/posts/${data.post_id}`;
    case 'removed_from_game':
      return data.post_id == null ? '/messages' : `/messages?post=${data.post_id}`;
    case 'game_cancelled':
      return data.group_chat_id == null ? '/messages' : `/messages?group=${data.group_chat_id}`;
    case 'nearby_post':
      return '/';
    case 'event_cancelled':
    case 'event_closed':
    case 'event_invitation':
    case 'event_reminder':
      return '/events';
    case 'message':
      return data.conversation_id == null
        ? '/messages'
        : `/messages?conversation=${data.conversation_id}`;
    default:
      return null;
  }
}
