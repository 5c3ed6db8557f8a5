/**
 * Every write a member can repeat has a per-member limit (README "Writing, per member"): for each
 * limit, one member sends the writes that share it, in turn, up to the limit and one more, over
 * real HTTP with RATE_LIMITS on. The one more is a 429 saying when to try again; another member
 * doing the same write at that moment is not held back.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Post, Review, SportsEvent } from '@gameon/shared';
import {
  eventBody as sharedEventBody,
  startServer,
  type HttpResult,
  type TestServer,
} from '../../test/harness.js';
import { WRITE_LIMITS, type WriteAction } from './rate-limit.js';

type Member = LoginResponse;
/** One write by the member it was prepared for; the attempt number `i` counts from 0. */
type Write = (i: number) => Promise<HttpResult<{ message?: string }>>;

interface Row {
  action: WriteAction;
  /** The member must be an operator (ADMIN_EMAILS). */
  operator?: boolean;
  /** Makes what `member`'s writes need; answers the writes that share the limit. */
  prepare(member: Member): Write[] | Promise<Write[]>;
}

let server: TestServer;
/** Organizes the event and the game others register for and join; blocked and unblocked. */
let host: Member;
let hostEvent: SportsEvent;
let hostGame: Post;
let picture: Buffer;

const inHours = (hours: number) => new Date(Date.now() + hours * 3600 * 1000).toISOString();

const eventBody = (title: string) => sharedEventBody(title, { eventDate: inHours(24) });

const reviewBody = (title: string) => ({
  rating: 4,
  category: 'venue',
  title,
  content: 'Well-kept 5-a-side turf, floodlights till 11 pm.',
  tags: [],
});

/** `method path` as `member`, with a JSON `body`. */
const send =
  (member: Member, method: string, path: string, body?: (i: number) => unknown): Write =>
  (i) =>
    server.request(method, path, {
      token: member.token,
      ...(body ? { body: body(i) } : {}),
    });

