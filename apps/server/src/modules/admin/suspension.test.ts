/**
 * What a suspension hides (the access module's rule), over a real server on SQLite (and
 * PostgreSQL with TEST_DIALECT), real HTTP and real sockets: to everyone else a suspended member
 * is absent — profile, search, follower lists, reviews, games, share preview, events, calendar
 * feeds and conversations answer 404 or leave them out, and messages to them are refused with
 * "This member is not available"; their events are closed with their registrants told; on
 * unsuspension everything returns except the places already given to others.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CalendarFeedResponse,
  DirectConversation,
  EventRegistration,
  EventRegistrationResponse,
  LoginResponse,
  Notification,
  Post,
  Review,
  ReviewStats,
  SportsEvent,
  UserProfile,
  UserSearchResult,
} from '@gameon/shared';
import {
  emitAck,
  nextEvent,
  startServer,
  type ClientSocket,
  type TestServer,
} from '../../../test/harness.js';

const TEMPLATE = '<!doctype html><html><head><title>GameOn</title></head><body></body></html>';

let server: TestServer;
let webDist: string;
let operator: LoginResponse;
/** The member an operator suspends and unsuspends, again and again. */
let suspect: LoginResponse;
/** A member who looks. */
let onlooker: LoginResponse;
let onlookerSocket: ClientSocket;
/** Follows the suspect and is followed by them. */
let pal: LoginResponse;
/** Plays in the suspect's game and has a calendar feed. */
let player: LoginResponse;
/** Registers for the suspect's event and cancels again, to see whether registration is open. */
let latecomer: LoginResponse;
let game: Post;
let review: Review;
let event: SportsEvent;
let suspectFeed: string;
let playerFeed: string;
let conversationId: number;

const get = <T>(who: LoginResponse | null, urlPath: string) =>
  server.request<T>('GET', urlPath, who ? { token: who.token } : {});
const post = <T>(who: LoginResponse, urlPath: string, body?: unknown) =>
  server.request<T>('POST', urlPath, { token: who.token, body });
const feedPath = (url: string) => new URL(url).pathname;

