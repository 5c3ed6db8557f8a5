/**
 * Events over real HTTP on a real database (SQLite, or PostgreSQL with TEST_DIALECT):
 * the public list with every filter alone and combined, its pages, one event, creation rules,
 * editing and cancelling by the organizer (registered members told, stored and pushed live), the
 * calendar file, blocks, and account deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ical from 'node-ical';
import type {
  ApiError,
  EventBody,
  EventRegistrationResponse,
  LoginResponse,
  Notification,
  SportsEvent,
} from '@gameon/shared';
import { nextEvent, startServer, type HttpResult, type TestServer } from '../../../test/harness.js';

const PUBLIC_URL = 'https://gameon.example';
let server: TestServer;
let organizer: LoginResponse;
let member: LoginResponse;
let other: LoginResponse;

beforeAll(async () => {
  server = await startServer({ PUBLIC_URL, RATE_LIMITS: 'off' });
  organizer = await server.signUp('organizer');
  member = await server.signUp('member');
  other = await server.signUp('other');
});
afterAll(() => server.close());

const inHours = (hours: number) => new Date(Date.now() + hours * 3600 * 1000).toISOString();
const BENGALURU: [number, number] = [77.5946, 12.9716];
const point = (coordinates: [number, number]) => ({ type: 'Point' as const, coordinates });

/** Every event of `query` for `token` (signed out without), following X-Next-Cursor. */
async function listAll(query: string, token?: string): Promise<SportsEvent[]> {
  const all: SportsEvent[] = [];
  let cursor: string | null = null;
  for (;;) {
    const path: string = `/api/events?limit=100${query ? `&${query}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await server.request<SportsEvent[]>('GET', path, token ? { token } : {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    all.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
    if (cursor === null) return all;
  }
}

const register = (who: LoginResponse, eventId: number) =>
  server.request<EventRegistrationResponse>('POST', '/api/event-registrations', {
    token: who.token,
    body: { event_id: eventId, name: who.user.username, phone: '9876543210' },
  });

const getEvent = (eventId: number, token?: string) =>
  server.request<SportsEvent & ApiError>('GET', `/api/events/${eventId}`, token ? { token } : {});

describe('filters', () => {
  // Five events in June 2031, times in India (+05:30), each differing in what a filter reads.
  let a: SportsEvent, b: SportsEvent, c: SportsEvent, d: SportsEvent, e: SportsEvent;
  let fixture: Set<number>;

  beforeAll(async () => {
    a = await server.createEvent(organizer.token, {
      title: 'Morning 5-a-side',
      sport: 'Football',
      skillLevel: 'beginner',
      cost: 0,
      equipmentProvided: true,
      location: point(BENGALURU),
      eventDate: '2031-06-10T10:00:00+05:30',
      endDate: '2031-06-10T12:00:00+05:30',
    });
    // Three days: runs on the 10th, 11th and 12th.
    b = await server.createEvent(organizer.token, {
      title: 'Box cricket weekend',
      sport: 'Cricket',
      skillLevel: 'intermediate',
      cost: 50,
      equipmentProvided: false,
      location: point([72.8777, 19.076]),
      eventDate: '2031-06-10T18:00:00+05:30',
      endDate: '2031-06-12T18:00:00+05:30',
    });
    // Online, no point.
    c = await server.createEvent(organizer.token, {
      title: 'BGMI scrims',
      sport: 'BGMI',
      skillLevel: 'advanced',
      cost: 100,
      equipmentProvided: false,
      location: null,
      locationName: 'Online',
      eventDate: '2031-06-11T20:00:00+05:30',
      endDate: '2031-06-11T23:00:00+05:30',
    });
    // About 10 km north of A; past midnight in India (the 12th) but still the 11th in UTC.
    d = await server.createEvent(organizer.token, {
      title: 'Midnight football',
      sport: 'Football',
      skillLevel: 'advanced',
      cost: 51,
      equipmentProvided: true,
      location: point([77.5946, 13.0616]),
      eventDate: '2031-06-11T23:30:00+05:30',
      endDate: '2031-06-12T01:30:00+05:30',
    });
    e = await server.createEvent(organizer.token, {
      title: 'Delhi tennis open',
      sport: 'Tennis',
      skillLevel: 'intermediate',
      cost: 1500,
      equipmentProvided: true,
      location: point([77.209, 28.6139]),
      eventDate: '2031-06-13T07:00:00+05:30',
      endDate: '2031-06-13T09:00:00+05:30',
    });
    fixture = new Set([a, b, c, d, e].map((x) => x.id));
  });

  /** Titles of the fixture's events in the list for `query`, in list order. */
  const shown = async (query: string) =>
    (await listAll(query)).filter((x) => fixture.has(x.id)).map((x) => x.title);
  const titles = (...events: SportsEvent[]) => events.map((x) => x.title);

  it('lists upcoming events soonest first with no filter, and with `all`', async () => {
    expect(await shown('')).toEqual(titles(a, b, c, d, e));
    expect(await shown('sport=all&skill_level=all')).toEqual(titles(a, b, c, d, e));
  });

  it('sport', async () => {
    expect(await shown('sport=Football')).toEqual(titles(a, d));
    expect(await shown('sport=BGMI')).toEqual(titles(c));
    expect(await shown('sport=Rocket%20League')).toEqual([]);
    const unknown = await server.request<ApiError>('GET', '/api/events?sport=Chess');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'sport', message: 'Unknown sport' }]);
  });

  it('skill_level', async () => {
    expect(await shown('skill_level=advanced')).toEqual(titles(c, d));
    expect(await shown('skill_level=beginner')).toEqual(titles(a));
    expect((await server.request('GET', '/api/events?skill_level=expert')).status).toBe(400);
  });

  it('date: the events that run on that day in India, multi-day ones included', async () => {
    expect(await shown('date=2031-06-10')).toEqual(titles(a, b));
    expect(await shown('date=2031-06-11')).toEqual(titles(b, c, d));
    expect(await shown('date=2031-06-12')).toEqual(titles(b, d));
    expect(await shown('date=2031-06-13')).toEqual(titles(e));
  });

  it('date in another time zone (tz)', async () => {
    expect(await shown('date=2031-06-11&tz=UTC')).toEqual(titles(b, c, d));
    expect(await shown('date=2031-06-12&tz=UTC')).toEqual(titles(b));
    const bad = await server.request<ApiError>('GET', '/api/events?date=2031-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'date', message: 'Date must be a real calendar day' },
    ]);
    expect((await server.request('GET', '/api/events?date=2031-06-11&tz=Mars/Base')).status).toBe(
      400,
    );
  });

  it('max_cost, inclusive', async () => {
    expect(await shown('max_cost=50')).toEqual(titles(a, b));
    expect(await shown('max_cost=0')).toEqual(titles(a));
    expect(await shown('max_cost=1500')).toEqual(titles(a, b, c, d, e));
    expect((await server.request('GET', '/api/events?max_cost=-1')).status).toBe(400);
  });

  it('equipment_provided', async () => {
    expect(await shown('equipment_provided=true')).toEqual(titles(a, d, e));
    expect(await shown('equipment_provided=false')).toEqual(titles(b, c));
    expect((await server.request('GET', '/api/events?equipment_provided=yes')).status).toBe(400);
  });

  it('radius around lat/lng in metres; online events always pass and carry no distance', async () => {
    const near = `lat=${BENGALURU[1]}&lng=${BENGALURU[0]}`;
    expect(await shown(`radius=25000&${near}`)).toEqual(titles(a, c, d));
    expect(await shown(`radius=5000&${near}`)).toEqual(titles(a, c));
    const withDistance = (await listAll(`radius=25000&${near}`)).filter((x) => fixture.has(x.id));
    expect(withDistance.map((x) => x.distance)).toEqual([0, undefined, expect.any(Number)]);
    expect(withDistance[2]!.distance).toBeGreaterThan(9_900);
    expect(withDistance[2]!.distance).toBeLessThan(10_100);
    // lat/lng without a radius: every event, with distances.
    const all = (await listAll(near)).filter((x) => fixture.has(x.id));
    expect(all.map((x) => x.title)).toEqual(titles(a, b, c, d, e));
    expect(all.find((x) => x.id === e.id)!.distance).toBeGreaterThan(1_500_000);
    expect((await server.request('GET', '/api/events?radius=5000')).status).toBe(400);
  });

  it('combines filters', async () => {
    const near = `lat=${BENGALURU[1]}&lng=${BENGALURU[0]}`;
    expect(
      await shown(
        `sport=Football&skill_level=advanced&equipment_provided=true&max_cost=100&date=2031-06-12&radius=25000&${near}`,
      ),
    ).toEqual(titles(d));
    expect(await shown('skill_level=advanced&equipment_provided=false')).toEqual(titles(c));
    expect(await shown('date=2031-06-11&max_cost=50')).toEqual(titles(b));
    expect(await shown(`sport=Football&radius=5000&${near}`)).toEqual(titles(a));
    expect(await shown('sport=Cricket&date=2031-06-13')).toEqual([]);
  });
});

