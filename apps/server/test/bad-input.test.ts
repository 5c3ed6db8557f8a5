/**
 * Bad input across every endpoint: each answers 400 with
 * `{success: false, message, errors: [{field, message}]}`, never a 500, and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Post } from '@gameon/shared';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;
let member: LoginResponse;
let post: Post;

beforeAll(async () => {
  server = await startServer();
  member = await server.signUp('badinput');
  const other = await server.signUp('badinput_other');
  post = await server.createPost(other.token);
});
afterAll(() => server.close());

const point = { type: 'Point', coordinates: [77.59, 12.97] };
const validPost = {
  sport: 'Football',
  heading: 'Game',
  description: 'Fun',
  tags: [],
  location: point,
  locationName: 'Bengaluru',
  eventTime: new Date(Date.now() + 86_400_000).toISOString(),
  playersNeeded: 4,
};
const validSignup = {
  username: 'newbie',
  email: 'newbie@example.test',
  password: 'secret123',
  bio: '',
  sports: [],
  tags: [],
};

interface Case {
  name: string;
  method: string;
  path: string;
  auth?: boolean;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  field?: string;
}

const cases: Case[] = [
  { name: 'send-otp without a body', method: 'POST', path: '/api/auth/send-otp', field: 'body' },
  {
    name: 'send-otp with broken JSON',
    method: 'POST',
    path: '/api/auth/send-otp',
    rawBody: '{"username":',
    contentType: 'application/json',
    field: 'body',
  },
  {
    name: 'send-otp with a JSON array',
    method: 'POST',
    path: '/api/auth/send-otp',
    body: [1, 2],
    field: 'body',
  },
  {
    name: 'send-otp with a 2-letter username',
    method: 'POST',
    path: '/api/auth/send-otp',
    body: { ...validSignup, username: 'ab' },
    field: 'username',
  },
  {
    name: 'send-otp with a bad e-mail',
    method: 'POST',
    path: '/api/auth/send-otp',
    body: { ...validSignup, email: 'not-an-email' },
    field: 'email',
  },
  {
    name: 'send-otp with a short password',
    method: 'POST',
    path: '/api/auth/send-otp',
    body: { ...validSignup, password: '123' },
    field: 'password',
  },
  {
    name: 'send-otp with sports as a string',
    method: 'POST',
    path: '/api/auth/send-otp',
    body: { ...validSignup, sports: 'Football' },
    field: 'sports',
  },
  {
    name: 'send-otp with a number as username',
    method: 'POST',
    path: '/api/auth/send-otp',
    body: { ...validSignup, username: 12345 },
    field: 'username',
  },
  {
    name: 'register with an empty body',
    method: 'POST',
    path: '/api/auth/register',
    rawBody: '',
    contentType: 'application/json',
    field: 'body',
  },
  {
    name: 'verify-otp with a 5-digit code',
    method: 'POST',
    path: '/api/auth/verify-otp',
    body: { email: 'a@b.test', otp: '12345' },
    field: 'otp',
  },
  {
    name: 'verify-otp with letters in the code',
    method: 'POST',
    path: '/api/auth/verify-otp',
    body: { email: 'a@b.test', otp: 'abcdef' },
    field: 'otp',
  },
  {
    name: 'resend-otp without e-mail',
    method: 'POST',
    path: '/api/auth/resend-otp',
    body: {},
    field: 'email',
  },
  {
    name: 'login with null password',
    method: 'POST',
    path: '/api/auth/login',
    body: { email: 'a@b.test', password: null },
    field: 'password',
  },
  { name: 'post without a body', method: 'POST', path: '/api/posts', auth: true, field: 'body' },
  {
    name: 'post with an unknown sport',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, sport: 'Chess' },
    field: 'sport',
  },
  {
    name: 'post with latitude 95',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, location: { type: 'Point', coordinates: [77, 95] } },
    field: 'location.coordinates.1',
  },
  {
    name: 'post with a Polygon',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, location: { type: 'Polygon', coordinates: [77, 12] } },
    field: 'location.type',
  },
  {
    name: 'post with players as a string',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, playersNeeded: '4' },
    field: 'playersNeeded',
  },
  {
    name: 'post with a 101-character title',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, heading: 'x'.repeat(101) },
    field: 'heading',
  },
  {
    name: 'post with a non-date event time',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, eventTime: 'tomorrow' },
    field: 'eventTime',
  },
  {
    name: 'post with a 1001-character description',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, description: 'x'.repeat(1001) },
    field: 'description',
  },
  {
    name: 'post with tags as objects',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, tags: [{ a: 1 }] },
    field: 'tags.0',
  },
  {
    name: 'feed with a word for radius',
    method: 'GET',
    path: '/api/posts?radius=far&lat=1&lng=1',
    auth: true,
    field: 'radius',
  },
  {
    name: 'feed with a radius but no position',
    method: 'GET',
    path: '/api/posts?radius=5000',
    auth: true,
    field: 'lat',
  },
  {
    name: 'feed nearest first without a radius',
    method: 'GET',
    path: '/api/posts?order=nearest&lat=12.97&lng=77.59&radius=-1',
    auth: true,
    field: 'order',
  },
  {
    name: 'feed in an unknown order',
    method: 'GET',
    path: '/api/posts?order=random',
    auth: true,
    field: 'order',
  },
  {
    name: 'feed with an unknown filterType',
    method: 'GET',
    path: '/api/posts?filterType=SOME',
    auth: true,
    field: 'filterType',
  },
  {
    name: 'feed with a bad date',
    method: 'GET',
    path: '/api/posts?date=21-11-2026',
    auth: true,
    field: 'date',
  },
  {
    name: 'feed with an impossible date',
    method: 'GET',
    path: '/api/posts?date=2026-02-31',
    auth: true,
    field: 'date',
  },
  {
    name: 'feed with an unknown time zone',
    method: 'GET',
    path: '/api/posts?tz=Mars/Olympus',
    auth: true,
    field: 'tz',
  },
  {
    name: 'feed with a forged cursor',
    method: 'GET',
    path: '/api/posts?cursor=%%%garbage',
    auth: true,
    field: 'cursor',
  },
  {
    name: 'feed with limit 1000',
    method: 'GET',
    path: '/api/posts?limit=1000',
    auth: true,
    field: 'limit',
  },
  {
    name: 'interest in post id "abc"',
    method: 'POST',
    path: '/api/posts/abc/interest',
    auth: true,
    field: 'id',
  },
  {
    name: 'interest in post id -1',
    method: 'POST',
    path: '/api/posts/-1/interest',
    auth: true,
    field: 'id',
  },
  {
    name: 'group messages of chat 1.5',
    method: 'GET',
    path: '/api/messages/group/1.5',
    auth: true,
    field: 'id',
  },
  {
    name: 'mark-read of chat 0',
    method: 'POST',
    path: '/api/messages/group/0/mark-read',
    auth: true,
    field: 'id',
  },
  {
    name: 'places with two characters',
    method: 'GET',
    path: '/api/places/autocomplete?q=be',
    auth: true,
    field: 'q',
  },
  {
    name: 'places without q',
    method: 'GET',
    path: '/api/places/autocomplete',
    auth: true,
    field: 'q',
  },
  {
    name: 'interest in post id 2^31',
    method: 'POST',
    path: '/api/posts/2147483648/interest',
    auth: true,
    field: 'id',
  },
  {
    name: 'group messages with cursor 1e300',
    method: 'GET',
    path: '/api/messages/group/1?cursor=1e300',
    auth: true,
    field: 'cursor',
  },
  {
    name: 'a user with id 99999999999',
    method: 'GET',
    path: '/api/users/99999999999',
    auth: true,
    field: 'id',
  },
  {
    name: "a member's posts with cursor -5",
    method: 'GET',
    path: '/api/posts/user/1?cursor=-5',
    auth: true,
    field: 'cursor',
  },
  {
    name: 'post with NUL in the title',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, heading: 'a\u0000b' },
    field: 'heading',
  },
  {
    name: 'post with a lone surrogate in a tag',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, tags: ['\ud800'] },
    field: 'tags.0',
  },
  {
    name: 'feed with NUL in sports',
    method: 'GET',
    path: '/api/posts?sports=%00',
    auth: true,
    field: 'sports',
  },
  {
    name: 'send-otp with NUL in a sport',
    method: 'POST',
    path: '/api/auth/send-otp',
    body: { ...validSignup, sports: ['\u0000'] },
    field: 'sports.0',
  },
  {
    name: 'post with a tag that grows when lower-cased',
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { ...validPost, tags: ['İ'.repeat(30)] },
    field: 'tags.0',
  },
  {
    name: 'settings with an unknown field',
    method: 'PUT',
    path: '/api/settings',
    auth: true,
    body: { is_admin: true },
    field: 'body',
  },
  {
    name: 'settings with a 9-digit phone',
    method: 'PUT',
    path: '/api/settings',
    auth: true,
    body: { phone_number: '123456789' },
    field: 'phone_number',
  },
  {
    name: 'skills with an unknown level',
    method: 'PUT',
    path: '/api/settings/skills',
    auth: true,
    body: { skills: [{ sport: 'Golf', skill_level: 'pro' }] },
    field: 'skills.0.skill_level',
  },
  {
    name: 'availability ending before it starts',
    method: 'PUT',
    path: '/api/settings/availability',
    auth: true,
    body: [{ day_of_week: 1, start_time: '10:00', end_time: '09:00' }],
    field: '0.end_time',
  },
  {
    name: 'user search with two characters',
    method: 'GET',
    path: '/api/users/search?q=ab',
    auth: true,
    field: 'q',
  },
  {
    name: 'event with a JSON array as body',
    method: 'POST',
    path: '/api/events',
    auth: true,
    body: [1, 2],
    field: 'body',
  },
  {
    name: 'event edit with broken JSON',
    method: 'PUT',
    path: '/api/events/1',
    auth: true,
    rawBody: '{"title":',
    contentType: 'application/json',
    field: 'body',
  },
  {
    name: 'events list with a text max_cost',
    method: 'GET',
    path: '/api/events?max_cost=cheap',
    field: 'max_cost',
  },
  {
    name: 'event registration with letters as event id',
    method: 'POST',
    path: '/api/event-registrations',
    auth: true,
    body: { event_id: 'abc', name: 'Asha', phone: '9876543210' },
    field: 'event_id',
  },
  {
    name: 'report without a reason',
    method: 'POST',
    path: '/api/users/1/report',
    auth: true,
    body: {},
    field: 'reason',
  },
];

describe('bad input answers 400 with field errors, never a 500', () => {
  it.each(cases)('$name', async (c) => {
    const postsBefore = await server.app.database.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await server.request<{
      success: boolean;
      message: string;
      errors: { field: string; message: string }[];
    }>(c.method, c.path, {
      ...(c.auth ? { token: member.token } : {}),
      ...(c.body !== undefined ? { body: c.body } : {}),
      ...(c.rawBody !== undefined ? { rawBody: c.rawBody } : {}),
      ...(c.contentType ? { headers: { 'content-type': c.contentType } } : {}),
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(res.body.errors.length).toBeGreaterThan(0);
    if (c.field) expect(res.body.errors.map((e) => e.field)).toContain(c.field);
    const postsAfter = await server.app.database.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(postsAfter.n)).toBe(Number(postsBefore.n));
  });

  it('keeps the interest untouched by a bad request', async () => {
    const feed = await server.request<Post[]>('GET', '/api/posts', { token: member.token });
    expect(feed.body.find((p) => p.id === post.id)?.interested_users).toEqual([]);
  });
});

describe('edges that are not errors', () => {
  it('a radius reaching round the globe filters nothing', async () => {
    const all = await server.request<Post[]>('GET', '/api/posts', { token: member.token });
    const huge = await server.request<Post[]>(
      'GET',
      '/api/posts?lat=-12.97&lng=-102.41&radius=40000000',
      {
        token: member.token,
      },
    );
    expect(huge.body.map((p) => p.id)).toEqual(all.body.map((p) => p.id));
  });
});

describe('plumbing', () => {
  it('answers health once migrations have run, and 404 JSON for unknown API paths', async () => {
    expect(await server.request('GET', '/api/health')).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
    expect(await server.request('GET', '/api/ready')).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
    expect(await server.request('GET', '/api/nothing-here')).toMatchObject({
      status: 404,
      body: { success: false },
    });
  });
});
