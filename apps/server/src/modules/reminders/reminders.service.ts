/**
 * Reminders before a game and an event, run by the scheduler (modules/scheduler):
 *
 * - a game's host and joined players are told "Starts in 2 hours: <sport> at <place>"
 *   (`game_reminder`), by one job per game (key: its id) due 2 hours before its start, which
 *   reminds whoever is joined when it runs, so joining and leaving need no bookkeeping. A
 *   member who joins or moves up from the waitlist within those 2 hours, or a game created
 *   within them, is reminded at once; a game whose time is edited is rescheduled and reminds
 *   again for its new time; a deleted game's job is dropped;
 * - an event's registrants are told "Starts <when>: <title> at <venue>" (`event_reminder`) 24
 *   hours before its start, by one job per event (a team registered within those 24 hours is
 *   reminded at once); an edit of its start reschedules it, a
 *   cancellation drops it, and a closed event (its organizer suspended) reminds nobody.
 *
 * Who was reminded of which start is recorded with the notification in one transaction
 * (`reminders_sent`), so nobody is reminded twice of one start, whichever process runs it or
 * however often. Blocks and suspension apply: nobody is reminded of a suspended host's game
 * or event, a suspended member is not reminded, and a player blocked either way with the host
 * is not reminded (they cannot see the game).
 */
import type { Kysely } from 'kysely';
import { formatGameTime, isEsport } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import type { DomainEventBus } from '../../lib/events.js';
import type { AccessService } from '../access/index.js';
import { notificationRow, notificationText } from '../notifications/index.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Scheduler } from '../scheduler/index.js';
import * as repo from './reminders.repository.js';

/** The scheduler's kinds of reminder jobs (keys: the game's or the event's id). */
export const GAME_REMINDER_JOB = 'game-reminder';
export const EVENT_REMINDER_JOB = 'event-reminder';
/** How long before its start a game (2 hours) and an event (24 hours) are reminded of. */
export const GAME_REMINDER_LEAD_MS = 2 * 3600 * 1000;
export const EVENT_REMINDER_LEAD_MS = 24 * 3600 * 1000;
/** The time zone of an event reminder's start: the member's is not known to the server (IST). */
const REMINDER_TIME_ZONE = 'Asia/Kolkata';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How far off a start `ms` milliseconds away is, as a game reminder says it: "2 hours" (from
 * 1.5 hours on, in whole hours), "1 hour" (from 55 minutes), else "N minutes" (at least 1).
 */