/** A multipart picture upload as `member`. */
const upload =
  (member: Member, kind: 'avatar' | 'cover'): Write =>
  async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
    const response = await fetch(`${server.url}/api/settings/${kind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { message?: string },
      headers: response.headers,
    };
  };

const rows: Row[] = [
  {
    action: 'event',
    prepare: (m) => [send(m, 'POST', '/api/events', (i) => eventBody(`Cup ${i}`))],
  },
  {
    action: 'eventEdit',
    async prepare(m) {
      const kept = await server.createEvent(m.token);
      const cancelled = await server.createEvent(m.token);
      return [
        send(m, 'PUT', `/api/events/${kept.id}`, (i) => eventBody(`Renamed ${i}`)),
        send(m, 'DELETE', `/api/events/${cancelled.id}`),
      ];
    },
  },
  {
    action: 'eventRegistration',
    prepare(m) {
      let registrationId = 0;
      return [
        async (i) => {
          const res = await send(m, 'POST', '/api/event-registrations', () => ({
            event_id: hostEvent.id,
            name: 'Asha Rao',
            phone: '9876543210',
            country_code: '+91',
            team_name: `Strikers ${i}`,
          }))(i);
          registrationId = (res.body as { registration?: { id: number } }).registration?.id ?? 0;
          return res;
        },
        (i) => send(m, 'DELETE', `/api/event-registrations/${registrationId || 1}`)(i),
      ];
    },
  },
  {
    action: 'reviewEdit',
    async prepare(m) {
      const written = await server.request<Review>('POST', '/api/reviews', {
        token: m.token,
        body: reviewBody('Good turf'),
      });
      expect(written.status).toBe(201);
      return [
        send(m, 'PUT', `/api/reviews/${written.body.id}`, (i) => reviewBody(`Good turf ${i}`)),
        send(m, 'DELETE', '/api/reviews/2147483647'),
      ];
    },
  },
  {
    action: 'interestOrFollow',
    prepare: (m) => [
      send(m, 'POST', `/api/posts/${hostGame.id}/interest`),
      send(m, 'DELETE', `/api/posts/${hostGame.id}/interest`),
      send(m, 'POST', `/api/users/${host.user.id}/unfollow`),
    ],
  },
  {
    action: 'picture',
    prepare: (m) => [upload(m, 'avatar'), upload(m, 'cover')],
  },
  {
    action: 'profile',
    prepare: (m) => [
      send(m, 'PUT', '/api/settings', (i) => ({ bio: `Bio ${i}` })),
      send(m, 'PUT', '/api/settings/skills', () => ({
        skills: [{ sport: 'Football', skill_level: 'intermediate' }],
      })),
      send(m, 'PUT', '/api/settings/availability', () => [
        { day_of_week: 6, start_time: '07:00', end_time: '09:00' },
      ]),
    ],
  },
  {
    action: 'calendarFeed',
    prepare: (m) => [send(m, 'POST', '/api/settings/calendar-feed')],
  },
  {
    action: 'block',
    // Unblock first: the member blocks the host only in between.
    prepare: (m) => [
      send(m, 'POST', `/api/users/${host.user.id}/unblock`),
      send(m, 'POST', `/api/users/${host.user.id}/block`),
    ],
  },
  {
    action: 'readMark',
    prepare: (m) => [
      send(m, 'POST', '/api/notifications/mark-all-read'),
      send(m, 'POST', '/api/notifications/mark-read', () => ({ notificationIds: [1] })),
      send(m, 'POST', '/api/direct-messages/mark-read/2147483647'),
      send(m, 'POST', '/api/messages/group/2147483647/mark-read'),
    ],
  },
  {
    action: 'session',
    prepare: (m) => [
      send(m, 'POST', '/api/auth/sessions/sign-out-others'),
      send(m, 'DELETE', '/api/auth/sessions/2147483647'),
    ],
  },
  {
    action: 'password',
    prepare: (m) => [
      send(m, 'POST', '/api/settings/change-password', () => ({
        currentPassword: 'not-my-password',
        newPassword: 'another-secret-1',
      })),
      send(m, 'DELETE', '/api/account', () => ({ password: 'not-my-password' })),
    ],
  },
  {
    action: 'operatorAction',
    operator: true,
    prepare: (m) => [
      send(m, 'POST', '/api/admin/reports/2147483647/dismiss'),
      send(m, 'POST', `/api/admin/users/${host.user.id}/unsuspend`),
    ],
  },
];

const operators = ['wl_operator', 'wl_bystander'];

beforeAll(async () => {
  server = await startServer({
    RATE_LIMITS: 'on',
    ADMIN_EMAILS: operators.map((name) => `${name}@example.test`).join(','),
  });
  host = await server.signUp('wl_host');
  hostEvent = await server.createEvent(host.token, { maxParticipants: 100 });
  hostGame = await server.createPost(host.token, { playersNeeded: 20 });
  picture = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
});
afterAll(() => server.close());

describe('every repeatable write has a per-member limit', () => {
  let bystander: Member;
  beforeAll(async () => {
    bystander = await server.signUp('wl_bystander');
  });

  it.each(rows.map((row) => [row.action, row] as const))(
    '%s: 429 one past the limit, with when to try again; another member still writes',
    async (action, row) => {
      // The tightest window is the first to run out (pictures: 5 a minute).
      const points = Math.min(...WRITE_LIMITS[action].map((w) => w.points));
      const member = await server.signUp(row.operator ? 'wl_operator' : `wl_${action}`);
      const writes = await row.prepare(member);
      for (let i = 0; i < points; i++) {
        const res = await writes[i % writes.length]!(i);
        expect(res.status, `write ${i + 1} of ${points}`).toBeLessThan(429);
      }
      const over = await writes[points % writes.length]!(points);
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(
        /^You're doing that too often\. Please try again in \d+ (seconds?|minutes?)\.$/,
      );
      const [first] = await row.prepare(bystander);
      expect((await first!(0)).status).toBeLessThan(429);
    },
  );
});

describe('notification settings and web push subscriptions have per-member limits', () => {
  // Keys of the right form, never sent to: nothing here notifies these members.
  const subscription = (member: Member, i: number) => ({
    endpoint: `https://push.example.test/${member.user.username}/${i}`,
    expirationTime: null,
    keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
  });
  const limited: Row[] = [
    {
      action: 'notificationSetting',
      prepare: (m) => [
        send(m, 'PATCH', '/api/notifications/settings', (i) => ({
          type: 'follow',
          channel: 'push',
          enabled: i % 2 === 0,
        })),
      ],
    },
    {
      action: 'pushSubscription',
      prepare: (m) => [
        send(m, 'POST', '/api/push/subscriptions', (i) => subscription(m, i)),
        send(m, 'DELETE', '/api/push/subscriptions', (i) => ({
          endpoint: subscription(m, i - 1).endpoint,
        })),
      ],
    },
  ];
  let bystander: Member;
  beforeAll(async () => {
    bystander = await server.signUp('wl_push_bystander');
  });

  it.each(limited.map((row) => [row.action, row] as const))(
    '%s: 429 one past the limit; another member still writes',
    async (action, row) => {
      const points = Math.min(...WRITE_LIMITS[action].map((w) => w.points));
      const member = await server.signUp(`wl_${action}`);
      const writes = await row.prepare(member);
      for (let i = 0; i < points; i++) {
        const res = await writes[i % writes.length]!(i);
        expect(res.status, `write ${i + 1} of ${points}`).toBeLessThan(429);
      }
      const over = await writes[points % writes.length]!(points);
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(/^You're doing that too often\./);
      const [first] = await row.prepare(bystander);
      expect((await first!(0)).status).toBeLessThan(429);
    },
  );
});

