/**
 * Abuse limits. Sign-in limits are kept per (account, client IP) and per
 * client IP, never per account alone, so nobody can lock a member out by guessing at their
 * address (OWASP Authentication and Credential Stuffing cheat sheets); per account there is only
 * a short, capped delay ({@link loginDelayMs}). Writes are limited per member. Counters live in
 * Redis when REDIS_URL is set (shared by every node), else in memory. RATE_LIMITS=off disables
 * them all.
 */
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from './errors.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The sign-in and code-mail limits, by name: `points` per `duration` seconds. */
export const RATE_LIMITS = {
  /** Code e-mails (sign-up and reset) to one address. */
  codeMailsPerEmail: { points: 5, duration: 30 * MINUTE },
  /**
   * Code e-mails to one inbox, keyed by `normalizeMailbox` (lib/mailbox.ts): the same budget as the exact
   * address, so `name+1@…` … `name+20@…` (or Gmail's dotted spellings) cannot flood it.
   */
  codeMailsPerMailbox: { points: 5, duration: 30 * MINUTE },
  /**
   * Code e-mails requested from one client IP, generous enough for a carrier NAT that
   * puts many players behind one address; the per-address limit above keeps any one
   * inbox from being flooded.
   */
  codeMailsPerIp: { points: 100, duration: 30 * MINUTE },
  /** Failed logins of one account from one client IP: that pair is locked. */
  failedLoginsPerAccountAndIp: { points: 10, duration: 15 * MINUTE },
  /** Failed logins from one client IP, any account: generous for a carrier NAT. */
  failedLoginsPerIp: { points: 300, duration: 15 * MINUTE },
  /** All login attempts from one client IP. */
  loginsPerIp: { points: 1000, duration: 15 * MINUTE },
  /**
   * Failed logins of one account, counted only to size its delay: it never refuses (the
   * points are out of reach).
   */
  failedLoginsPerAccount: { points: Number.MAX_SAFE_INTEGER, duration: 15 * MINUTE },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Writes per member, each kind with one or more windows that must all have room: every write a
 * member can repeat has one (the README's "Writing, per member" table). Related writes share a
 * budget, so undoing does not buy another try (interest and leaving, follow and unfollow).
 * Deleting a game and signing out have none of their own: each needs what a limited write made.
 */
export const WRITE_LIMITS = {
  /** Direct and group messages, together. */
  message: [
    { points: 20, duration: 10 },
    { points: 60, duration: MINUTE },
  ],
  /** Games posted. */
  post: [{ points: 10, duration: HOUR }],
  /** Edits of one's games and removals of their players, together. */
  postEdit: [{ points: 30, duration: HOUR }],
  /** Interest in games and leaving them, follows and unfollows, together. */
  interestOrFollow: [{ points: 60, duration: HOUR }],
  /** Reports of members, reviews, events, comments and ratings, together. */
  report: [{ points: 10, duration: HOUR }],
  /** Reviews written. */
  review: [{ points: 10, duration: HOUR }],
  /** Edits and deletions of one's reviews, together. */
  reviewEdit: [{ points: 30, duration: HOUR }],
  /** Event registrations and their cancellations, together. */
  eventRegistration: [{ points: 20, duration: HOUR }],
  /** Events organized. */
  event: [{ points: 10, duration: HOUR }],
  /** Edits and cancellations of one's events, together. */
  eventEdit: [{ points: 30, duration: HOUR }],
  /** Avatar and cover uploads, together: each is a decode of up to 40 megapixels. */
  picture: [
    { points: 5, duration: MINUTE },
    { points: 20, duration: HOUR },
  ],
  /** Saves of settings (profile fields too), skills and availability, together. */
  profile: [{ points: 60, duration: HOUR }],
  /** New private calendar-feed addresses. */
  calendarFeed: [{ points: 5, duration: HOUR }],
  /** Blocks and unblocks, together. */
  block: [{ points: 30, duration: HOUR }],
  /** Read marks of direct and group chats and of notifications, together. */
  readMark: [{ points: 120, duration: MINUTE }],
  /** Sessions signed out from Settings > Security: one, or every other. */
  session: [{ points: 30, duration: HOUR }],
  /** Checks of the current password: changing it, deleting the account. */
  password: [{ points: 10, duration: HOUR }],
  /** Operator actions: dismissing reports, suspending and unsuspending members. */
  operatorAction: [{ points: 600, duration: HOUR }],
  /** A host's changes of their series: repeat, skip, edit, end, regulars added or removed. */
  series: [{ points: 30, duration: HOUR }],
  /** Invitations an organizer sends to their events, one per member invited. */
  eventInvitation: [{ points: 50, duration: DAY }],
  /** Accepting and declining event invitations, together. */
  invitationReply: [{ points: 60, duration: HOUR }],
  /** Comments on games. */
  comment: [
    { points: 5, duration: MINUTE },
    { points: 30, duration: HOUR },
  ],
  /** Deletions of comments (one's own, or others' on one's games). */
  commentDelete: [{ points: 60, duration: HOUR }],
  /** Notification settings switched (one type and channel each). */
  notificationSetting: [{ points: 120, duration: HOUR }],
  /** Web push subscriptions registered and removed, together. */
  pushSubscription: [{ points: 20, duration: HOUR }],
  /** A host's changes of their games' costs and confirmations of payments, together. */
  gameCost: [{ points: 60, duration: HOUR }],
  /** A player's "paid" marks on games and their withdrawals, together. */
  paymentMark: [{ points: 30, duration: HOUR }],
  /** Check-ins at games (by position) and disputes of no-show marks, together. */
  checkIn: [{ points: 30, duration: HOUR }],
  /** A host's check-in confirmations, no-show marks and minimums to join, together. */
  attendance: [{ points: 120, duration: HOUR }],
  /** Ratings of co-players' levels. */
  rating: [{ points: 60, duration: HOUR }],
  /** Accepting and declining offered places in games, together. */
  offerReply: [{ points: 60, duration: HOUR }],
} as const;

export type WriteAction = keyof typeof WRITE_LIMITS;

/**
 * Moves of a member's home point, the point nearby-game alerts are matched on: 3 a day and 10 in
 * 30 days (`duration` in seconds), the first home point free, so nobody can move a crowd of
 * accounts about between a host's games to work out where they are. Counted in the database
 * (the settings module's `home_point_changes`), not by this limiter: a 30-day window must
 * outlive a restart, and the in-memory store expires keys with Node timers, which fire at once
 * when asked to wait over 2^31 ms (24.8 days).
 */
export const HOME_POINT_LIMITS = [
  { points: 3, duration: DAY },
  { points: 10, duration: 30 * DAY },
] as const;

/**
 * Milliseconds until one more home point move fits {@link HOME_POINT_LIMITS}, given the times
 * (epoch ms) of the member's counted moves of the last 30 days, or 0 when one fits now.
 */
export function homePointWaitMs(counted: readonly number[], now: number): number {
  let wait = 0;
  for (const { points, duration } of HOME_POINT_LIMITS) {
    const inWindow = counted.filter((at) => at > now - duration * 1000).sort((a, b) => a - b);
    // The window has room again once enough of its moves have aged out of it.
    const oldest = inWindow[inWindow.length - points];
    if (oldest !== undefined) wait = Math.max(wait, oldest + duration * 1000 - now);
  }
  return wait;
}

/** "N seconds", "N minutes", "N hours" or "N days", rounded up, for a wait of `ms`. */
function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const [count, unit] =
    seconds < MINUTE
      ? [seconds, 'second']
      : seconds <= 2 * HOUR
        ? [Math.ceil(seconds / MINUTE), 'minute']
        : seconds <= 2 * DAY
          ? [Math.ceil(seconds / HOUR), 'hour']
          : [Math.ceil(seconds / DAY), 'day'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The 429 of a home point move past {@link HOME_POINT_LIMITS}, saying when to try again. */
export function homePointLimited(msBeforeNext: number): AppError {
  const [day, month] = HOME_POINT_LIMITS;
  return new AppError(
    'rate_limited',
    429,
    `You can change your home city ${day.points} times a day and ${month.points} times in 30 days. Please try again in ${waitText(msBeforeNext)}.`,
  );
}

/** The longest per-account login delay, in milliseconds (at most 2 s). */
export const MAX_LOGIN_DELAY_MS = 2000;

/**
 * The delay before checking a password from an address the account has not signed in from,
 * in milliseconds, after `failures` recent failed logins of the account: none for the first
 * three, then doubling from 125 ms, capped at {@link MAX_LOGIN_DELAY_MS}.
 */
export function loginDelayMs(failures: number): number {
  if (!(failures > 3)) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, 125 * 2 ** Math.min(failures - 4, 10));
}

export interface RateLimiter {
  /**
   * Counts one hit of `name` for `key`.
   * @throws AppError 429 'Too many attempts. Please try again in N minutes.' once used up.
   */
  consume(name: RateLimitName, key: string): Promise<void>;
  /** Forgets `key`'s hits of `name` (a successful login clears its failures). */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Takes back one hit of `name` for `key` (a login that turned out right). */
  refund(name: RateLimitName, key: string): Promise<void>;
  /** Counts one hit of `name` for `key` without ever refusing. */
  record(name: RateLimitName, key: string): Promise<void>;
  /** `key`'s hits of `name` in the current window (0 when off). */
  hits(name: RateLimitName, key: string): Promise<number>;
  /**
   * Counts one write of `action` by member `userId` (the authenticated id, never a client-sent
   * one).
   * @throws AppError 429 "You're doing that too often. Please try again in N minutes." (or
   * seconds) once any of its windows is used up.
   */
  write(action: WriteAction, userId: number): Promise<void>;
}

function tooMany(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new AppError(
    'rate_limited',
    429,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

function tooOften(msBeforeNext: number): AppError {
  return new AppError(
    'rate_limited',
    429,
    `You're doing that too often. Please try again in ${waitText(msBeforeNext)}.`,
  );
}

/** A limiter; with `enabled` false every call passes. */
export function createRateLimiter(enabled: boolean, redis?: RedisClientType): RateLimiter {
  if (!enabled) {
    return {
      consume: () => Promise.resolve(),
      reset: () => Promise.resolve(),
      refund: () => Promise.resolve(),
      record: () => Promise.resolve(),
      hits: () => Promise.resolve(0),
      write: () => Promise.resolve(),
    };
  }
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    const options = { keyPrefix, points, duration };
    return redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: true })
      : new RateLimiterMemory(options);
  };
  const limiters = Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([name, { points, duration }]) => [
      name,
      make(`gameon_rl_${name}`, points, duration),
    ]),
  ) as Record<RateLimitName, RateLimiterAbstract>;
  const writeLimiters = Object.fromEntries(
    Object.entries(WRITE_LIMITS).map(([action, windows]) => [
      action,
      windows.map(({ points, duration }) =>
        make(`gameon_wl_${action}_${duration}`, points, duration),
      ),
    ]),
  ) as Record<WriteAction, RateLimiterAbstract[]>;

  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
        throw error;
      }
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
    async refund(name, key) {
      await limiters[name].reward(key, 1);
    },
    async record(name, key) {
      await limiters[name].penalty(key, 1);
    },
    async hits(name, key) {
      return (await limiters[name].get(key))?.consumedPoints ?? 0;
    },
    async write(action, userId) {
      for (const limiter of writeLimiters[action]) {
        try {
          await limiter.consume(String(userId));
        } catch (error) {
          if (error instanceof RateLimiterRes) throw tooOften(error.msBeforeNext);
          throw error;
        }
      }
    },
  };
}
