/**
 * Secrets: opaque session tokens (32 random bytes, stored as SHA-256), e-mail codes (6 digits
 * from a CSPRNG, stored salted and hashed), passwords (argon2id). ARCHITECTURE.md "Identity".
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, not importable as a value).
const ARGON2ID = 2;

/** A new session token (base64url, 43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token, as stored in `sessions.token_hash`. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit code, uniformly drawn from a CSPRNG, zero-padded. */
export function newOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Salted SHA-256 of a code. The attempt limit, not the hash, is what stops guessing. */
export function hashOtp(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** argon2id hash of a password (OWASP parameters: 19 MiB, 2 iterations). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/** True when `password` matches `passwordHash`; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
