/**
 * A bounded property-based fuzz of every route and socket event (at
 * least 2,000 cases, no 5xx). Every route the app registers (read from its router, with its
 * zod request schemas) gets path params from real ids and garbage, queries and bodies from
 * {@link zodArbitrary} (valid values and near-misses), with the member's token, none or a bad
 * one: no answer may be a 5xx. Every client socket event gets payloads from the same
 * generator, with and without acknowledgement: the server answers each acknowledgement, the
 * socket stays connected and a valid round trip still works, and no handler failure is counted.
 * Seeds are fixed (FUZZ_SEED, default 17); a failure prints the seed, method, url and payload.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientEventSchemas, type LoginResponse } from '@gameon/shared';
import { gazetteerReady } from '../src/modules/places/gazetteer.js';
import { emitAck, startServer, type ClientSocket, type TestServer } from './harness.js';
import { routeTable, type RouteEntry } from './fuzz/routes.js';
import { zodArbitrary, type Hints } from './fuzz/zod-arbitrary.js';

const SEED = Number(process.env.FUZZ_SEED ?? 17);
/** Cases over routes and socket events together, at least. */
const MIN_CASES = 2_000;
/** Cases over all routes at least; the routes that are not {@link COSTLY} share them equally. */
const MIN_ROUTE_CASES = 1_800;
const SOCKET_CASES_PER_EVENT = 40;
/** Routes that end the session they are called with: only a throwaway member calls them. */
const SESSION_ENDING = new Set([
  'POST /api/auth/logout',
  'DELETE /api/account',
  'POST /api/settings/change-password',
  // Ends any of the caller's sessions by id, the current one included.
  'DELETE /api/auth/sessions/:id',
]);
/**
 * Routes whose cases hash a password or sign a member up (about 0.1 s each): fewer cases, so
 * the fuzz stays within a minute per database on a small machine.
 */
const COSTLY = new Set([
  ...SESSION_ENDING,
  'POST /api/auth/send-otp',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/reset-password',
]);
const COSTLY_RUNS = 8;

let server: TestServer;
let main: LoginResponse;
let other: LoginResponse;
let throwawayCount = 0;
let throwaway: LoginResponse | null = null;
/** Ids of real rows the main member can see: members, posts, events, reviews, chats. */
const realIds: number[] = [];
let groupChatId = 0;
const caseCounts = new Map<string, number>();
/** Milliseconds spent per route or event, printed with the counts. */
const caseTimes = new Map<string, number>();
/** Answers per route by status class (`2xx`, `4xx`, ...): how deep the cases reached. */
const caseStatuses = new Map<string, Map<string, number>>();

beforeAll(async () => {
  server = await startServer({ RATE_LIMITS: 'off' });
  // Place search answers 503 "still loading" until the process's gazetteer has arrived from its
  // worker (places-loading.test.ts): the fuzz runs against a loaded server.
  await gazetteerReady();
  main = await server.signUp('fuzzmain');
  other = await server.signUp('fuzzother');
  const otherPost = await server.createPost(other.token);
  const ownPost = await server.createPost(main.token);
  const ownEvent = await server.createEvent(main.token);
  const otherEvent = await server.createEvent(other.token);
  const interest = await server.request<{ groupChatId: number }>(
    'POST',
    `/api/posts/${otherPost.id}/interest`,
    { token: main.token },
  );
  expect(interest.status).toBe(200);
  groupChatId = interest.body.groupChatId;
  const review = await server.request<{ id: number }>('POST', '/api/reviews', {
    token: main.token,
    body: { rating: 4, category: 'coaching', title: 'Good', content: 'Fine coach', tags: [] },
  });
  expect(review.status).toBe(201);
  const registration = await server.request<{ id: number }>('POST', '/api/event-registrations', {
    token: main.token,
    body: { event_id: otherEvent.id, name: 'Fuzz Main', phone: '9876543210' },
  });
  expect(registration.status).toBe(201);
  const socket = await server.connect(main.token);
  const sent = await emitAck<{ success: boolean; message?: { conversation_id: number } }>(
    socket,
    'sendDirectMessage',
    { recipientId: other.user.id, content: 'hello' },
  );
  expect(sent.success).toBe(true);
  socket.disconnect();
  realIds.push(
    main.user.id,
    other.user.id,
    otherPost.id,
    ownPost.id,
    ownEvent.id,
    otherEvent.id,
    review.body.id,
    registration.body.id,
    groupChatId,
    sent.message!.conversation_id,
  );
}, 120_000);

afterAll(async () => {
  const lines = [...caseCounts].map(
    ([name, n]) =>
      `${String(n).padStart(5)}  ${name}  ${[...(caseStatuses.get(name) ?? [])]
        .sort()
        .map(([status, k]) => `${status} ${k}`)
        .join(', ')} (${Math.round(caseTimes.get(name) ?? 0)} ms)`,
  );
  const total = [...caseCounts.values()].reduce((sum, n) => sum + n, 0);
  // The lead quotes these: cases per route and event, and the total.
  console.log(`fuzz cases by route and event (seed ${SEED}):\n${lines.join('\n')}\n${total} total`);
  await server?.close();
});