describe('the list', () => {
  it('pages with ?limit and X-Next-Cursor: every event once, in order, no header at the end', async () => {
    for (let i = 0; i < 5; i++)
      await server.createEvent(organizer.token, { eventDate: inHours(30 + i) });
    const whole = await listAll('');
    const paged: SportsEvent[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path = `/api/events?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res: HttpResult<SportsEvent[]> = await server.request<SportsEvent[]>('GET', path);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(2);
      paged.push(...res.body);
      cursor = res.headers.get('x-next-cursor');
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(Math.ceil(whole.length / 2));
    expect(paged.map((x) => x.id)).toEqual(whole.map((x) => x.id));
    const bad = await server.request<ApiError>('GET', '/api/events?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid cursor');
  });

  it('keeps an event that has started until it ends, then drops it', async () => {
    const event = await server.createEvent(organizer.token);
    const db = server.app.database.db;
    await db
      .updateTable('events')
      .set({ event_date: inHours(-1) })
      .where('id', '=', event.id)
      .execute();
    expect((await listAll('')).map((x) => x.id)).toContain(event.id);
    await db
      .updateTable('events')
      .set({ end_date: inHours(-0.5) })
      .where('id', '=', event.id)
      .execute();
    expect((await listAll('')).map((x) => x.id)).not.toContain(event.id);
  });

  it('is public: signed out it has no is_registered; a member sees theirs with its id', async () => {
    const event = await server.createEvent(organizer.token, { title: 'Open to all' });
    const registration = (await register(member, event.id)).body.registration;
    const find = async (token?: string) =>
      (await listAll('', token)).find((x) => x.id === event.id)!;

    const signedOut = await find();
    expect(signedOut).toMatchObject({ title: 'Open to all', current_participants: 1 });
    expect(signedOut).not.toHaveProperty('is_registered');
    expect(signedOut).not.toHaveProperty('registration_id');
    expect(await find(member.token)).toMatchObject({
      is_registered: true,
      registration_id: registration.id,
    });
    const others = await find(other.token);
    expect(others.is_registered).toBe(false);
    expect(others).not.toHaveProperty('registration_id');
  });

  it('answers 401 to a dead token rather than treating it as signed out', async () => {
    const res = await server.request('GET', '/api/events', { token: 'not-a-session' });
    expect(res.status).toBe(401);
  });
});

describe('one event', () => {
  it('is public, with every field of the spec; 404 unknown', async () => {
    const event = await server.createEvent(organizer.token, {
      title: 'Koramangala 5-a-side Cup',
      description: 'Knockout tournament, 5 a side.',
      sport: 'Football',
      locationName: 'Koramangala, Bengaluru',
      eventDate: '2031-07-20T03:30:00.000Z',
      endDate: '2031-07-20T11:00:00.000Z',
      registrationDeadline: '2031-07-19T12:00:00+05:30',
      paymentDeadline: '2031-07-18T12:00:00+05:30',
      maxParticipants: 16,
      skillLevel: 'intermediate',
      equipmentProvided: true,
      cost: 50,
      prize: 1500,
      tags: ['5-a-side', 'knockout'],
    });
    const res = await getEvent(event.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: event.id,
      title: 'Koramangala 5-a-side Cup',
      description: 'Knockout tournament, 5 a side.',
      sport: 'Football',
      organizer: { id: organizer.user.id, username: 'organizer' },
      location: { type: 'Point', coordinates: BENGALURU },
      location_name: 'Koramangala, Bengaluru',
      event_date: '2031-07-20T03:30:00.000Z',
      end_date: '2031-07-20T11:00:00.000Z',
      duration_hours: 7.5,
      max_participants: 16,
      current_participants: 0,
      skill_level: 'intermediate',
      equipment_provided: true,
      cost: 50,
      prize: 1500,
      registration_deadline: '2031-07-19T06:30:00.000Z',
      payment_deadline: '2031-07-18T06:30:00.000Z',
      tags: ['5-a-side', 'knockout'],
      created_at: event.created_at,
    });
    expect((await getEvent(2_000_000_000)).status).toBe(404);
  });

  it('closes registration at the start when no deadline is given', async () => {
    const event = await server.createEvent(organizer.token, {
      eventDate: '2031-08-01T10:00:00.000Z',
    });
    expect(event).toMatchObject({
      registration_deadline: '2031-08-01T10:00:00.000Z',
      payment_deadline: null,
      is_registered: false,
    });
  });
});

describe('creating an event', () => {
  const start = inHours(48);
  const valid: EventBody = {
    title: 'Valid',
    description: 'Fine',
    sport: 'Football',
    location: point(BENGALURU),
    locationName: 'Bengaluru',
    eventDate: start,
    endDate: inHours(50),
    maxParticipants: 8,
    skillLevel: 'beginner',
    equipmentProvided: false,
    cost: 0,
    prize: 0,
    tags: [],
  };
  const create = (body: unknown, token = organizer.token) =>
    server.request<SportsEvent & ApiError>('POST', '/api/events', { token, body });

  it('needs a member', async () => {
    expect((await server.request('POST', '/api/events', { body: valid })).status).toBe(401);
  });

  it.each([
    [
      'a start in the past',
      { eventDate: inHours(-2), endDate: inHours(-1) },
      'eventDate',
      'Start date must be in the future',
    ],
    [
      'an end before the start',
      { endDate: inHours(47) },
      'endDate',
      'End date must be after the start',
    ],
    ['an end at the start', { endDate: start }, 'endDate', 'End date must be after the start'],
    [
      'more than 30 days',
      { endDate: inHours(48 + 31 * 24) },
      'endDate',
      'An event may last at most 30 days',
    ],
    [
      'a registration deadline after the start',
      { registrationDeadline: inHours(49) },
      'registrationDeadline',
      'Registration deadline must not be after the start',
    ],
    [
      'a payment deadline after the start',
      { paymentDeadline: inHours(49) },
      'paymentDeadline',
      'Payment deadline must not be after the start',
    ],
    ['no start', { eventDate: undefined }, 'eventDate', 'Start date and time is required'],
    ['no title', { title: '  ' }, 'title', 'Title is required'],
    ['a long title', { title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
    [
      'a long description',
      { description: 'x'.repeat(1001) },
      'description',
      'Description must be at most 1000 characters',
    ],
    ['an unknown sport', { sport: 'Chess' }, 'sport', 'Please select a sport or game'],
    [
      'a sport without a place',
      { location: null },
      'location',
      'Please select a location for your event.',
    ],
    ['no place name', { locationName: '' }, 'locationName', 'Location name is required'],
    [
      '0 teams',
      { maxParticipants: 0 },
      'maxParticipants',
      'Maximum participants must be a whole number from 1 to 1000',
    ],
    [
      '1.5 teams',
      { maxParticipants: 1.5 },
      'maxParticipants',
      'Maximum participants must be a whole number from 1 to 1000',
    ],
    [
      '1001 teams',
      { maxParticipants: 1001 },
      'maxParticipants',
      'Maximum participants must be a whole number from 1 to 1000',
    ],
    ['a negative cost', { cost: -1 }, 'cost', 'Cost cannot be negative'],
    ['a cost in paise', { cost: 49.5 }, 'cost', 'Cost must be a whole number of rupees'],
    ['a huge cost', { cost: 100_001 }, 'cost', 'Cost must be at most 100000 rupees'],
    ['a negative prize', { prize: -5 }, 'prize', 'Prize cannot be negative'],
    [
      'a skill level of the profile only',
      { skillLevel: 'expert' },
      'skillLevel',
      'Please select a skill level: beginner, intermediate or advanced',
    ],
  ])('refuses %s', async (_name, overrides, field, message) => {
    const res = await create({ ...valid, ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('takes an online game without a place, Rocket League included', async () => {
    const res = await create({
      ...valid,
      sport: 'Rocket League',
      location: undefined,
      locationName: 'Online',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sport: 'Rocket League',
      location: null,
      location_name: 'Online',
    });
  });
});

describe('editing an event', () => {
  it('the organizer replaces its fields; others 403 not_organizer, unknown 404, signed out 401', async () => {
    const event = await server.createEvent(organizer.token, { title: 'Before', tags: ['old'] });
    const body: EventBody = {
      title: 'After',
      description: 'New plan',
      sport: 'Cricket',
      location: point([72.8777, 19.076]),
      locationName: 'Mumbai',
      eventDate: event.event_date,
      endDate: inHours(40),
      maxParticipants: 4,
      skillLevel: 'advanced',
      equipmentProvided: true,
      cost: 200,
      prize: 5000,
      tags: ['new'],
    };
    const put = (token: string | undefined, id = event.id) =>
      server.request<SportsEvent & ApiError>('PUT', `/api/events/${id}`, {
        ...(token ? { token } : {}),
        body,
      });
    const refused = await put(member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('not_organizer');
    expect((await put(undefined)).status).toBe(401);
    expect((await put(organizer.token, 2_000_000_000)).status).toBe(404);

    const res = await put(organizer.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'After',
      sport: 'Cricket',
      location_name: 'Mumbai',
      max_participants: 4,
      skill_level: 'advanced',
      equipment_provided: true,
      cost: 200,
      prize: 5000,
      tags: ['new'],
    });
    expect((await getEvent(event.id)).body.title).toBe('After');
  });

  it('cannot take the maximum below the registrations (409), nor move the start into the past', async () => {
    const event = await server.createEvent(organizer.token, { maxParticipants: 3 });
    await register(member, event.id);
    await register(other, event.id);
    const put = (overrides: Partial<EventBody>) =>
      server.request<SportsEvent & ApiError>('PUT', `/api/events/${event.id}`, {
        token: organizer.token,
        body: {
          title: event.title,
          description: event.description,
          sport: event.sport,
          location: event.location,
          locationName: event.location_name,
          eventDate: event.event_date,
          endDate: event.end_date,
          maxParticipants: 3,
          skillLevel: event.skill_level,
          ...overrides,
        },
      });
    const below = await put({ maxParticipants: 1 });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({
      code: 'max_below_registrations',
      message: 'Maximum participants cannot be below the 2 teams already registered',
    });
    expect((await put({ maxParticipants: 2 })).body.max_participants).toBe(2);
    const past = await put({ eventDate: inHours(-1) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Start date must be in the future');
  });

  it('neither edits nor cancels an event that has ended (400 event_ended)', async () => {
    const event = await server.createEvent(organizer.token, { title: 'Over' });
    await server.app.database.db
      .updateTable('events')
      .set({ event_date: inHours(-3), end_date: inHours(-1) })
      .where('id', '=', event.id)
      .execute();
    const ended = { code: 'event_ended', message: 'This event has already ended' };
    const edit = await server.request<ApiError>('PUT', `/api/events/${event.id}`, {
      token: organizer.token,
      body: {
        title: 'Renamed',
        description: event.description,
        sport: event.sport,
        location: event.location,
        locationName: event.location_name,
        eventDate: inHours(-3),
        endDate: inHours(-1),
        maxParticipants: event.max_participants,
        skillLevel: event.skill_level,
      },
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject(ended);
    const cancel = await server.request<ApiError>('DELETE', `/api/events/${event.id}`, {
      token: organizer.token,
    });
    expect(cancel.status).toBe(400);
    expect(cancel.body).toMatchObject(ended);
    expect((await getEvent(event.id)).body.title).toBe('Over');
  });
});

describe('cancelling an event', () => {
  it('only the organizer; it leaves the list and answers 404 after', async () => {
    const event = await server.createEvent(organizer.token);
    const cancel = (who: LoginResponse, id = event.id) =>
      server.request<ApiError>('DELETE', `/api/events/${id}`, { token: who.token });
    const refused = await cancel(member);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('not_organizer');
    expect((await cancel(organizer, 2_000_000_000)).status).toBe(404);
    expect((await server.request('DELETE', `/api/events/${event.id}`)).status).toBe(401);

    expect((await cancel(organizer)).body).toEqual({ success: true });
    expect((await listAll('')).map((x) => x.id)).not.toContain(event.id);
    expect((await getEvent(event.id)).status).toBe(404);
    expect((await cancel(organizer)).status).toBe(404);
  });

  it('tells every registered member: the notification is stored and pushed on their socket', async () => {
    const event = await server.createEvent(organizer.token, { title: 'Rained out cup' });
    await register(member, event.id);
    await register(other, event.id);
    const bystander = await server.signUp('bystander');
    // What the registrations set off (a reminder, the event starting within a day) is done
    // before the member listens for the cancellation's notification.
    await server.app.domainEvents.settled();
    const socket = await server.connect(member.token);
    const pushed = nextEvent(socket, 'notification');

    expect(
      (await server.request('DELETE', `/api/events/${event.id}`, { token: organizer.token }))
        .status,
    ).toBe(200);
    const expected = {
      type: 'event_cancelled',
      message: 'organizer cancelled "Rained out cup"',
      data: { event_id: event.id },
      is_read: false,
    };
    expect(await pushed).toMatchObject(expected);
    for (const who of [member, other]) {
      const found = (await notificationsOf(who)).filter((n) => n.data.event_id === event.id);
      expect(found).toEqual([expect.objectContaining(expected)]);
    }
    expect(await notificationsOf(bystander)).toEqual([]);
    expect(await notificationsOf(organizer)).toEqual([]);
    const left = await server.app.database.db
      .selectFrom('event_registrations')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(left).toEqual([]);
  });
});

/** `who`'s event_cancelled notifications (the subscriber has run once the push arrived). */
async function notificationsOf(who: LoginResponse): Promise<Notification[]> {
  const res = await server.request<Notification[]>('GET', '/api/notifications', {
    token: who.token,
  });
  return res.body.filter((n) => n.type === 'event_cancelled');
}

describe('an event as iCalendar', () => {
  const text = (value: ical.ParameterValue | string | undefined) =>
    typeof value === 'object' ? value.val : value;
  const vevents = (body: string) =>
    Object.values(ical.sync.parseICS(body)).filter(
      (x): x is ical.VEvent => x !== undefined && x.type === 'VEVENT',
    );

  it('is public: DTSTART and DTEND the event´s, summary, place, GEO, link to the events page', async () => {
    const event = await server.createEvent(organizer.token, {
      sport: 'Football',
      title: 'Calendar cup',
      locationName: 'HSR Layout, Bengaluru',
      eventDate: '2031-09-06T03:30:00.000Z',
      endDate: '2031-09-07T11:30:00.000Z',
    });
    const res = await server.request<string>('GET', `/api/events/${event.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="event-${event.id}.ics"`,
    );
    const [vevent, ...rest] = vevents(res.body);
    expect(rest).toEqual([]);
    expect(vevent!.start.toISOString()).toBe('2031-09-06T03:30:00.000Z');
    expect(vevent!.end!.toISOString()).toBe('2031-09-07T11:30:00.000Z');
    expect(text(vevent!.summary)).toBe('Football: Calendar cup');
    expect(text(vevent!.location)).toBe('HSR Layout, Bengaluru');
    expect(vevent!.geo).toEqual({ lat: BENGALURU[1], lon: BENGALURU[0] });
    expect(text(vevent!.url)).toBe(`${PUBLIC_URL}/events?event=${event.id}`);
    expect(vevent!.uid).toBe(`event-${event.id}@gameon.example`);
  });

  it('has no GEO for an online event; 404 for an unknown one', async () => {
    const online = await server.createEvent(organizer.token, {
      sport: 'Valorant',
      location: null,
      locationName: 'Online',
    });
    const res = await server.request<string>('GET', `/api/events/${online.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('GEO:');
    expect((await server.request('GET', '/api/events/2000000000/calendar.ics')).status).toBe(404);
  });
});

describe('blocks', () => {
  it('hide an organizer´s events from the member blocked either way, not from anyone else', async () => {
    const blocker = await server.signUp('eventblocker');
    const blocked = await server.signUp('eventblocked');
    const event = await server.createEvent(blocker.token);
    await server.request('POST', `/api/users/${blocked.user.id}/block`, { token: blocker.token });
    expect((await listAll('', blocked.token)).map((x) => x.id)).not.toContain(event.id);
    expect((await getEvent(event.id, blocked.token)).status).toBe(404);
    expect((await register(blocked, event.id)).status).toBe(404);
    expect((await listAll('')).map((x) => x.id)).toContain(event.id);
    expect((await getEvent(event.id, member.token)).status).toBe(200);
  });
});

describe('account deletion', () => {
  const deleteAccount = (who: LoginResponse) =>
    server.request('DELETE', '/api/account', { token: who.token, body: { password: 'secret123' } });

  it('removes the member´s registrations and the events they organized', async () => {
    const host = await server.signUp('leavinghost');
    const fan = await server.signUp('leavingfan');
    const theirs = await server.createEvent(host.token);
    const elsewhere = await server.createEvent(organizer.token);
    await register(fan, theirs.id);
    await register(fan, elsewhere.id);
    expect((await getEvent(elsewhere.id)).body.current_participants).toBe(1);

    expect((await deleteAccount(fan)).status).toBe(200);
    expect((await getEvent(elsewhere.id)).body.current_participants).toBe(0);
    expect((await deleteAccount(host)).status).toBe(200);
    expect((await getEvent(theirs.id)).status).toBe(404);
    const rows = await server.app.database.db
      .selectFrom('event_registrations')
      .select('id')
      .where('user_id', '=', fan.user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