async function operatorAct(action: 'suspend' | 'unsuspend', who: LoginResponse) {
  const res = await post(operator, `/api/admin/users/${who.user.id}/${action}`);
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  server = await startServer({ ADMIN_EMAILS: 'operator@example.test', WEB_DIST: webDist });
  operator = await server.signUp('operator');
  suspect = await server.signUp('suspect');
  onlooker = await server.signUp('onlooker');
  pal = await server.signUp('pal');
  player = await server.signUp('player');
  latecomer = await server.signUp('latecomer');

  await post(suspect, `/api/users/${pal.user.id}/follow`);
  await post(pal, `/api/users/${suspect.user.id}/follow`);
  game = await server.createPost(suspect.token, { heading: 'Suspect hosts 5-a-side' });
  expect((await post(player, `/api/posts/${game.id}/interest`)).status).toBe(200);
  review = (
    await post<Review>(suspect, '/api/reviews', {
      rating: 4,
      category: 'venue',
      title: 'Good turf',
      content: 'Even grass.',
      tags: [],
    })
  ).body;
  event = await server.createEvent(suspect.token, { title: 'Suspect Cup' });
  suspectFeed = (await post<CalendarFeedResponse>(suspect, '/api/settings/calendar-feed')).body.url;
  playerFeed = (await post<CalendarFeedResponse>(player, '/api/settings/calendar-feed')).body.url;
  // The suspect writes to the onlooker, who leaves it unread.
  const suspectSocket = await server.connect(suspect.token);
  const sent = await emitAck<{ success: boolean; message: { conversation_id: number } }>(
    suspectSocket,
    'sendDirectMessage',
    { recipientId: onlooker.user.id, content: 'Hello there' },
  );
  conversationId = sent.message.conversation_id;
  suspectSocket.disconnect();
  onlookerSocket = await server.connect(onlooker.token);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const registrationForm = (eventId: number) => ({
  event_id: eventId,
  event_title: 'Suspect Cup',
  name: 'Late Comer',
  email: 'latecomer@example.test',
  phone: '9876543210',
  country_code: '+91',
  team_name: 'Late Comers',
});

/**
 * Each surface: what an observer sees of the suspect, as shown (before the suspension and after
 * it ends) and while hidden.
 */
const surfaces: {
  surface: string;
  observe: () => Promise<unknown>;
  shown: unknown;
  hidden: unknown;
}[] = [
  {
    surface: 'profile',
    observe: async () => (await get(onlooker, `/api/users/${suspect.user.id}`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'public settings',
    observe: async () => (await get(onlooker, `/api/settings/public/${suspect.user.id}`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'people search',
    observe: async () =>
      (await get<UserSearchResult[]>(onlooker, '/api/users/search?q=suspect')).body.map(
        (u) => u.username,
      ),
    shown: ['suspect'],
    hidden: [],
  },
  {
    surface: "follower and following lists on another member's profile",
    observe: async () => {
      const { body } = await get<UserProfile>(onlooker, `/api/users/${pal.user.id}`);
      return {
        followers: body.followers.map((u) => u.username),
        following: body.following.map((u) => u.username),
        counts: [body.followers_count, body.following_count],
      };
    },
    shown: { followers: ['suspect'], following: ['suspect'], counts: [1, 1] },
    hidden: { followers: [], following: [], counts: [0, 0] },
  },
  {
    surface: 'following them',
    observe: async () => (await post(onlooker, `/api/users/${suspect.user.id}/follow`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'their games list',
    observe: async () => (await get(onlooker, `/api/posts/user/${suspect.user.id}`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'their game by direct link',
    observe: async () => (await get(onlooker, `/api/posts/${game.id}`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'their game by direct link, signed out',
    observe: async () => (await get(null, `/api/posts/${game.id}`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: "their game's share preview",
    observe: async () => {
      const html = await (await fetch(`${server.url}/posts/${game.id}`)).text();
      return html.includes('Suspect hosts 5-a-side');
    },
    shown: true,
    hidden: false,
  },
  {
    surface: "their game's calendar for a player",
    observe: async () => (await get(player, `/api/posts/${game.id}/calendar.ics`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: "a player's joined games",
    observe: async () =>
      (await get<Post[]>(player, '/api/posts/joined')).body.map((p) => p.id).includes(game.id),
    shown: true,
    hidden: false,
  },
  {
    surface: "a player's calendar feed",
    observe: async () =>
      (await get<string>(null, feedPath(playerFeed))).body.includes('Suspect hosts 5-a-side'),
    shown: true,
    hidden: false,
  },
  {
    surface: 'their own calendar feed',
    observe: async () => (await get(null, feedPath(suspectFeed))).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'their reviews list',
    observe: async () => (await get(onlooker, `/api/users/${suspect.user.id}/reviews`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'the reviews list',
    observe: async () =>
      (await get<Review[]>(onlooker, '/api/reviews')).body.map((r) => r.id).includes(review.id),
    shown: true,
    hidden: false,
  },
  {
    surface: 'the review stats',
    observe: async () => (await get<ReviewStats>(onlooker, '/api/reviews/stats')).body.count,
    shown: 1,
    hidden: 0,
  },
  {
    surface: 'reporting their review',
    observe: async () =>
      (await post(onlooker, `/api/reviews/${review.id}/report`, { reason: 'Fake' })).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'the events list, signed in and out',
    observe: async () =>
      Promise.all(
        [onlooker, null].map(async (who) =>
          (await get<SportsEvent[]>(who, '/api/events')).body.map((e) => e.id).includes(event.id),
        ),
      ),
    shown: [true, true],
    hidden: [false, false],
  },
  {
    surface: 'their event by direct link',
    observe: async () => (await get(null, `/api/events/${event.id}`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: "their event's calendar",
    observe: async () => (await get(null, `/api/events/${event.id}/calendar.ics`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'registering for their event',
    observe: async () => {
      const res = await post<EventRegistrationResponse>(
        latecomer,
        '/api/event-registrations',
        registrationForm(event.id),
      );
      if (res.status === 201)
        await server.request('DELETE', `/api/event-registrations/${res.body.registration.id}`, {
          token: latecomer.token,
        });
      return res.status;
    },
    shown: 201,
    hidden: 404,
  },
  {
    surface: 'reporting their event',
    observe: async () =>
      (await post(onlooker, `/api/events/${event.id}/report`, { reason: 'Fake' })).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'a direct message to them over the socket',
    observe: async () => {
      const ack = await emitAck<{ success: boolean; message?: unknown }>(
        onlookerSocket,
        'sendDirectMessage',
        { recipientId: suspect.user.id, content: 'Are you there?' },
      );
      return ack.success ? 'sent' : ack.message;
    },
    shown: 'sent',
    hidden: 'This member is not available',
  },
  {
    surface: 'the conversation with them over HTTP',
    observe: async () => {
      const res = await get<{ message?: string }>(
        onlooker,
        `/api/direct-messages/conversation/${suspect.user.id}`,
      );
      return res.status === 200 ? 200 : [res.status, res.body.message];
    },
    shown: 200,
    hidden: [404, 'This member is not available'],
  },
  {
    surface: 'the conversations list',
    observe: async () =>
      (await get<DirectConversation[]>(onlooker, '/api/direct-messages/conversations')).body.map(
        (c) => c.other_user_username,
      ),
    shown: ['suspect'],
    hidden: [],
  },
  {
    surface: 'the conversation by its id',
    observe: async () => (await get(onlooker, `/api/messages/direct/${conversationId}`)).status,
    shown: 200,
    hidden: 404,
  },
  {
    surface: 'the unread messages count',
    observe: async () =>
      (await get<{ total: number }>(onlooker, '/api/messages/unread-count')).body.total,
    shown: 1,
    hidden: 0,
  },
];

describe('a suspended member is absent to everyone else, and back once unsuspended', () => {
  it.each(surfaces)('$surface', async ({ observe, shown, hidden }) => {
    expect(await observe()).toEqual(shown);
    await operatorAct('suspend', suspect);
    try {
      expect(await observe()).toEqual(hidden);
    } finally {
      await operatorAct('unsuspend', suspect);
    }
    expect(await observe()).toEqual(shown);
  });
});

/** `who`'s notifications of `type`. */
async function notificationsOf(who: LoginResponse, type: string): Promise<Notification[]> {
  return (await get<Notification[]>(who, '/api/notifications')).body.filter((n) => n.type === type);
}

describe("a suspended member's events and registrations", () => {
  it('closes their events and tells the registrants; unsuspended, the events return with them', async () => {
    const organizer = await server.signUp('organizer');
    const entrant = await server.signUp('entrant');
    const cup = await server.createEvent(organizer.token, { title: 'Monsoon Cup' });
    const registered = await post<EventRegistrationResponse>(
      entrant,
      '/api/event-registrations',
      registrationForm(cup.id),
    );
    expect(registered.status).toBe(201);
    // What the registration set off (a reminder, the event starting within a day) is done
    // before the member listens for what the suspension brings.
    await server.app.domainEvents.settled();
    const socket = await server.connect(entrant.token);
    const pushed = nextEvent(socket, 'notification');

    await operatorAct('suspend', organizer);
    const expected = {
      type: 'event_closed',
      message: '"Monsoon Cup" is closed: its organizer is not available',
      data: { event_id: cup.id },
      is_read: false,
    };
    expect(await pushed).toMatchObject(expected);
    expect(await notificationsOf(entrant, 'event_closed')).toEqual([
      expect.objectContaining(expected),
    ]);
    expect((await get(entrant, `/api/events/${cup.id}`)).status).toBe(404);

    await operatorAct('unsuspend', organizer);
    const back = await get<SportsEvent>(entrant, `/api/events/${cup.id}`);
    expect(back.body).toMatchObject({
      current_participants: 1,
      is_registered: true,
      registration_id: registered.body.registration.id,
    });
  });

  it("frees their places in others' events, which stay with whoever took them", async () => {
    const host = await server.signUp('eventhost');
    const wanderer = await server.signUp('wanderer');
    const newcomer = await server.signUp('newcomer');
    const duel = await server.createEvent(host.token, {
      title: 'One-team duel',
      maxParticipants: 1,
    });
    expect(
      (await post(wanderer, '/api/event-registrations', registrationForm(duel.id))).status,
    ).toBe(201);

    await operatorAct('suspend', wanderer);
    const registrants = async () =>
      (await get<EventRegistration[]>(host, `/api/events/${duel.id}/registrations`)).body.map(
        (r) => r.user.id,
      );
    expect(await registrants()).toEqual([]);
    expect(
      (await post(newcomer, '/api/event-registrations', registrationForm(duel.id))).status,
    ).toBe(201);

    await operatorAct('unsuspend', wanderer);
    expect(await registrants()).toEqual([newcomer.user.id]);
  });
});
