/**
 * Accounts and sessions (spec part 1 §4 Authentication, Registration; §7 calls).
 * No route creates an account without a verified e-mail code.
 */
import type { Kysely } from 'kysely';
import type { SessionUser } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/crypto.js';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import type { Mailer } from '../../lib/mail.js';
import { nowIso } from '../../lib/time.js';
import * as repo from './auth.repository.js';
import { consumeCode, issueCode } from './otp.service.js';

export interface AuthDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  events: DomainEventBus;
}

export interface SignupInput {
  username: string;
  email: string;
  password: string;
  bio: string;
  sports: string[];
  tags: string[];
}

/** The signed-in member of a request or socket. */
export interface Principal {
  userId: number;
  sessionId: number;
}

/** Presents a member as `GET /auth/me` returns it. */
export function presentSessionUser(user: repo.UserWithLists): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    bio: user.bio,
    sports: user.sports,
    tags: user.tags,
    profile_picture_url: user.profile_picture_url,
    created_at: user.created_at,
  };
}

// A real argon2id hash of a random string: login for an unknown e-mail still costs one
// verification, so response time does not reveal which addresses have accounts.
let dummyHash: Promise<string> | undefined;

export function createAuthService({ db, mailer, events }: AuthDeps) {
  async function assertAvailable(username: string, email: string) {
    const errors = [];
    if (await repo.findUserByEmail(db, email))
      errors.push({ field: 'email', message: 'Email is already registered' });
    if (await repo.usernameTaken(db, username))
      errors.push({ field: 'username', message: 'Username is already taken' });
    if (errors.length > 0) throw conflict(errors.map((e) => e.message).join('; '), errors);
  }

  async function startSession(userId: number) {
    const token = newToken();
    await repo.insertSession(db, userId, hashToken(token), nowIso());
    const [user] = await repo.findUsersWithLists(db, [userId]);
    if (!user) throw notFound('User not found');
    return { token, user: presentSessionUser(user) };
  }

  return {
    /**
     * Starts a sign-up: checks the username and e-mail are free, keeps the pending sign-up
     * with the password already hashed, and mails a code (spec part 1 §7 send-otp).
     * @throws AppError 409 when the username or e-mail is taken.
     */
    async startSignup(input: SignupInput): Promise<{ success: true; message: string }> {
      await assertAvailable(input.username, input.email);
      await repo.upsertPendingSignup(db, {
        email: input.email,
        username: input.username,
        password_hash: await hashPassword(input.password),
        bio: input.bio,
        sports: JSON.stringify(input.sports),
        tags: JSON.stringify(input.tags),
        created_at: nowIso(),
      });
      await issueCode(db, mailer, input.email, 'signup');
      return { success: true, message: 'Verification code sent to your email' };
    },

    /** Mails a fresh sign-up code. @throws AppError 404 when no sign-up is pending. */
    async resendSignupCode(email: string): Promise<{ success: true; message: string }> {
      if (!(await repo.findPendingSignup(db, email))) {
        throw notFound('No pending registration for this email. Please register again.');
      }
      await issueCode(db, mailer, email, 'signup');
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
      const userId = await db.transaction().execute(async (trx) => {
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
      });
      const session = await startSession(userId);
      return { success: true as const, message: 'Registration successful', ...session };
    },

    /** Signs in. @throws AppError 401 'Invalid email or password'. */
    async login(email: string, password: string) {
      const user = await repo.findUserByEmail(db, email);
      if (!user) {
        dummyHash ??= hashPassword(newToken());
        await verifyPassword(await dummyHash, password);
        throw unauthorized('Invalid email or password');
      }
      if (!(await verifyPassword(user.password_hash, password)))
        throw unauthorized('Invalid email or password');
      return startSession(user.id);
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
      return presentSessionUser(user);
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
