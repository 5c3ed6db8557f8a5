/**
 * The notifications module's pure parts, shared with the modules that store a notification in
 * their own transaction (a direct message and its notification commit together: direct
 * repository): the texts, the row a direct message's notification is, and a stored row as
 * presented on the wire (CONTRACT.md "Notification rows").
 */
import type { Selectable } from 'kysely';
import type { Notification } from '@gameon/shared';
import type { NotificationsTable, NotificationType } from '../../db/types.js';

/** The notification texts, in one place for the service and the demo data. */
export const notificationText = {
  follow: (follower: string) => `${follower} started following you`,
  interest: (member: string, heading: string) =>
    `${member} is interested in your post "${heading}"`,
  /** `count` members (2 or more) in one group, `member` the latest of them. */
  interestGroup: (member: string, count: number, heading: string) =>
    `${member} and ${count - 1} ${count === 2 ? 'other' : 'others'} are interested in your game "${heading}"`,
  message: (sender: string) => `${sender} sent you a message`,
  nearbyPost: (sport: string, heading: string) => `New ${sport} game near you: ${heading}`,
  gameCancelled: (heading: string) => `The game "${heading}" was cancelled`,
  waitlistPromoted: (heading: string) => `A place opened up: you are in "${heading}"`,
  /** "A place opened up in "Sunday 5-a-side": it is yours if you accept by Sat, 28 Nov, 9:30 pm". */
  waitlistOffer: (heading: string, until: string) =>
    `A place opened up in "${heading}": it is yours if you accept by ${until}`,
  /** The hold ended unanswered: off the waitlist (the place passed on), or the game started. */
  waitlistOfferExpired: (heading: string, started: boolean) =>
    started
      ? `The place held for you in "${heading}" was not taken before the start`
      : `The place held for you in "${heading}" passed to the next in line: you left its waitlist`,
  playerLeft: (member: string, heading: string) => `${member} left your game "${heading}"`,
  eventCancelled: (organizer: string, title: string) => `${organizer} cancelled "${title}"`,
  eventClosed: (title: string) => `"${title}" is closed: its organizer is not available`,
  gameUpdated: (heading: string, changes: string) => `The host changed ${changes} of "${heading}"`,
  removedFromGame: (heading: string) => `The host removed you from "${heading}"`,
  eventInvitation: (organizer: string, title: string) => `${organizer} invited you to "${title}"`,
  eventInvitationAccepted: (organizer: string, title: string) =>
    `${organizer} invited you to "${title}": it is pinned in your events as Invited`,
  comment: (member: string, heading: string) => `${member} commented on your game "${heading}"`,
  commentGroup: (member: string, count: number, heading: string) =>
    `${member} and ${count - 1} ${count === 2 ? 'other' : 'others'} commented on your game "${heading}"`,
  commentAnswered: (host: string, heading: string) =>
    `${host} answered your comment on "${heading}"`,
  /** "Starts in 2 hours: Football at Koramangala Turf" (no " at" when there is no place). */
  gameReminder: (startsIn: string, sport: string, place: string) =>
    `Starts in ${startsIn}: ${sport}${place ? ` at ${place}` : ''}`,
  /** "Starts Sat, 28 Nov, 7:00 pm: Bengaluru Cup at Kanteerava Stadium". */
  eventReminder: (when: string, title: string, venue: string) =>
    `Starts ${when}: ${title}${venue ? ` at ${venue}` : ''}`,
  noShowMarked: (heading: string) =>
    `The host marked you as not coming to "${heading}": you can dispute it within 48 hours`,
  noShowDisputed: (member: string, heading: string) =>
    `${member} disputed your no-show mark on "${heading}": confirm it within 48 hours or it stops counting`,
  /** "Sunday five-a-side again — in? Your place is held until Sat, 9 Jan, 7:00 pm". */
  seriesClaim: (heading: string, until: string) =>
    `${heading} again — in? Your place is held until ${until}`,
};

/** A notification row to store, unread (not a message's: see {@link messageNotificationRow}). */
export interface NotificationRow {
  user_id: number;
  type: Exclude<NotificationType, 'message'>;
  message: string;
  /** JSON object text. */
  data: string;
  conversation_id: null;
  created_at: string;
}

/**
 * The row of a notification of `type` for `userId` with `message` and `data`, dated `createdAt`
 * (UTC ISO). Pure: for a module that stores it in its own transaction (a reminder and the record
 * that it was sent commit together).
 */
export function notificationRow(
  userId: number,
  type: Exclude<NotificationType, 'message'>,
  message: string,
  data: Notification['data'],
  createdAt: string,
): NotificationRow {
  return {
    user_id: userId,
    type,
    message,
    data: JSON.stringify(data),
    conversation_id: null,
    created_at: createdAt,
  };
}

/** A stored notification row as presented (`data` parsed). */
export function presentNotification(row: Selectable<NotificationsTable>): Notification {
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
 * A direct message's notification row, unread: one of the recipient's conversations. It
 * replaces the recipient's unread message notification of the same conversation, if any (at
 * most one unread per member and conversation: CONTRACT.md, migration 0007's unique index), with
 * a new id, so the client's "id greater than last seen" rule shows it.
 */
export interface MessageNotificationRow {
  user_id: number;
  type: 'message';
  message: string;
  /** JSON object text: `{conversation_id, sender_id}`. */
  data: string;
  conversation_id: number;
  created_at: string;
}

/**
 * The notification row of a stored direct message for its recipient `recipientId`, dated as
 * the message (UTC ISO text). Pure: the caller writes it, in the message's transaction.
 */
export function messageNotificationRow(
  message: {
    conversation_id: number;
    sender_id: number;
    sender_username: string | null;
    created_at: string;
  },
  recipientId: number,
): MessageNotificationRow {
  return {
    user_id: recipientId,
    type: 'message',
    message: notificationText.message(message.sender_username ?? ''),
    data: JSON.stringify({
      conversation_id: message.conversation_id,
      sender_id: message.sender_id,
    } satisfies Notification['data']),
    conversation_id: message.conversation_id,
    created_at: message.created_at,
  };
}

/**
 * How long a group of notifications stays open: an event of the same type about the same post
 * within this many seconds of the group's latest joins it (see `groupedNotification`).
 */
export const GROUP_WINDOW_SECONDS = 10 * 60;

/**
 * The `data` of a grouped row besides its type's own keys: `count`, the events (actors) in the
 * group (absent on a group of one); `replaced_id`, the id of the unread row this one replaced,
 * so a live client drops that row and shows one.
 */
export interface GroupData {
  count?: number;
  replaced_id?: number;
}

/**
 * The next state of a notification group keyed by (type, post_id): given the unread row it
 * would replace (or none), the new actor's id, and the latest actor's id stored in that row
 * (`data.user_id`), answers how many actors the new row counts and the replaced id. The same
 * actor twice in a row counts once. Pure.
 */
export function nextGroup(
  previous: { id: number; data: string } | undefined,
  actorId: number,
): { count: number; replaced_id?: number } {
  if (!previous) return { count: 1 };
  const data = JSON.parse(previous.data) as { count?: number; user_id?: number };
  const before = data.count ?? 1;
  return {
    count: data.user_id === actorId ? before : before + 1,
    replaced_id: previous.id,
  };
}
