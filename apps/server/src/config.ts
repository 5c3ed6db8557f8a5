/**
 * Environment -> typed config, the one place every variable is read (ARCHITECTURE.md
 * "Environment"). Throws a readable error listing the bad variables.
 */
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/gameon.db')
    .refine((url) => url.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(url), {
      message: 'must be sqlite:<path> or postgres://...',
    }),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('GameOn <no-reply@localhost>'),
  PLACES_URL: z.url().optional(),
  SEED_DEMO: booleanFlag.optional(),
  UPLOADS_DIR: z.string().default('./data/uploads'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RESPONSE_VALIDATION: z.enum(['on', 'off']).default('off'),
  PUBLIC_URL: z.url().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  ADMIN_EMAILS: z.string().default(''),
  POSTGIS: z.enum(['auto', 'off']).default('auto'),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^(https:\/\/|mailto:)/.test(v), { message: 'must be an https: or mailto: URL' })
    .optional(),
  PUSH_HTTP_ENDPOINTS: z.enum(['on', 'off']).default('off'),
});

export type Database =
  | {
      dialect: 'sqlite';
      filename: string;
      /**
       * How long a statement waits for another connection's lock before `database is locked`,
       * in milliseconds (default 5,000; db/checkpoints.ts never makes the server's writes wait).
       */
      busyTimeoutMs?: number;
      /** The size the WAL file is kept under, in bytes (default 128 MiB; db/checkpoints.ts). */
      walLimitBytes?: number;
    }
  | { dialect: 'postgres'; connectionString: string };

export interface Config {
  port: number;
  host: string;
  database: Database;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  placesUrl: string | undefined;
  /** undefined: seed only a new embedded database (ARCHITECTURE.md). */
  seedDemo: boolean | undefined;
  uploadsDir: string;
  rateLimits: boolean;
  /**
   * Fastify's trustProxy: false, a hop count (`true` = 1: the load balancer in front), or the
   * proxies' addresses/CIDRs. Never `true` for all hops: the left-most X-Forwarded-For entry is
   * whatever the client wrote.
   */
  trustProxy: false | number | string[];
  /** The built web app to serve, or null to serve only the API. */
  webDist: string | null;
  logLevel: string;
  /**
   * `RESPONSE_VALIDATION=on`: every JSON answer is checked against its route's response schema
   * from `packages/shared` before it is sent; a mismatch (a missing, mistyped or undeclared
   * field) answers 500 and logs the zod issues. The test harness turns it on so a drifted field
   * fails a test; the default `off` (production, `npm start`, the e2e server) only serializes
   * with `JSON.stringify`, no extra work per response.
   */
  responseValidation: boolean;
  /**
   * The address members reach, for absolute links (calendars), without a trailing
   * slash. Default `http://localhost:$PORT`.
   */
  publicUrl: string;
  /** `METRICS_TOKEN`: a bearer token that may read `/metrics` from anywhere; null = loopback only. */
  metricsToken: string | null;
  /**
   * The operators' e-mail addresses (`ADMIN_EMAILS`, comma-separated, case-insensitive; default
   * none), trimmed and lower-cased: they read reports and suspend members.
   */
  adminEmails: string[];
  /**
   * `POSTGIS=auto` (default): on PostgreSQL with PostGIS the feed uses its PostGIS plan;
   * `off` keeps the portable plan there too (a test of that plan, or a fallback).
   */
  postgis: boolean;
  /**
   * Web push: the VAPID key pair (`VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, base64url, both or
   * neither), or null to use the pair generated on first start and kept in the database.
   */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /**
   * The VAPID contact push services see (`VAPID_SUBJECT`, an https: or mailto: URL); default
   * `mailto:` the address of MAIL_FROM.
   */
  vapidSubject: string;
  /**
   * `PUSH_HTTP_ENDPOINTS=on` accepts plain-http push endpoints (a local push service in tests);
   * default `off`: https only, so a member cannot point the server at plain-http addresses.
   */
  pushHttpEndpoints: boolean;
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Reads `env` (default `process.env`) into a {@link Config}; throws on invalid values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    throw new Error(
      'Invalid environment:\nVAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither',
    );
  const mailAddress = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim();
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL.startsWith('sqlite:')
      ? { dialect: 'sqlite', filename: e.DATABASE_URL.slice('sqlite:'.length) }
      : { dialect: 'postgres', connectionString: e.DATABASE_URL },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    placesUrl: e.PLACES_URL,
    seedDemo: e.SEED_DEMO,
    uploadsDir: e.UPLOADS_DIR,
    rateLimits: e.RATE_LIMITS === 'on',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST === '' ? null : (e.WEB_DIST ?? defaultWebDist),
    logLevel: e.LOG_LEVEL,
    responseValidation: e.RESPONSE_VALIDATION === 'on',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    metricsToken: e.METRICS_TOKEN ?? null,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
    postgis: e.POSTGIS === 'auto',
    vapidKeys:
      e.VAPID_PUBLIC_KEY !== undefined && e.VAPID_PRIVATE_KEY !== undefined
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${mailAddress}`,
    pushHttpEndpoints: e.PUSH_HTTP_ENDPOINTS === 'on',
  };
}

/** `TRUST_PROXY`: unset/false -> no proxy; true -> 1 hop; a number -> that many hops; else a comma list of addresses. */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === '' || ['false', '0', 'off', 'no'].includes(value))
    return false;
  if (['true', 'on', 'yes'].includes(value)) return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
