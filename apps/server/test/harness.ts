/**
 * Test harness and factories (STYLE.md, after Outline's test/factories.ts): a real server on
 * loopback over a real database (a fresh SQLite file, or a fresh PostgreSQL database when
 * TEST_DIALECT=postgres), a real SMTP catcher, real HTTP and real socket.io-client sockets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  CreatePostBody,
  EventBody,
  LoginResponse,
  Post,
  ServerToClientEvents,
  SportsEvent,
} from '@gameon/shared';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { App } from '../src/lib/http.js';
import { MailCatcher } from './mail-catcher.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

async function freshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.TEST_DIALECT === 'postgres') {
    const admin = process.env.TEST_PG_URL;
    if (!admin) throw new Error('TEST_DIALECT=postgres needs TEST_PG_URL');
    const name = `gameon_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-test-'));
  return {
    url: `sqlite:${path.join(dir, 'test.db')}`,
    drop: () => fs.promises.rm(dir, { recursive: true, force: true }),
  };
}

/** A sign-up body (`send-otp`/`register`) with no bio, sports or tags. */
export const signupBody = (username: string, email: string, password = 'secret123') => ({
  username,
  email,
  password,
  bio: '',
  sports: [],
  tags: [],
});

export interface TestServer {
  app: App;
  /** Every route the app registered, as Fastify's onRoute hook saw it. */
  routes: RouteOptions[];
  url: string;
  databaseUrl: string;
  mail: MailCatcher;
  request<T = unknown>(
    method: string,
    urlPath: string,
    options?: {
      token?: string;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
    },
  ): Promise<HttpResult<T>>;
  /** Signs up through the real code flow (code read from the mail) and returns the session. */
  signUp(username: string, extra?: { sports?: string[]; tags?: string[] }): Promise<LoginResponse>;
  /** Creates a post by `token`'s member; defaults: Football, tomorrow, at [lng, lat]. */
  createPost(token: string, overrides?: Partial<CreatePostBody>): Promise<Post>;
  /**
   * Creates an event organized by `token`'s member; defaults: a Football tournament in Bengaluru
   * tomorrow, three hours long (the end follows an overridden start), 8 teams, ₹50, prize ₹1500.
   */
  createEvent(token: string, overrides?: Partial<EventBody>): Promise<SportsEvent>;
  /**
   * Moves game `postId`'s start an hour into the past, as time would (the API refuses to post
   * a game there), straight in the database.
   */
  startGame(postId: number): Promise<void>;
  /** A connected socket for `token` (rejects on connect_error). */
  connect(token?: string): Promise<ClientSocket>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A valid `POST /api/events` body: `title`, in Bengaluru, starting in 24 hours unless
 * `overrides.eventDate` says otherwise, ending 3 hours after its start.
 */
export function eventBody(title: string, overrides: Partial<EventBody> = {}): EventBody {
  const eventDate = overrides.eventDate ?? new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  return {
    title,
    description: 'A friendly tournament',
    sport: 'Football',
    location: { type: 'Point', coordinates: [77.5946, 12.9716] },
    locationName: 'Bengaluru',
    endDate: new Date(Date.parse(eventDate) + 3 * 3600 * 1000).toISOString(),
    maxParticipants: 8,
    skillLevel: 'intermediate',
    equipmentProvided: false,
    cost: 50,
    prize: 1500,
    tags: [],
    ...overrides,
    eventDate,
  };
}

/**
 * Starts a server with `env` overrides on 127.0.0.1 and a random port; `options` go to
 * `buildApp` (the log stays off; the scheduler does not poll unless `schedulerPollMs` says so).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'logger' | 'onRoute'> = {},
): Promise<TestServer> {
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  // A second node of a scale-out test shares the first one's database (env.DATABASE_URL).
  const database = env.DATABASE_URL
    ? { url: env.DATABASE_URL, drop: () => Promise.resolve() }
    : await freshDatabaseUrl();
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-uploads-'));
  const config = loadConfig({
    UPLOADS_DIR: uploadsDir,
    DATABASE_URL: database.url,
    SMTP_URL: smtpUrl,
    SEED_DEMO: 'false',
    WEB_DIST: '',
    // Every answer is checked against its route's response schema: a drifted field fails a test.
    RESPONSE_VALIDATION: 'on',
    // Rate limits off unless a test turns them on (RATE_LIMITS: 'on'): most tests write far
    // more, and faster, than a member would.
    RATE_LIMITS: 'off',
    // On PostgreSQL the feed uses PostGIS when the database has it (migration 0016 creates it
    // where installed); TEST_POSTGIS=off runs the portable plan there instead (place index cells
    // in plain SQL, as on SQLite).
    POSTGIS: process.env.TEST_POSTGIS === 'off' ? 'off' : 'auto',
    ...env,
  });
  const routes: RouteOptions[] = [];
  const app = await buildApp(config, {
    // Timed work runs when a test calls app.scheduler.runDue() after moving its clock.
    schedulerPollMs: null,
    ...options,
    logger: false,
    onRoute: (route) => routes.push(route),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const sockets: ClientSocket[] = [];

  const request: TestServer['request'] = async (method, urlPath, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url + urlPath, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as never, headers: response.headers };
  };

  const server: TestServer = {
    app,
    routes,
    url,
    databaseUrl: database.url,
    mail,
    request,
    async signUp(username, extra = {}) {
      const email = `${username}@example.test`;
      const sent = await request('POST', '/api/auth/send-otp', {
        body: {
          username,
          email,
          password: 'secret123',
          bio: `I am ${username}`,
          sports: extra.sports ?? ['Football'],
          tags: extra.tags ?? [],
        },
      });
      if (sent.status !== 200)
        throw new Error(`send-otp ${sent.status}: ${JSON.stringify(sent.body)}`);
      const otp = await mail.codeFor(email, mail.mails.filter((m) => m.to === email).length || 1);
      const verified = await request<LoginResponse>('POST', '/api/auth/verify-otp', {
        body: { email, otp },
      });
      if (verified.status !== 200)
        throw new Error(`verify-otp ${verified.status}: ${JSON.stringify(verified.body)}`);
      return verified.body;
    },
    async createPost(token, overrides = {}) {
      counter += 1;
      const res = await request<Post>('POST', '/api/posts', {
        token,
        body: {
          sport: 'Football',
          heading: `Game ${counter}`,
          description: 'Friendly game',
          tags: [],
          location: { type: 'Point', coordinates: [77.5946, 12.9716] },
          locationName: 'Bengaluru',
          eventTime: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
          playersNeeded: 4,
          ...overrides,
        },
      });
      if (res.status !== 201)
        throw new Error(`create post ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async createEvent(token, overrides = {}) {
      counter += 1;
      const res = await request<SportsEvent>('POST', '/api/events', {
        token,
        body: eventBody(`Event ${counter}`, overrides),
      });
      if (res.status !== 201)
        throw new Error(`create event ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async startGame(postId) {
      await app.database.db
        .updateTable('posts')
        .set({ event_time: new Date(Date.now() - 3600 * 1000).toISOString() })
        .where('id', '=', postId)
        .execute();
    },
    connect(token) {
      const socket: ClientSocket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(token === undefined ? {} : { auth: { token } }),
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (error) => reject(error));
      });
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await app.close();
      await mail.stop();
      await database.drop();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Resolves with the next `event` on `socket`, or rejects after `ms` (absence checks use {@link expectSilence}). */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  ms = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });
}

/** Collects every `event` on `socket` from now on. */
export function collect<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): Parameters<ServerToClientEvents[E]>[0][] {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) =>
    seen.push(payload)) as never);
  return seen;
}

/** Emits with an acknowledgement and resolves with the server's answer. */
export function emitAck<T>(
  socket: ClientSocket,
  event: keyof ClientToServerEvents,
  ...args: unknown[]
): Promise<T> {
  return new Promise((resolve) => {
    (socket.emit as (ev: string, ...rest: unknown[]) => void)(event, ...args, (response: T) =>
      resolve(response),
    );
  });
}