const count = (name: string) => caseCounts.set(name, (caseCounts.get(name) ?? 0) + 1);

/** A real id most of the time, else a valid-looking or a broken one. */
const idArbitrary = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }) },
  );

/** What the generator cannot read from the schemas (refinements, ids the seed made). */
const DAY_MS = 24 * 3600 * 1000;
const hints = (): Hints => ({
  tz: fc.constantFrom('Asia/Kolkata', 'UTC', 'America/New_York'),
  // An event ends after it starts, within 30 days; a game is in the future.
  eventDate: fc.constant(new Date(Date.now() + DAY_MS).toISOString()),
  endDate: fc.constant(new Date(Date.now() + DAY_MS + 3 * 3600 * 1000).toISOString()),
  eventTime: fc.constant(new Date(Date.now() + 2 * DAY_MS).toISOString()),
  radius: fc.constantFrom(-1, 5000),
  recipientId: idArbitrary(),
  groupChatId: idArbitrary(),
  groupChat: idArbitrary(),
  event_id: idArbitrary(),
  id: idArbitrary(),
});

/** Path segments: real ids, ids out of range, words, traversal, odd unicode (encoded). */
const pathParam = () =>
  fc.oneof(
    { weight: 4, arbitrary: idArbitrary().map(String) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x10',
        '2147483648',
        '99999999999999999999999',
        'abc',
        'null',
        '..',
        '../../etc/passwd',
        '%',
        ' ',
        '🏏',
        'a'.repeat(300),
        "1' OR '1'='1",
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }) },
  );

/** `text` percent-encoded; a lone surrogate goes as the bytes a hostile client would send. */
function encode(text: string): string {
  return [...text]
    .map((ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)))
    .join('');
}

/** A query string of `value` (an object's keys, arrays repeated), or raw garbage. */
function queryString(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '' : `?${encode(value)}`;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

type Auth = 'member' | 'none' | 'garbage';

interface RouteCase {
  params: Record<string, string>;
  query: unknown;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string } | null;
  auth: Auth;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The case arbitrary of `route`: its params, query, body and token. */
function routeCase(route: RouteEntry): fc.Arbitrary<RouteCase> {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
  const params = fc.record(Object.fromEntries(names.map((name) => [name, pathParam()])));
  const query = route.schema.querystring
    ? fc.oneof(
        { weight: 4, arbitrary: zodArbitrary(route.schema.querystring, hints()) },
        { weight: 1, arbitrary: fc.constantFrom('%zz', 'limit=1&limit=2', '&&==&', 'a[b]=1') },
      )
    : fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 8 }), fc.string()));
  const raw = fc.record({
    kind: fc.constant('raw' as const),
    text: fc.constantFrom('{"a":', '', '[]', 'null', '{"__proto__":{"x":1}}', '--fuzz\r\n\r\n'),
    type: fc.constantFrom(
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=fuzz',
      'application/x-www-form-urlencoded',
    ),
  });
  const json = (value: fc.Arbitrary<unknown>) =>
    fc.record({ kind: fc.constant('json' as const), value });
  let body: fc.Arbitrary<RouteCase['body']> = fc.constant(null);
  if (BODY_METHODS.has(route.method)) {
    body = route.schema.body
      ? fc.oneof(
          { weight: 6, arbitrary: json(zodArbitrary(route.schema.body, hints())) },
          { weight: 1, arbitrary: raw },
          { weight: 1, arbitrary: fc.constant(null) },
        )
      : // No body schema: a multipart upload or a body-less action; malformed multipart and junk.
        fc.oneof(fc.constant(null), raw, json(fc.jsonValue({ maxDepth: 2 })));
  }
  const auth = fc.constantFrom<Auth>('member', 'member', 'member', 'none', 'garbage');
  return fc.record({ params, query, body, auth });
}

/** A session of a member made for the session-ending routes; a new one once it has ended. */
async function throwawayToken(): Promise<string> {
  if (throwaway) {
    const me = await server.request('GET', '/api/auth/me', { token: throwaway.token });
    if (me.status === 200) return throwaway.token;
  }
  throwawayCount += 1;
  throwaway = await server.signUp(`fuzzthrow${throwawayCount}`);
  return throwaway.token;
}

