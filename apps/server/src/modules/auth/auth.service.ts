/**
 * Accounts and sessions (spec part 1 §4 Authentication, Registration; §7 calls).
 * No route creates an account without a verified e-mail code.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  OTP_TTL_SECONDS,
  SESSION_IDLE_DAYS,
  SESSION_MAX_DAYS,
  type SessionInfo,
  type SessionUser,
  type sendOtpBodySchema,
} from '@gameon/shared';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import type { Mailer } from '../../lib/mail.js';
import { normalizeMailbox } from '../../lib/mailbox.js';
import type { Principal } from '../../lib/principal.js';
import { loginDelayMs, type RateLimiter } from '../../lib/rate-limit.js';
import { addSeconds, nowIso } from '../../lib/time.js';
import type { Member, MemberLookup } from '../users/members.service.js';
import * as repo from './auth.repository.js';
import { describeDevice } from './device.js';
import { createSessionCache } from './session-cache.js';
import { alreadyRegisteredMail, consumeCode, issueCode, storeCode } from './otp.service.js';

export interface AuthDeps {
  db: Kysely<DB>;
  /** The users module's member lookup: the signed-in member as `GET /auth/me` presents them. */
  users: MemberLookup;
  mailer: Mailer;
  events: DomainEventBus;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** PUBLIC_URL, for the sign-in and reset links in the "already have an account" mail. */
  publicUrl: string;
  /** Whether an e-mail address is an operator's (access rule); default nobody. */
  isOperator?: (email: string) => boolean;
  /** The ids of a member's sessions whose device has web push on (push module); default none. */
  sessionsWithPush?: (userId: number) => Promise<number[]>;
}

/** Sign-in addresses older than this are forgotten. */
const SIGN_IN_ADDRESS_TTL_SECONDS = 90 * 24 * 3600;
/** `last_seen_at` is written at most once an hour per session, not per request. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest a client's User-Agent header is kept. */
const USER_AGENT_MAX = 256;

/** Who opened a session: the client's IP address and User-Agent header. */
export interface SessionClient {
  ip: string;
  userAgent: string | undefined;
}

/** A reset token is good for 15 minutes after the code is verified, once. */
const RESET_TOKEN_TTL_SECONDS = 15 * 60;

/** The same answer for known and unknown e-mails: no account enumeration. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, a reset code has been sent.';
const RESET_TOKEN_INVALID = 'Reset link is invalid or has expired. Please start again.';

// Who a session is belongs to lib/ (the HTTP guard needs it without knowing this module);
// re-exported for the callers that take it together with this service.
export type { Principal };

/** Presents a member as `GET /auth/me` returns it; `isOperator` shows the admin link. */
export function presentSessionUser(user: Member, isOperator: boolean): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    bio: user.bio,
    sports: user.sports,
    tags: user.tags,
    profile_picture_url: user.profile_picture_url,
    created_at: user.created_at,
    is_operator: isOperator,
  };
}

// A real argon2id hash of a random string: login for an unknown e-mail still costs one
// verification, so response time does not reveal which addresses have accounts.
let dummyHash: Promise<string> | undefined;

