/**
 * What a web push of a notification says and how the push service treats it: the payload the
 * service worker shows (title, body, the in-app list's target, a tag per game or conversation)
 * and the `TTL`, `Urgency` and `Topic` headers (RFC 8030 §5.2, §5.3, §5.4).
 */
import {
  notificationTarget,
  type Notification,
  type NotificationType,
  type PushPayload,
} from '@gameon/shared';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The push's title per type (every type has one: typed so that a new type must add its own). */
const TITLES: Record<NotificationType, string> = {
  message: 'New message',
  follow: 'New follower',
  interest: 'Interest in your game',
  nearby_post: 'New game near you',
  game_cancelled: 'Game cancelled',
  waitlist_promoted: "You're in",
  player_left: 'A player left',
  event_cancelled: 'Event cancelled',
  event_closed: 'Event closed',
  game_updated: 'Game changed',
  removed_from_game: 'Removed from a game',
  event_invitation: 'Event invitation',
  comment: 'New comment',
  game_reminder: 'Game soon',
  event_reminder: 'Event tomorrow',
  no_show_marked: 'Marked as a no-show',
  no_show_disputed: 'No-show disputed',
  series_claim: 'Your place is held',
  waitlist_offer: 'A place is yours to take',
  waitlist_offer_expired: 'Offered place passed on',
};

/** How a push of one notification is sent. */
export interface PushContent {
  payload: PushPayload;
  /** Seconds the push service keeps it for an offline device: worthless after that. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /**
   * The game's or conversation's topic (`post-12`, `conversation-7`, `event-3`; at most 32
   * url-safe characters): a newer push of it replaces one still queued at the push service.
   */
  topic: string | undefined;
}

/** The game, conversation or event a notification is about, as `kind-id`, if any. */
function subjectOf(data: Notification['data']): string | undefined {
  for (const [key, kind] of [
    ['conversation_id', 'conversation'],
    ['post_id', 'post'],
    ['event_id', 'event'],
  ] as const) {
    const id = data[key];
    if (typeof id === 'number') return `${kind}-${id}`;
  }
  return undefined;
}

/**
 * TTL and urgency by type: reminders are worth minutes and are urgent; messages hours, urgent;
 * waitlist news hours, urgent; a follow a day, low; the rest normal (nearby games low).
 */
function timing(type: string): Pick<PushContent, 'ttl' | 'urgency'> {
  if (type.endsWith('_reminder')) return { ttl: 30 * MINUTE, urgency: 'high' };
  if (type === 'message') return { ttl: 4 * HOUR, urgency: 'high' };
  if (type.startsWith('waitlist')) return { ttl: 6 * HOUR, urgency: 'high' };
  if (type === 'follow') return { ttl: DAY, urgency: 'low' };
  if (type === 'nearby_post') return { ttl: 6 * HOUR, urgency: 'low' };
  return { ttl: 12 * HOUR, urgency: 'normal' };
}

/** The push of `notification`: its payload (`url` from the shared target map) and headers. */
export function pushContent(
  notification: Pick<Notification, 'type' | 'message' | 'data'>,
): PushContent {
  const subject = subjectOf(notification.data);
  return {
    payload: {
      title: TITLES[notification.type] ?? 'GameOn',
      body: notification.message,
      url: notificationTarget(notification) ?? '/notifications',
      tag: subject ?? notification.type,
    },
    ...timing(notification.type),
    topic: subject,
  };
}