describe('every HTTP route', () => {
  it('answers every generated request without a 5xx', async () => {
    const routes = routeTable(server.routes);
    expect(routes.length).toBeGreaterThan(40);
    const costly = routes.filter((route) => COSTLY.has(`${route.method} ${route.url}`)).length;
    const runs = Math.ceil((MIN_ROUTE_CASES - costly * COSTLY_RUNS) / (routes.length - costly));
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      const name = `${route.method} ${route.url}`;
      const ending = SESSION_ENDING.has(name);
      const seed = SEED + index;
      const property = fc.asyncProperty(routeCase(route), async (c) => {
        const urlPath =
          route.url.replace(/:([A-Za-z0-9_]+)|\*/g, (_m, param: string | undefined) =>
            encode(c.params[param ?? '*'] ?? ''),
          ) + queryString(c.query);
        const token =
          c.auth === 'garbage'
            ? 'not-a-session-token'
            : c.auth === 'none'
              ? undefined
              : ending
                ? await throwawayToken()
                : main.token;
        const options: Parameters<TestServer['request']>[2] = { token };
        if (c.body?.kind === 'json') options.body = c.body.value ?? null;
        if (c.body?.kind === 'raw') {
          options.rawBody = c.body.text;
          options.headers = { 'content-type': c.body.type };
        }
        count(name);
        const res = await server.request(route.method, urlPath, options);
        const statuses = caseStatuses.get(name) ?? new Map<string, number>();
        const status = `${String(res.status).slice(0, 1)}xx`;
        caseStatuses.set(name, statuses.set(status, (statuses.get(status) ?? 0) + 1));
        if (res.status >= 500)
          throw new Error(
            `${res.status} ${route.method} ${urlPath} auth=${c.auth} body=${JSON.stringify(c.body)} -> ${JSON.stringify(res.body)}`,
          );
      });
      const started = performance.now();
      try {
        await fc.assert(property, {
          seed,
          numRuns: COSTLY.has(name) ? COSTLY_RUNS : runs,
          endOnFailure: true,
        });
      } catch (error) {
        failures.push(`${name} (seed ${seed}): ${(error as Error).message.slice(0, 1500)}`);
      }
      caseTimes.set(name, performance.now() - started);
    }
    if (failures.length > 0) console.log(failures.join('\n\n'));
    expect(failures).toEqual([]);
    // The main member's session survived the fuzz, so its cases ran signed in.
    const me = await server.request('GET', '/api/auth/me', { token: main.token });
    expect(me.status).toBe(200);
  }, 240_000);
});

/** Events answered through an acknowledgement; the others (typing, join) answer nothing. */
const ACKED = new Set(['joinGroupChat', 'leaveGroupChat', 'sendDirectMessage', 'sendGroupMessage']);

describe('every client socket event', () => {
  let socket: ClientSocket;
  /** A chat the main member is in for the health check: the HTTP fuzz may have left the first or blocked its host. */
  let healthChatId = 0;

  beforeAll(async () => {
    // A host the HTTP fuzz never saw, so main cannot have blocked them.
    const host = await server.signUp('fuzzhost');
    const post = await server.createPost(host.token);
    const interest = await server.request<{ groupChatId: number }>(
      'POST',
      `/api/posts/${post.id}/interest`,
      { token: main.token },
    );
    expect(interest.status).toBe(200);
    healthChatId = interest.body.groupChatId;
    socket = await server.connect(main.token);
  });

  const events: [string, z.ZodType | null][] = [
    ...(Object.entries(clientEventSchemas) as [string, z.ZodType][]),
    ['join', null],
  ];

  it.each(events)(
    '%s: every payload is answered or dropped, the socket stays healthy',
    async (event, schema) => {
      const payload = schema
        ? fc.oneof(zodArbitrary(schema, hints()), idArbitrary(), fc.jsonValue({ maxDepth: 2 }))
        : fc.oneof(idArbitrary(), fc.jsonValue({ maxDepth: 2 }));
      const seed = SEED + 1000 + events.findIndex(([name]) => name === event);
      const property = fc.asyncProperty(payload, fc.boolean(), async (value, withAck) => {
        count(`socket ${event}`);
        const emit = (socket.emit as (ev: string, ...args: unknown[]) => void).bind(socket);
        if (withAck && ACKED.has(event)) {
          const answer = await new Promise<unknown>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no ${event} ack`)), 5000);
            emit(event, value, (response: unknown) => {
              clearTimeout(timer);
              resolve(response);
            });
          });
          expect(answer).toMatchObject({ success: expect.any(Boolean) as boolean });
        } else if (withAck) {
          emit(event, value, () => {});
        } else {
          emit(event, value);
        }
        // A valid round trip after it: the connection and its handlers still work.
        const check = await emitAck<{ success: boolean }>(socket, 'joinGroupChat', healthChatId);
        expect(check).toEqual({ success: true });
        expect(socket.connected).toBe(true);
      });
      const started = performance.now();
      try {
        await fc.assert(property, { seed, numRuns: SOCKET_CASES_PER_EVENT, endOnFailure: true });
      } catch (error) {
        throw new Error(`socket ${event} (seed ${seed}): ${(error as Error).message}`, {
          cause: error,
        });
      }
      caseTimes.set(`socket ${event}`, performance.now() - started);
      expect(server.app.handlerFailures.count(event)).toBe(0);
    },
    60_000,
  );
});

describe('the fuzz', () => {
  it(`ran at least ${MIN_CASES} cases`, () => {
    const total = [...caseCounts.values()].reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThanOrEqual(MIN_CASES);
  });
});
