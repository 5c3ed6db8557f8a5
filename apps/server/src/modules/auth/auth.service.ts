/**
 * Accounts and sessions (spec part 1 §4 Authentication, Registration; §7 calls).
 * No route creates an account without a verified e-mail code.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { OTP_TTL_SECONDS, type SessionUser, type sendOtpBodySchema } from '@gameon/shared';
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
import type { Principal } from '../../lib/principal.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { addSeconds, nowIso } from '../../lib/time.js';
import * as repo from './auth.repository.js';
import { consumeCode, issueCode, storeCode } from './otp.service.js';

export interface AuthDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  events: DomainEventBus;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Whether an e-mail address is an operator's (access rule, issue 17); default nobody. */
  isOperator?: (email: string) => boolean;
}

/** A reset token is good for 15 minutes after the code is verified, once. */
const RESET_TOKEN_TTL_SECONDS = 15 * 60;

/** The same answer for known and unknown e-mails: no account enumeration (issue 3). */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, a reset code has been sent.';
const RESET_TOKEN_INVALID = 'Reset link is invalid or has expired. Please start again.';

// Who a session is belongs to lib/ (the HTTP guard needs it without knowing this module);
// re-exported for the callers that take it together with this service.
export type { Principal };

/** Presents a member as `GET /auth/me` returns it; `isOperator` shows the admin link (issue 17). */
export function presentSessionUser(user: repo.UserWithLists, isOperator: boolean): SessionUser {
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
  mailer,
  events,
  limiter,
  log,
  isOperator = () => false,
}: AuthDeps) {
  async function assertAvailable(username: string, email: string) {
    const errors = [];
    if (await repo.findUserByEmail(db, email))
      errors.push({ field: 'email', message: 'Email is already registered' });
    if (await repo.usernameTaken(db, username))
      errors.push({ field: 'username', message: 'Username is already taken' });
    if (errors.length > 0) throw conflict(errors.map((e) => e.message).join('; '), errors);
  }

  /** Counts a code e-mail against the address's and the client IP's budgets. */
  async function limitCodeMail(email: string, ip: string) {
    await limiter.consume('codeMailsPerIp', ip);
    await limiter.consume('codeMailsPerEmail', email);
  }

  /** Revokes sessions (all, or all but `keep`) and disconnects their sockets. */
  async function revokeSessions(userId: number, keep?: number) {
    const sessionIds = await repo.deleteSessionsOfUser(db, userId, keep);
    if (sessionIds.length > 0) events.emit('session.revoked', { sessionIds });
  }

  async function startSession(userId: number) {
    const token = newToken();
    await repo.insertSession(db, userId, hashToken(token), nowIso());
    const [user] = await repo.findUsersWithLists(db, [userId]);
    if (!user) throw notFound('User not found');
    return { token, user: presentSessionUser(user, isOperator(user.email)) };
  }

  return {
    /**
     * Starts a sign-up: checks the username and e-mail are free, keeps the pending sign-up
     * with the password already hashed, and mails a code (spec part 1 §7 send-otp).
     * @throws AppError 409 when the username or e-mail is taken, 429 when rate limited.
     */
    async startSignup(
      input: z.output<typeof sendOtpBodySchema>,
      ip: string,
    ): Promise<{ success: true; message: string }> {
      await limitCodeMail(input.email, ip);
      await assertAvailable(input.username, input.email);
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
      await issueCode(db, mailer, input.email, 'signup', input.username);
      return { success: true, message: 'Verification code sent to your email' };
    },

    /** Mails a fresh sign-up code. @throws AppError 404 when no sign-up is pending, 429. */
    async resendSignupCode(email: string, ip: string): Promise<{ success: true; message: string }> {
      await limitCodeMail(email, ip);
      const pending = await repo.findPendingSignup(db, email);
      if (!pending)
        throw notFound('No pending registration for this email. Please register again.');
      await issueCode(db, mailer, email, 'signup', pending.username);
      return { success: true, message: 'A new verification code has been sent to your email' };
    },

    /**
     * Verifies the sign-up code, creates the account and signs it in.
     * @throws AppError 400 for a wrong/expired code, 404 with no pending sign-up, 409 when
     * the username or e-mail was taken meanwhile.
     */
    async completeSignup(email: string, otp: string) {
      const pending = await repo.findPendingSignup(db, email);
      if (!pending)
        throw notFound('No pending registration for this email. Please register again.');
      await consumeCode(db, email, 'signup', otp);
      // Two sign-ups racing for one username: the loser's insert breaks the unique index.
      const userId = await db
        .transaction()
        .execute(async (trx) => {
          if (await repo.findUserByEmail(trx, email))
            throw conflict('Email is already registered', [
              { field: 'email', message: 'Email is already registered' },
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
      const session = await startSession(userId);
      return { success: true as const, message: 'Registration successful', ...session };
    },

    /**
     * Signs in. Failed logins are limited per account (10 / 15 min) and all logins per client
     * IP (100 / 5 min).
     * @throws AppError 401 'Invalid email or password', 403 'account_suspended' (issue 17), 429
     *   when rate limited.
     */
    async login(email: string, password: string, ip: string) {
      await limiter.consume('loginsPerIp', ip);
      // Counted before the check and cleared on success, so concurrent guesses cannot exceed it.
      await limiter.consume('failedLoginsPerAccount', email);
      const user = await repo.findUserByEmail(db, email);
      const ok = user
        ? await verifyPassword(user.password_hash, password)
        : await verifyPassword(await (dummyHash ??= hashPassword(newToken())), password).then(
            () => false,
          );
      if (!user || !ok) throw unauthorized('Invalid email or password');
      await limiter.reset('failedLoginsPerAccount', email);
      // Only after the password: the answer does not tell strangers who is suspended (issue 17).
      if (user.suspended_at !== null)
        throw forbidden('account_suspended', 'This account is suspended.');
      return startSession(user.id);
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
     * @throws AppError 400 'Current password is incorrect'.
     */
    async changePassword(
      principal: Principal,
      currentPassword: string,
      newPassword: string,
    ): Promise<{ success: true; message: string }> {
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
     * Members by id with their sports and tags, in the order of `ids` (unknown ids skipped):
     * the one way other modules read a member's account row.
     */
    members(ids: number[]): Promise<repo.UserWithLists[]> {
      return repo.findUsersWithLists(db, ids);
    },

    /** Resolves a bearer token to its session, or null. */
    async authenticate(token: string): Promise<Principal | null> {
      if (token.length === 0 || token.length > 200) return null;
      const session = await repo.findSessionByTokenHash(db, hashToken(token));
      return session ? { userId: session.user_id, sessionId: session.id } : null;
    },

    /** The signed-in member. @throws AppError 401 when the account is gone. */
    async me(principal: Principal): Promise<SessionUser> {
      const [user] = await repo.findUsersWithLists(db, [principal.userId]);
      if (!user) throw unauthorized();
      return presentSessionUser(user, isOperator(user.email));
    },

    /**
     * Ends every session of `userId` at once and disconnects their sockets on every node (an
     * operator suspends the member; issue 17).
     */
    async endAllSessions(userId: number): Promise<void> {
      await revokeSessions(userId);
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