export function startsIn(ms: number): string {
  if (ms >= 1.5 * HOUR_MS) return `${Math.round(ms / HOUR_MS)} hours`;
  if (ms >= 55 * MINUTE_MS) return '1 hour';
  const minutes = Math.max(1, Math.round(ms / MINUTE_MS));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export interface RemindersDeps {
  db: Kysely<DB>;
  events: DomainEventBus;
  scheduler: Pick<Scheduler, 'handle' | 'schedule' | 'cancel'>;
  access: Pick<AccessService, 'hiddenAmong'>;
  /** Announces the stored reminders live and hands them to web push by the members' switches. */
  notifications: Pick<NotificationsService, 'delivered'>;
  /** The clock of reminders (tests inject and move it). */
  now?: () => Date;
}

export function createRemindersService({
  db,
  events,
  scheduler,
  access,
  notifications,
  now = () => new Date(),
}: RemindersDeps) {
  /**
   * Of `memberIds`, those who may be reminded of a thing of `ownerId`'s: none when the owner is
   * suspended; never a suspended member or one blocked either way with the owner.
   */
  async function audience(ownerId: number, memberIds: number[]): Promise<number[]> {
    if ((await access.hiddenAmong(null, [ownerId])).has(ownerId)) return [];
    // As the owner sees them: a block either way or a suspension hides a member (never the
    // owner themselves), in one query for all of them.
    const hidden = await access.hiddenAmong(ownerId, memberIds);
    return [...new Set(memberIds)].filter((memberId) => !hidden.has(memberId));
  }

  /**
   * Reminds the host and joined players of game `postId` not yet reminded of its current start,
   * when that start is within {@link GAME_REMINDER_LEAD_MS} and not past; a game that moved
   * later is rescheduled instead, a deleted or started one is left.
   */
  async function remindGame(postId: number): Promise<void> {
    const game = await repo.gameOf(db, postId);
    if (!game) return;
    const start = Date.parse(game.event_time);
    const at = now().getTime();
    if (start <= at) return;
    if (at < start - GAME_REMINDER_LEAD_MS) {
      await planGame(postId);
      return;
    }
    const joined = await repo.joinedIds(db, postId);
    const userIds = await audience(game.author_id, [game.author_id, ...joined]);
    // The place as the game page shows it to its members; an online game is "Online".
    const place = isEsport(game.sport) ? 'Online' : game.location_name.trim();
    const message = notificationText.gameReminder(startsIn(start - at), game.sport, place);
    const createdAt = new Date(at).toISOString();
    const { told, stored } = await repo.remindOnce(db, {
      subject: 'game',
      subjectId: postId,
      startsAt: game.event_time,
      userIds,
      rowOf: (userId) =>
        notificationRow(userId, 'game_reminder', message, { post_id: postId }, createdAt),
    });
    await notifications.delivered(told, stored);
  }

  /**
   * Schedules game `postId`'s reminder for 2 hours before its start (moving a scheduled one),
   * and reminds at once when that time has come; drops it for a deleted or started game.
   */
  async function planGame(postId: number): Promise<void> {
    const game = await repo.gameOf(db, postId);
    const key = String(postId);
    const start = game ? Date.parse(game.event_time) : 0;
    if (!game || start <= now().getTime()) {
      await scheduler.cancel(GAME_REMINDER_JOB, key);
      return;
    }
    const dueAt = new Date(start - GAME_REMINDER_LEAD_MS);
    await scheduler.schedule({ kind: GAME_REMINDER_JOB, key, dueAt, payload: { postId } });
    if (dueAt.getTime() <= now().getTime()) await remindGame(postId);
  }

  /** Reminds a member who just joined or moved up, when the game is within its lead time. */
  async function remindLateJoiner(postId: number): Promise<void> {
    const game = await repo.gameOf(db, postId);
    if (game && now().getTime() >= Date.parse(game.event_time) - GAME_REMINDER_LEAD_MS)
      await remindGame(postId);
  }

  /** Reminds a registrant at once when event `eventId` starts within a day. */
  async function remindLateRegistrant(eventId: number): Promise<void> {
    const event = await repo.eventOf(db, eventId);
    if (event && now().getTime() >= Date.parse(event.event_date) - EVENT_REMINDER_LEAD_MS)
      await remindEvent(eventId);
  }

  /**
   * Reminds the registrants of event `eventId` not yet reminded of its current start, when it
   * is within {@link EVENT_REMINDER_LEAD_MS} and not past; an event that moved later is
   * rescheduled instead.
   */
  async function remindEvent(eventId: number): Promise<void> {
    const event = await repo.eventOf(db, eventId);
    if (!event) return;
    const start = Date.parse(event.event_date);
    const at = now();
    if (start <= at.getTime()) return;
    if (at.getTime() < start - EVENT_REMINDER_LEAD_MS) {
      await planEvent(eventId);
      return;
    }
    const userIds = await audience(event.organizer_id, await repo.registrantIds(db, eventId));
    const when = formatGameTime(event.event_date, { timeZone: REMINDER_TIME_ZONE }, at);
    const venue = event.location_name.trim() || (event.lng === null ? 'Online' : '');
    const message = notificationText.eventReminder(when, event.title, venue);
    const createdAt = at.toISOString();
    const { told, stored } = await repo.remindOnce(db, {
      subject: 'event',
      subjectId: eventId,
      startsAt: event.event_date,
      userIds,
      rowOf: (userId) =>
        notificationRow(userId, 'event_reminder', message, { event_id: eventId }, createdAt),
    });
    await notifications.delivered(told, stored);
  }

  /** Schedules event `eventId`'s reminder for 24 hours before its start (moving a scheduled one). */
  async function planEvent(eventId: number): Promise<void> {
    const event = await repo.eventOf(db, eventId);
    const key = String(eventId);
    const start = event ? Date.parse(event.event_date) : 0;
    if (!event || start <= now().getTime()) {
      await scheduler.cancel(EVENT_REMINDER_JOB, key);
      return;
    }
    const dueAt = new Date(start - EVENT_REMINDER_LEAD_MS);
    await scheduler.schedule({ kind: EVENT_REMINDER_JOB, key, dueAt, payload: { eventId } });
  }

  scheduler.handle(GAME_REMINDER_JOB, ({ payload }) => remindGame(Number(payload.postId)));
  scheduler.handle(EVENT_REMINDER_JOB, ({ payload }) => remindEvent(Number(payload.eventId)));

  events.on('post.created', ({ post }) => planGame(post.id));
  events.on('post.interest', ({ postId }) => remindLateJoiner(postId));
  events.on('post.promoted', ({ postId }) => remindLateJoiner(postId));
  events.on('post.offer_accepted', ({ postId }) => remindLateJoiner(postId));
  events.on('post.updated', ({ postId, changes }) =>
    changes.includes('time') ? planGame(postId) : undefined,
  );
  events.on('post.cancelled', ({ postId }) =>
    scheduler.cancel(GAME_REMINDER_JOB, String(postId)).then(() => undefined),
  );
  events.on('event.scheduled', ({ eventId }) => planEvent(eventId));
  events.on('event.registered', ({ eventId }) => remindLateRegistrant(eventId));
  events.on('event.cancelled', ({ eventId }) =>
    scheduler.cancel(EVENT_REMINDER_JOB, String(eventId)).then(() => undefined),
  );

  return { remindGame, remindEvent };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