describe('trust between players has per-member limits', () => {
  // Refused writes count too (the limit comes first): no game needs to be under way.
  const limited: Row[] = [
    {
      action: 'checkIn',
      prepare: (m) => [
        send(m, 'POST', `/api/posts/${hostGame.id}/check-in`, () => ({
          lat: 12.97,
          lng: 77.59,
          accuracy: 10,
        })),
        send(m, 'POST', `/api/posts/${hostGame.id}/no-show/dispute`),
      ],
    },
    {
      action: 'attendance',
      async prepare(m) {
        const own = await server.createPost(m.token);
        return [
          send(m, 'PUT', `/api/posts/${own.id}/minimums`, () => ({
            min_show_up_percent: null,
            min_level: null,
          })),
          send(m, 'PUT', `/api/posts/${own.id}/players/${m.user.id}/attendance`, () => ({
            status: 'checked_in',
          })),
        ];
      },
    },
    {
      action: 'rating',
      prepare: (m) => [
        send(m, 'PUT', `/api/posts/${hostGame.id}/ratings/${host.user.id}`, () => ({
          level: 'advanced',
        })),
      ],
    },
  ];
  let bystander: Member;
  beforeAll(async () => {
    bystander = await server.signUp('wl_trust_bystander');
  });

  it.each(limited.map((row) => [row.action, row] as const))(
    '%s: 429 one past the limit; another member still writes',
    async (action, row) => {
      const points = Math.min(...WRITE_LIMITS[action].map((w) => w.points));
      const member = await server.signUp(`wl_${action}`);
      const writes = await row.prepare(member);
      for (let i = 0; i < points; i++) {
        const res = await writes[i % writes.length]!(i);
        expect(res.status, `write ${i + 1} of ${points}`).toBeLessThan(429);
      }
      const over = await writes[points % writes.length]!(points);
      expect(over.status).toBe(429);
      const [first] = await row.prepare(bystander);
      expect((await first!(0)).status).toBeLessThan(429);
    },
  );
});