export function createAuthService({
  db,
  users,
  mailer,
  events,
  limiter,
  log,
  publicUrl,
  isOperator = () => false,
  sessionsWithPush = () => Promise.resolve([]),
}: AuthDeps) {
  /** Sessions resolved lately; a revoked one is forgotten as it is announced. */
  const sessions = createSessionCache();
  events.on('session.revoked', ({ sessionIds }) => sessions.forget(sessionIds));

  /** Usernames are public, so a taken one is said plainly. @throws AppError 409. */
  async function assertUsernameFree(username: string) {
    if (await repo.usernameTaken(db, username))
      throw conflict('Username is already taken', [
        { field: 'username', message: 'Username is already taken' },
      ]);
  }

  /**
   * Mails a sign-up code, or to an address that already has an account the "you already have
   * an account" notice and a code nobody receives, so every next step answers alike.
   */
  async function mailSignupCode(email: string, username: string) {
    if (await repo.findUserByEmail(db, email)) {
      await storeCode(db, email, 'signup');
      await mailer.send({ to: email, ...alreadyRegisteredMail(publicUrl) });
    } else {
      await issueCode(db, mailer, email, 'signup', username);
    }
  }

  /** Remembers that `userId` signed in from `ip`, forgetting addresses unused for 90 days. */
  async function recordSignIn(userId: number, ip: string) {
    const now = new Date();
    await repo.recordSignInAddress(
      db,
      userId,
      ip,
      now.toISOString(),
      addSeconds(now, -SIGN_IN_ADDRESS_TTL_SECONDS),
    );
  }

  /**
   * Counts a code e-mail against the client IP's, the exact address's and its inbox's budgets
   * (the inbox: {@link normalizeMailbox}, so sub-addressed spellings share one budget).
   */
  async function limitCodeMail(email: string, ip: string) {
    await limiter.consume('codeMailsPerIp', ip);
    await limiter.consume('codeMailsPerEmail', email);
    await limiter.consume('codeMailsPerMailbox', normalizeMailbox(email));
  }

  /** Revokes sessions (all, or all but `keep`) and disconnects their sockets. */
  async function revokeSessions(userId: number, keep?: number) {
    const sessionIds = await repo.deleteSessionsOfUser(db, userId, keep);
    if (sessionIds.length > 0) events.emit('session.revoked', { sessionIds });
  }

  /**
   * Deletes expired sessions (idle 30 days, or begun 90 days ago) of everyone, or of
   * `userId` only, and disconnects their sockets.
   */
  async function pruneSessions(userId?: number) {
    const now = Date.now();
    const sessionIds = await repo.deleteExpiredSessions(
      db,
      new Date(now - SESSION_IDLE_DAYS * DAY_MS).toISOString(),
      new Date(now - SESSION_MAX_DAYS * DAY_MS).toISOString(),
      userId,
    );
    if (sessionIds.length > 0) events.emit('session.revoked', { sessionIds });
  }

  /** Signs `userId` in from `client`; expired sessions of everyone are pruned on the way. */
  async function startSession(userId: number, client: SessionClient) {
    const token = newToken();
    await repo.insertSession(db, {
      user_id: userId,
      token_hash: hashToken(token),
      created_at: nowIso(),
      user_agent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ip: client.ip.slice(0, 45) || null,
    });
    await pruneSessions();
    const [user] = await users.members([userId]);
    if (!user) throw notFound('User not found');
    return { token, user: presentSessionUser(user, isOperator(user.email)) };
  }

  return {
    /**
     * Starts a sign-up: checks the username is free, keeps the pending sign-up with the
     * password already hashed, and mails a code (spec part 1 §7 send-otp). An address that
     * already has an account gets the same answer and, instead of a code, a mail saying so
     * (membership is not enumerable).
     * @throws AppError 409 when the username is taken (or a sign-up for the address is waiting
     * with another password), 429 when rate limited.
     */
    async startSignup(
      input: z.output<typeof sendOtpBodySchema>,
      ip: string,
    ): Promise<{ success: true; message: string }> {
      await limitCodeMail(input.email, ip);
      await assertUsernameFree(input.username);
      // A live pending sign-up is replaced only by someone who knows its password, so nobody
      // can swap their own password into a sign-up another person is finishing.
      const pending = await repo.findPendingSignup(db, input.email);
      const live = pending && Date.parse(pending.created_at) + OTP_TTL_SECONDS * 1000 > Date.now();
      if (live && !(await verifyPassword(pending.password_hash, input.password))) {
        throw conflict(
          'A sign-up for this email is already waiting for its code. Enter the code we sent, or try again in 10 minutes.',
          [{ field: 'email', message: 'A sign-up for this email is already waiting for its code' }],
        );
      }
      await repo.upsertPendingSignup(db, {
        email: input.email,
        username: input.username,
        password_hash: await hashPassword(input.password),
        bio: input.bio,
        sports: JSON.stringify(input.sports),
        tags: JSON.stringify(input.tags),
        created_at: nowIso(),
      });
      await mailSignupCode(input.email, input.username);
      return { success: true, message: 'Verification code sent to your email' };
    },

    /**
     * Mails a fresh sign-up code (or again the "already have an account" notice).
     * @throws AppError 404 when no sign-up is pending, 429.
     */
    async resendSignupCode(email: string, ip: string): Promise<{ success: true; message: string }> {
      await limitCodeMail(email, ip);
      const pending = await repo.findPendingSignup(db, email);
      if (!pending)
        throw notFound('No pending registration for this email. Please register again.');
      await mailSignupCode(email, pending.username);
      return { success: true, message: 'A new verification code has been sent to your email' };
    },

    /**
     * Verifies the sign-up code, creates the account and signs it in from `client`.
     * @throws AppError 400 for a wrong/expired code, and alike when the address has an account;
     * 404 with no pending sign-up; 409 when the username was taken meanwhile.
     */
    async completeSignup(email: string, otp: string, client: SessionClient) {
      const pending = await repo.findPendingSignup(db, email);
      if (!pending)
        throw notFound('No pending registration for this email. Please register again.');
      await consumeCode(db, email, 'signup', otp);
      // Two sign-ups racing for one username: the loser's insert breaks the unique index.
      const userId = await db
        .transaction()
        .execute(async (trx) => {
          // Says no more than a spent code would: membership is not enumerable.
          if (await repo.findUserByEmail(trx, email))
            throw badRequest('Invalid or expired code. Please request a new one.', [
              { field: 'otp', message: 'Invalid or expired code' },
            ]);
          if (await repo.usernameTaken(trx, pending.username))
            throw conflict('Username is already taken', [
              { field: 'username', message: 'Username is already taken' },
            ]);
          const id = await repo.insertUser(
            trx,
            {
              username: pending.username,
              email,
              password_hash: pending.password_hash,
              bio: pending.bio,
              created_at: nowIso(),
            },
            parseList(pending.sports),
            parseList(pending.tags),
          );
          await repo.deletePendingSignup(trx, email);
          return id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) {
            throw conflict('Username or email is already taken. Please register again.', [
              { field: 'username', message: 'Username is already taken' },
            ]);
          }
          throw error;
        });
      await recordSignIn(userId, client.ip);
      const session = await startSession(userId, client);
      return { success: true as const, message: 'Registration successful', ...session };
    },

    /**
     * Signs in from client address `ip` (after OWASP: lock per account and IP, never
     * per account). Failed logins lock the (account, IP) pair after 10 in 15 minutes and an IP
     * after 300; all logins from one IP are capped at 1000 in 15 minutes. Per account there is
     * no lock, only a delay of at most 2 s growing with its recent failures, and only from an
     * address the account has not signed in from in 90 days.
     * @throws AppError 401 'Invalid email or password', 403 'account_suspended', 429
     *   when rate limited.
     */
    async login(email: string, password: string, ip: string, userAgent: string | undefined) {
      const pair = `${email} ${ip}`;
      await limiter.consume('loginsPerIp', ip);
      // Counted before the check and taken back on success, so concurrent guesses cannot
      // exceed them.
      await limiter.consume('failedLoginsPerIp', ip);
      await limiter.consume('failedLoginsPerAccountAndIp', pair);
      const user = await repo.findUserByEmail(db, email);
      const since = addSeconds(new Date(), -SIGN_IN_ADDRESS_TTL_SECONDS);
      if (!user || !(await repo.hasSignedInFrom(db, user.id, ip, since))) {
        await sleep(loginDelayMs(await limiter.hits('failedLoginsPerAccount', email)));
      }
      const ok = user
        ? await verifyPassword(user.password_hash, password)
        : await verifyPassword(await (dummyHash ??= hashPassword(newToken())), password).then(
            () => false,
          );
      if (!user || !ok) {
        await limiter.record('failedLoginsPerAccount', email);
        throw unauthorized('Invalid email or password');
      }
      await limiter.reset('failedLoginsPerAccountAndIp', pair);
      await limiter.refund('failedLoginsPerIp', ip);
      await limiter.reset('failedLoginsPerAccount', email);
      // Only after the password: the answer does not tell strangers who is suspended.
      if (user.suspended_at !== null)
        throw forbidden('account_suspended', 'This account is suspended.');
      await recordSignIn(user.id, ip);
      return startSession(user.id, { ip, userAgent });
    },

    /**
     * Starts a password reset: mails a reset code when the address has an account. Answers
     * the same, as fast, either way (the mail goes out in the background).
     * @throws AppError 429 when rate limited.
     */
    async forgotPassword(email: string, ip: string): Promise<{ success: true; message: string }> {
      await limitCodeMail(email, ip);
      if (await repo.findUserByEmail(db, email)) {
        issueCode(db, mailer, email, 'reset').catch((error: unknown) =>
          log.error({ err: error }, 'reset code mail failed'),
        );
      } else {
        // Unknown address: a code nobody receives, so verify-reset-otp answers exactly alike.
        await storeCode(db, email, 'reset');
      }
      return { success: true, message: FORGOT_PASSWORD_MESSAGE };
    },

    /**
     * Exchanges a reset code for a single-use reset token valid 15 minutes.
     * @throws AppError 400 for a wrong, expired or burnt code (and for unknown e-mails alike).
     */
    async verifyResetCode(
      email: string,
      otp: string,
    ): Promise<{ success: true; resetToken: string }> {
      await consumeCode(db, email, 'reset', otp);
      const user = await repo.findUserByEmail(db, email);
      if (!user)
        throw badRequest('Invalid or expired code. Please request a new one.', [
          { field: 'otp', message: 'Invalid or expired code' },
        ]);
      const resetToken = newToken();
      const now = new Date();
      await db
        .transaction()
        .execute((trx) =>
          repo.replacePasswordReset(
            trx,
            user.id,
            hashToken(resetToken),
            addSeconds(now, RESET_TOKEN_TTL_SECONDS),
            now.toISOString(),
          ),
        );
      return { success: true, resetToken };
    },

    /**
     * Sets a new password with a reset token (once), and signs out every session of the
     * account, disconnecting its sockets.
     * @throws AppError 400 when the token is unknown, used, expired or not this e-mail's.
     */
    async resetPassword(
      email: string,
      resetToken: string,
      newPassword: string,
    ): Promise<{ success: true; message: string }> {
      const reset = await repo.takePasswordReset(db, hashToken(resetToken));
      const user = reset ? await repo.findUserById(db, reset.user_id) : undefined;
      if (!reset || !user || user.email !== email || reset.expires_at <= nowIso()) {
        throw badRequest(RESET_TOKEN_INVALID, [
          { field: 'resetToken', message: RESET_TOKEN_INVALID },
        ]);
      }
      await repo.updatePasswordHash(db, user.id, await hashPassword(newPassword));
      await repo.deletePasswordResets(db, user.id);
      await revokeSessions(user.id);
      await limiter.reset('failedLoginsPerAccount', email);
      return {
        success: true,
        message: 'Password reset successfully. Please log in with your new password.',
      };
    },

    /**
     * Changes the password of the signed-in member (spec part 2 §7 change-password) and signs
     * out their other sessions; this one stays.
     * @throws AppError 400 'Current password is incorrect', 429 past the member's limit on
     *   password checks (shared with deleting the account), so a stolen session cannot guess it.
     */
    async changePassword(
      principal: Principal,
      currentPassword: string,
      newPassword: string,
    ): Promise<{ success: true; message: string }> {
      await limiter.write('password', principal.userId);
      const user = await repo.findUserById(db, principal.userId);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.password_hash, currentPassword))) {
        throw badRequest('Current password is incorrect', [
          { field: 'currentPassword', message: 'Current password is incorrect' },
        ]);
      }
      await repo.updatePasswordHash(db, user.id, await hashPassword(newPassword));
      await repo.deletePasswordResets(db, user.id);
      await revokeSessions(user.id, principal.sessionId);
      return { success: true, message: 'Password changed successfully' };
    },

    /**
     * Forgets sessions another process revoked (realtime/peers.ts), as this process forgets the
     * ones it revokes itself.
     */
    forgetSessions(sessionIds: readonly number[]): void {
      sessions.forget(sessionIds);
    },

    /**
     * Resolves a bearer token to its session, or null for an unknown or expired one (unused
     * 30 days, or begun 90 days ago; an expired session is deleted) or one of a suspended
     * member. Writes the session's `last_seen_at` only when it is over an hour old. A session
     * resolved in the last few seconds is answered from memory (session-cache.ts).
     */
    async authenticate(token: string): Promise<Principal | null> {
      if (token.length === 0 || token.length > 200) return null;
      const tokenHash = hashToken(token);
      let session = sessions.get(tokenHash);
      if (!session) {
        const generation = sessions.generation;
        session = await repo.findSessionByTokenHash(db, tokenHash);
        if (!session) return null;
        sessions.set(tokenHash, session, generation);
      }
      const now = Date.now();
      if (
        Date.parse(session.last_seen_at) + SESSION_IDLE_DAYS * DAY_MS <= now ||
        Date.parse(session.created_at) + SESSION_MAX_DAYS * DAY_MS <= now
      ) {
        await repo.deleteSession(db, session.id);
        events.emit('session.revoked', { sessionIds: [session.id] });
        return null;
      }
      if (Date.parse(session.last_seen_at) + SESSION_TOUCH_MS <= now) {
        const seenAt = new Date(now).toISOString();
        await repo.touchSession(
          db,
          session.id,
          seenAt,
          new Date(now - SESSION_TOUCH_MS).toISOString(),
        );
        session.last_seen_at = seenAt;
      }
      return { userId: session.user_id, sessionId: session.id };
    },

    /**
     * The member's live sessions, the most recently seen first, with `current` on
     * the one of `principal` and `push` on those whose device has web push on; never a token.
     */
    async listSessions(principal: Principal): Promise<SessionInfo[]> {
      await pruneSessions(principal.userId);
      const rows = await repo.listSessionsOfUser(db, principal.userId);
      const withPush = new Set(await sessionsWithPush(principal.userId));
      return rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.user_agent),
        ip: row.ip,
        created_at: row.created_at,
        last_seen_at: row.last_seen_at,
        current: row.id === principal.sessionId,
        push: withPush.has(row.id),
      }));
    },

    /**
     * Ends one of the member's own sessions and disconnects its sockets.
     * @throws AppError 404 for an unknown id or another member's session (alike), 429 past the
     *   member's limit (shared with signing out every other session).
     */
    async endSession(principal: Principal, sessionId: number): Promise<{ success: true }> {
      await limiter.write('session', principal.userId);
      if (!(await repo.deleteSessionOfUser(db, principal.userId, sessionId)))
        throw notFound('Session not found');
      events.emit('session.revoked', { sessionIds: [sessionId] });
      return { success: true };
    },

    /**
     * Ends every session of the member but this one, disconnecting their sockets.
     * @throws AppError 429 past the member's limit (shared with ending one session).
     */
    async endOtherSessions(principal: Principal): Promise<{ success: true }> {
      await limiter.write('session', principal.userId);
      await revokeSessions(principal.userId, principal.sessionId);
      return { success: true };
    },

    /**
     * Ends every session of a member and disconnects their sockets on every node
     * (signing out everywhere, a password change, suspension).
     */
    async endAllSessions(userId: number): Promise<void> {
      await revokeSessions(userId);
    },

    /** The signed-in member. @throws AppError 401 when the account is gone. */
    async me(principal: Principal): Promise<SessionUser> {
      const [user] = await users.members([principal.userId]);
      if (!user) throw unauthorized();
      return presentSessionUser(user, isOperator(user.email));
    },

    /** Revokes this session and disconnects its sockets. */
    async logout(principal: Principal): Promise<{ success: true }> {
      await repo.deleteSession(db, principal.sessionId);
      events.emit('session.revoked', { sessionIds: [principal.sessionId] });
      return { success: true };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function parseList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new AppError('corrupt_pending_signup', 500, 'Stored sign-up is unreadable');
  }
  return value;
}
