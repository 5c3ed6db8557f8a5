/** Queries for members, sessions, pending sign-ups and e-mail codes. */
import type { Kysely, Transaction } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { DB, OtpPurpose, PendingSignupsTable } from '../../db/types.js';

type Executor = Kysely<DB> | Transaction<DB>;

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(
  db: Executor,
  user: { username: string; email: string; password_hash: string; bio: string; created_at: string },
  sports: string[],
  tags: string[],
): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values(user)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (sports.length > 0) {
    await db
      .insertInto('user_sports')
      .values(sports.map((value, position) => ({ user_id: id, value, position })))
      .execute();
  }
  if (tags.length > 0) {
    await db
      .insertInto('user_tags')
      .values(tags.map((value, position) => ({ user_id: id, value, position })))
      .execute();
  }
  return id;
}

/** Stores a new session (with its client's user agent and IP); returns its id. */
export function insertSession(
  db: Executor,
  session: {
    user_id: number;
    token_hash: string;
    created_at: string;
    user_agent: string | null;
    ip: string | null;
  },
) {
  return db
    .insertInto('sessions')
    .values({ ...session, last_seen_at: session.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** {@link findSessionByTokenHash}'s query, built once (it runs for every request). */
const sessionByTokenHash = reusableQuery(
  ['tokenHash'],
  (db, { tokenHash }: { tokenHash: string }) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.created_at', 's.last_seen_at'])
      .where('s.token_hash', '=', tokenHash)
      .where('u.suspended_at', 'is', null),
);

/**
 * The session of a token hash with its member's id and its times, or undefined; undefined too
 * when its member is suspended: suspending ends every session, but a sign-in that checked the
 * account just before can store one just after, and that one must not work either.
 */
export async function findSessionByTokenHash(db: Executor, tokenHash: string) {
  const [session] = await sessionByTokenHash(db, { tokenHash });
  return session;
}

/** Sets a session's `last_seen_at` to `now` unless it is already at or after `seenSince`. */
export function touchSession(db: Executor, sessionId: number, now: string, seenSince: string) {
  return db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', seenSince)
    .execute();
}

/** A member's sessions (never their token hashes), the most recently seen first. */
export function listSessionsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function deleteSession(db: Executor, sessionId: number) {
  return db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Deletes session `sessionId` only when it is `userId`'s; true when a row went. */
export async function deleteSessionOfUser(
  db: Executor,
  userId: number,
  sessionId: number,
): Promise<boolean> {
  const row = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes the sessions last seen before `seenBefore` or created before `createdBefore` (all
 * members', or `userId`'s only); returns the ids deleted.
 */
export async function deleteExpiredSessions(
  db: Executor,
  seenBefore: string,
  createdBefore: string,
  userId?: number,
): Promise<number[]> {
  let query = db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('last_seen_at', '<', seenBefore), eb('created_at', '<', createdBefore)]),
    );
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

export function upsertPendingSignup(db: Executor, row: PendingSignupsTable) {
  return db
    .insertInto('pending_signups')
    .values(row)
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        username: row.username,
        password_hash: row.password_hash,
        bio: row.bio,
        sports: row.sports,
        tags: row.tags,
        created_at: row.created_at,
      }),
    )
    .execute();
}

export function findPendingSignup(db: Executor, email: string) {
  return db.selectFrom('pending_signups').selectAll().where('email', '=', email).executeTakeFirst();
}

export function deletePendingSignup(db: Executor, email: string) {
  return db.deleteFrom('pending_signups').where('email', '=', email).execute();
}

/** Stores a new code for (email, purpose), replacing any older one. */
export function upsertOtp(
  db: Executor,
  row: {
    email: string;
    purpose: OtpPurpose;
    code_hash: string;
    salt: string;
    expires_at: string;
    created_at: string;
  },
) {
  return db
    .insertInto('otp_codes')
    .values({ ...row, attempts: 0 })
    .onConflict((oc) =>
      oc.columns(['email', 'purpose']).doUpdateSet({
        code_hash: row.code_hash,
        salt: row.salt,
        expires_at: row.expires_at,
        created_at: row.created_at,
        attempts: 0,
      }),
    )
    .execute();
}

export function findOtp(db: Executor, email: string, purpose: OtpPurpose) {
  return db
    .selectFrom('otp_codes')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * Claims one try of a code, atomically and only while under `maxAttempts`, and returns the
 * code's hash and the tries used including this one; undefined when none are left. Claiming
 * before comparing means concurrent guesses can never exceed the limit.
 */
export function claimOtpAttempt(db: Executor, id: number, maxAttempts: number) {
  return db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .returning(['code_hash', 'salt', 'attempts'])
    .executeTakeFirst();
}

/** Deletes a code; true only for the one request that actually deleted it (single use). */
export async function takeOtp(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('otp_codes')
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function deleteOtp(db: Executor, id: number) {
  return db.deleteFrom('otp_codes').where('id', '=', id).execute();
}

export function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updatePasswordHash(db: Executor, userId: number, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
}

/** Deletes the member's sessions except `keepSessionId`; returns the ids deleted. */
export async function deleteSessionsOfUser(
  db: Executor,
  userId: number,
  keepSessionId?: number,
): Promise<number[]> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Deletes every reset token of a member. */
export function deletePasswordResets(db: Executor, userId: number) {
  return db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/** Stores a reset token for the member, replacing any earlier one (call in a transaction). */
export async function replacePasswordReset(
  db: Executor,
  userId: number,
  tokenHash: string,
  expiresAt: string,
  now: string,
) {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, created_at: now })
    .execute();
}

/** Deletes and returns the reset token of `tokenHash` (single use), or undefined. */
export function takePasswordReset(db: Executor, tokenHash: string) {
  return db
    .deleteFrom('password_resets')
    .where('token_hash', '=', tokenHash)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
}

/** Whether account `userId` has signed in from `ip` since `since` (ISO time). */
export async function hasSignedInFrom(
  db: Executor,
  userId: number,
  ip: string,
  since: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_addresses')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('last_signed_in_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records that account `userId` signed in from `ip` at `now`, and prunes its addresses last
 * used before `pruneBefore` (both ISO times).
 */
export async function recordSignInAddress(
  db: Executor,
  userId: number,
  ip: string,
  now: string,
  pruneBefore: string,
): Promise<void> {
  await db
    .insertInto('sign_in_addresses')
    .values({ user_id: userId, ip, last_signed_in_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet({ last_signed_in_at: now }))
    .execute();
  await db
    .deleteFrom('sign_in_addresses')
    .where('user_id', '=', userId)
    .where('last_signed_in_at', '<', pruneBefore)
    .execute();
}
