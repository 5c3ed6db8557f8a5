/**
 * E-mail codes for sign-up and password reset (spec part 1 §4, §9; ARCHITECTURE.md): 6 digits
 * from a CSPRNG, stored salted and hashed, valid 10 minutes, burnt after 5 wrong tries; a new
 * code replaces the old one; sign-up and reset codes are kept apart by `purpose`.
 */
import type { Kysely } from 'kysely';
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@gameon/shared';
import type { DB, OtpPurpose } from '../../db/types.js';
import { digestsEqual, hashOtp, newOtp, newSalt } from '../../lib/crypto.js';
import { badRequest } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { addSeconds, nowIso } from '../../lib/time.js';
import * as repo from './auth.repository.js';

const SUBJECTS: Record<OtpPurpose, string> = {
  signup: 'Your GameOn verification code',
  reset: 'Your GameOn password reset code',
};

/** Renders the code e-mail: plain text and HTML, the code large and easy to read. */
export function codeMail(purpose: OtpPurpose, code: string, username?: string) {
  // Naming the account lets a person notice a sign-up someone else started with their address.
  const intro =
    purpose === 'signup'
      ? `Welcome to GameOn${username ? `, ${username}` : ''}! Use this code to verify your e-mail address:`
      : 'Use this code to reset your GameOn password:';
  const minutes = OTP_TTL_SECONDS / 60;
  const text = `${intro}\n\n    ${code}\n\nThe code expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.\n\n— GameOn`;
  const html = `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto">
<h1 style="color:#047857">GameOn</h1><p>${intro}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;font-family:monospace">${code}</p>
<p>The code expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.</p></div>`;
  return { subject: `${SUBJECTS[purpose]}: ${code}`, text, html };
}

/**
 * Renders the mail an address that already has an account gets when someone starts a sign-up
 * with it, in place of a code: sign in or reset the password, with links built from
 * `publicUrl` (PUBLIC_URL, no trailing slash).
 */
export function alreadyRegisteredMail(publicUrl: string) {
  const signIn = `${publicUrl}/login`;
  const reset = `${publicUrl}/forgot-password`;
  const intro =
    'Someone, hopefully you, tried to sign up for GameOn with this e-mail address, but you already have an account.';
  const text = `${intro}\n\nSign in: ${signIn}\nForgot your password? Reset it: ${reset}\n\nIf it was not you, ignore this e-mail: your account is unchanged.\n\n— GameOn`;
  const html = `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto">
<h1 style="color:#047857">GameOn</h1><p>${intro}</p>
<p><a href="${signIn}">Sign in</a> or, if you forgot your password, <a href="${reset}">reset it</a>.</p>
<p>If it was not you, ignore this e-mail: your account is unchanged.</p></div>`;
  return { subject: 'You already have a GameOn account', text, html };
}

/**
 * Stores a new code for `email` and `purpose`, replacing the old one, and returns it. A reset
 * code is stored for unknown addresses too (and never mailed), so the next step answers alike.
 */
export async function storeCode(
  db: Kysely<DB>,
  email: string,
  purpose: OtpPurpose,
): Promise<string> {
  const code = newOtp();
  const salt = newSalt();
  const now = new Date();
  await repo.upsertOtp(db, {
    email,
    purpose,
    salt,
    code_hash: hashOtp(code, salt),
    expires_at: addSeconds(now, OTP_TTL_SECONDS),
    created_at: now.toISOString(),
  });
  return code;
}

/** Creates (or replaces) the code for `email` and `purpose` and mails it. */
export async function issueCode(
  db: Kysely<DB>,
  mailer: Mailer,
  email: string,
  purpose: OtpPurpose,
  username?: string,
): Promise<void> {
  const code = await storeCode(db, email, purpose);
  await mailer.send({ to: email, ...codeMail(purpose, code, username) });
}

/**
 * Checks `code` for `email`/`purpose` and consumes it on success.
 * @throws AppError 400 'Invalid or expired code' (none or expired), 'Invalid code. N attempts
 * left.' (wrong), 'Too many wrong attempts. Please request a new code.' (burnt).
 */
export async function consumeCode(
  db: Kysely<DB>,
  email: string,
  purpose: OtpPurpose,
  code: string,
): Promise<void> {
  const row = await repo.findOtp(db, email, purpose);
  if (!row || row.expires_at <= nowIso()) {
    if (row) await repo.deleteOtp(db, row.id);
    throw badRequest('Invalid or expired code. Please request a new one.', [
      { field: 'otp', message: 'Invalid or expired code' },
    ]);
  }
  const claimed = await repo.claimOtpAttempt(db, row.id, OTP_MAX_ATTEMPTS);
  if (!claimed) {
    throw badRequest('Too many wrong attempts. Please request a new code.', [
      { field: 'otp', message: 'Too many wrong attempts' },
    ]);
  }
  if (digestsEqual(hashOtp(code, claimed.salt), claimed.code_hash)) {
    // Only one of several requests with the right code gets it.
    if (await repo.takeOtp(db, row.id)) return;
    throw badRequest('Invalid or expired code. Please request a new one.', [
      { field: 'otp', message: 'Invalid or expired code' },
    ]);
  }
  const left = OTP_MAX_ATTEMPTS - claimed.attempts;
  if (left <= 0) {
    throw badRequest('Too many wrong attempts. Please request a new code.', [
      { field: 'otp', message: 'Too many wrong attempts' },
    ]);
  }
  throw badRequest(`Invalid code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`, [
    { field: 'otp', message: 'Invalid code' },
  ]);
}
