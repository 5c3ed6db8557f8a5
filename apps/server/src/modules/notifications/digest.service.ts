/**
 * The daily e-mail digest (opt-in): at 08:00 in India a member whose digest switch is on for a
 * type with something unread, and who has not been online for 24 hours, gets one mail listing
 * those notifications, with a one-click unsubscribe (RFC 8058) that needs no sign-in. A day's
 * digest is claimed in the database before it is sent, so no member gets two on one day, from
 * however many processes.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { defaultChannels, NOTIFICATION_TYPES } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import { hashToken, newToken } from '../../lib/crypto.js';
import { notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { addSeconds } from '../../lib/time.js';
import type { Scheduler } from '../scheduler/index.js';
import { digestMail, unsubscribeUrl } from './digest-mail.js';
import * as repo from './digest.repository.js';

/** The digest's time zone and hour there: 08:00 IST. */
export const DIGEST_TIME_ZONE = 'Asia/Kolkata';
export const DIGEST_HOUR = 8;
/** A member online (a session used, a socket open) within this many seconds gets no digest. */
export const DIGEST_OFFLINE_SECONDS = 24 * 3600;
/** Items listed in one mail; the rest are counted. */
const DIGEST_ITEMS = 20;
/** Members read per query. */
const BATCH = 200;
/** An unsubscribe token works this many seconds after its mail. */
const TOKEN_TTL_SECONDS = 90 * 24 * 3600;

/** The scheduler's kind of the daily digest run (one job, key `daily`). */
export const DIGEST_JOB = 'notifications.digest';

/** The first 08:00 IST strictly after `at`. */
export function nextDigestTime(at: Date): Date {
  const local = new TZDate(at.getTime(), DIGEST_TIME_ZONE);
  const today = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    DIGEST_HOUR,
    0,
    DIGEST_TIME_ZONE,
  );
  if (today.getTime() > at.getTime()) return new Date(today.getTime());
  return new Date(
    new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + 1,
      DIGEST_HOUR,
      0,
      DIGEST_TIME_ZONE,
    ).getTime(),
  );
}

/**
 * The digest service; it registers the daily run ({@link DIGEST_JOB}, at 08:00 IST) with the
 * scheduler.
 */
export function createDigestService({
  db,
  mailer,
  presence,
  publicUrl,
  log,
  scheduler,
  now = () => new Date(),
}: {
  db: Kysely<DB>;
  mailer: Mailer;
  /** Runs the digest daily at 08:00 IST. */
  scheduler: Pick<Scheduler, 'handle' | 'schedule'>;
  /** Whether a member has a socket open on any process. */
  presence: { isOnline(userId: number): Promise<boolean> };
  /** PUBLIC_URL, no trailing slash: the links in the mail. */
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  /** Sends `member` the digest of IST `day` unless online, nothing unread, or already sent. */
  async function sendOne(member: repo.DigestMember, day: string, at: Date): Promise<boolean> {
    if (await presence.isOnline(member.id)) return false;
    const { items, total } = await repo.unreadForDigest(db, member.id, DIGEST_ITEMS);
    if (total === 0) return false;
    if (!(await repo.claimDay(db, member.id, day, at.toISOString()))) return false;
    const token = newToken();
    await repo.insertToken(db, {
      token_hash: hashToken(token),
      user_id: member.id,
      created_at: at.toISOString(),
    });
    try {
      await mailer.send({
        to: member.email,
        ...digestMail({
          username: member.username,
          items,
          total,
          publicUrl,
          unsubscribe: unsubscribeUrl(publicUrl, token),
        }),
      });
      return true;
    } catch (error) {
      // Given back: the next run (a retry, or a restart) tries this member again today.
      await repo.releaseDay(db, member.id, day);
      // The error's text may quote the address (a refused recipient): only its code is logged.
      const code = (error as { code?: unknown } | null)?.code;
      log.warn({ code: typeof code === 'string' ? code : 'unknown' }, 'digest mail not sent');
      return false;
    }
  }

  /** The member of an unsubscribe token, or a 404 for an unknown or expired one. */
  async function memberOf(token: string): Promise<number> {
    const userId = await repo.memberOfToken(db, hashToken(token));
    if (userId === undefined) throw notFound('This unsubscribe link is not valid');
    return userId;
  }

  /**
   * Sends the digests due at `at` (default now): nothing before 08:00 IST; from then on,
   * once per member and IST day (see the returned `sendDueDigests`).
   */
  async function sendDueDigests(at: Date = now()): Promise<{ sent: number }> {
    const local = new TZDate(at.getTime(), DIGEST_TIME_ZONE);
    if (local.getHours() < DIGEST_HOUR) return { sent: 0 };
    const day = format(local, 'yyyy-MM-dd');
    const seenSince = addSeconds(at, -DIGEST_OFFLINE_SECONDS);
    await repo.purgeTokens(db, addSeconds(at, -TOKEN_TTL_SECONDS));
    let sent = 0;
    let afterId = 0;
    for (;;) {
      const members = await repo.dueMembers(db, { day, seenSince, afterId, limit: BATCH });
      const last = members.at(-1);
      if (!last) break;
      afterId = last.id;
      for (const member of members) if (await sendOne(member, day, at)) sent += 1;
    }
    return { sent };
  }

  // A daily job at 08:00 IST: the first is stored at start-up, each run stores the next. A
  // process down at 08:00 runs it when back (late, once: the day's claims stay).
  scheduler.handle(
    DIGEST_JOB,
    async () => {
      const at = now();
      await sendDueDigests(at);
      await scheduler.schedule({ kind: DIGEST_JOB, key: 'daily', dueAt: nextDigestTime(at) });
    },
    { initial: () => ({ kind: DIGEST_JOB, key: 'daily', dueAt: nextDigestTime(now()) }) },
  );

  return {
    /**
     * Sends the digests due at `at` (default now): nothing before 08:00 IST; from then on,
     * once per member and IST day. Members are read in batches by id; one failed mail is
     * logged and its day given back. Purges unsubscribe tokens older than 90 days.
     * @returns how many mails went out.
     */
    sendDueDigests,
    /** Checks an unsubscribe token (the link's page). @throws AppError 404 when unknown. */
    async checkUnsubscribe(token: string): Promise<void> {
      await memberOf(token);
    },
    /**
     * One-click unsubscribe (RFC 8058), no session needed: turns every digest switch of the
     * token's member off. Idempotent. @throws AppError 404 for an unknown or expired token.
     */
    async unsubscribe(token: string): Promise<void> {
      const userId = await memberOf(token);
      const onByDefault = NOTIFICATION_TYPES.filter((type) => defaultChannels(type).digest);
      await repo.digestOff(db, userId, onByDefault);
    },
  };
}

export type DigestService = ReturnType<typeof createDigestService>;
