/**
 * Event registration over real HTTP on a real database (SQLite, or PostgreSQL with
 * TEST_DIALECT): the form's rules and each refusal, the account's e-mail stored whatever the
 * body says, the capacity race, cancelling one's own, the organizer's list, and that no other
 * answer ever carries a registration's phone or name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  EventRegistration,
  EventRegistrationBody,
  EventRegistrationResponse,
  LoginResponse,
  Notification,
  SportsEvent,
} from '@gameon/shared';
import { nextEvent, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let organizer: LoginResponse;
let member: LoginResponse;
let other: LoginResponse;

beforeAll(async () => {
  // A dozen sign-ups from one address would meet the per-IP limit on code mails.
  server = await startServer({ RATE_LIMITS: 'off' });
  organizer = await server.signUp('regorganizer');
  member = await server.signUp('regmember');
  other = await server.signUp('regother');
});
afterAll(() => server.close());

const inHours = (hours: number) => new Date(Date.now() + hours * 3600 * 1000).toISOString();

const form = (eventId: number, overrides: Partial<EventRegistrationBody> = {}) => ({
  event_id: eventId,
  event_title: 'Whatever the form showed',
  name: 'Asha Rao',
  email: 'asha@example.test',
  phone: '9876543210',
  country_code: '+91',
  team_name: 'Indiranagar Strikers',
  ...overrides,
});

/** A registration's answer: 201 or the contract's error body. */
type Answer = EventRegistrationResponse & Omit<ApiError, 'success'>;

const register = (who: LoginResponse | null, body: unknown) =>
  server.request<Answer>('POST', '/api/event-registrations', {
    ...(who ? { token: who.token } : {}),
    body,
  });

const getEvent = (eventId: number) => server.request<SportsEvent>('GET', `/api/events/${eventId}`);

describe('registering', () => {
  let event: SportsEvent;
  beforeAll(async () => {
    event = await server.createEvent(organizer.token, { title: 'Koramangala Cup' });
  });

  it('answers 201 {success, registration}; the account´s e-mail is stored, not the body´s', async () => {
    const res = await register(member, form(event.id, { email: 'someone-else@example.test' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      registration: {
        id: expect.any(Number) as unknown,
        event_id: event.id,
        user: { id: member.user.id, username: 'regmember' },
        name: 'Asha Rao',
        email: 'regmember@example.test',
        phone: '9876543210',
        country_code: '+91',
        team_name: 'Indiranagar Strikers',
        created_at: expect.any(String) as unknown,
      },
    });
    const stored = await server.app.database.db
      .selectFrom('event_registrations')
      .select(['email'])
      .where('id', '=', res.body.registration.id)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe('regmember@example.test');
    // The form's event_title is only informative: the event keeps its own.
    expect((await getEvent(event.id)).body).toMatchObject({
      title: 'Koramangala Cup',
      current_participants: 1,
    });
  });

  it('defaults the country code to +91 and takes no team name', async () => {
    const fan = await server.signUp('regdefaults');
    const res = await register(fan, {
      event_id: event.id,
      name: 'Ravi',
      phone: '9000000001',
    });
    expect(res.status).toBe(201);
    expect(res.body.registration).toMatchObject({ country_code: '+91', team_name: null });
  });

  it.each(['98765 43210', '+91 98765 43210', '098765 43210'])(
    'takes the phone %j as 9876543210 (spaces, +91 and a leading 0 cleaned away)',
    async (phone) => {
      const event = await server.createEvent(organizer.token, { title: `Phone ${phone}` });
      const res = await register(member, form(event.id, { phone }));
      expect(res.status).toBe(201);
      expect(res.body.registration.phone).toBe('9876543210');
    },
  );

  it('needs a member (401 signed out)', async () => {
    const res = await register(null, form(event.id));
    expect(res.status).toBe(401);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'Full name is required'],
    ['a blank name', { name: '   ' }, 'name', 'Full name is required'],
    ['a short phone', { phone: '98765' }, 'phone', 'Phone number must be exactly 10 digits'],
    [
      'a phone with letters',
      { phone: '98765abcde' },
      'phone',
      'Phone number must be exactly 10 digits',
    ],
    [
      'an 11-digit phone',
      { phone: '98765432101' },
      'phone',
      'Phone number must be exactly 10 digits',
    ],
    ['a missing phone', { phone: undefined }, 'phone', 'Phone number must be exactly 10 digits'],
    [
      'an unknown country code',
      { country_code: '+999' },
      'country_code',
      'Country code must be one of +91, +1, +44, +61, +81',
    ],
  ])('refuses %s (400)', async (_name, overrides, field, message) => {
    const res = await register(other, form(event.id, overrides as Partial<EventRegistrationBody>));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([{ field, message }]);
  });

  it('refuses a second registration by the same member (409 already_registered)', async () => {
    const fan = await server.signUp('regtwice');
    expect((await register(fan, form(event.id))).status).toBe(201);
    const again = await register(fan, form(event.id, { team_name: 'Another team' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'already_registered',
      message: 'You are already registered for this event',
    });
  });

  it('refuses the organizer (403 own_event)', async () => {
    const res = await register(organizer, form(event.id));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'own_event',
      message: 'You cannot register for your own event',
    });
  });

  it('refuses once the registration deadline has passed (409 registration_closed)', async () => {
    const closing = await server.createEvent(organizer.token, {
      eventDate: inHours(72),
      registrationDeadline: inHours(1),
    });
    await server.app.database.db
      .updateTable('events')
      .set({ registration_deadline: inHours(-1) })
      .where('id', '=', closing.id)
      .execute();
    const res = await register(member, form(closing.id));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'registration_closed',
      message: 'Registration for this event has closed',
    });
  });

  it('refuses a full event (409 event_full)', async () => {
    const small = await server.createEvent(organizer.token, { maxParticipants: 1 });
    expect((await register(member, form(small.id))).status).toBe(201);
    const res = await register(other, form(small.id));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'event_full', message: 'This event is full' });
  });

  it('answers 404 for an unknown event', async () => {
    expect((await register(member, form(2_000_000_000))).status).toBe(404);
  });
});

describe('the capacity race', () => {
  it('10 parallel registrations for the last 3 places: exactly 3 get in, 7 hear event_full', async () => {
    const event = await server.createEvent(organizer.token, { maxParticipants: 5 });
    expect((await register(member, form(event.id))).status).toBe(201);
    expect((await register(other, form(event.id))).status).toBe(201);
    const crowd: LoginResponse[] = [];
    for (let i = 0; i < 10; i++) crowd.push(await server.signUp(`regcrowd${i}`));

    const answers = await Promise.all(crowd.map((who) => register(who, form(event.id))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.code])).toEqual(Array(7).fill([409, 'event_full']));
    expect((await getEvent(event.id)).body.current_participants).toBe(5);
    const list = await server.request<EventRegistration[]>(
      'GET',
      `/api/events/${event.id}/registrations`,
      { token: organizer.token },
    );
    expect(list.body).toHaveLength(5);
  });
});

describe('cancelling a registration', () => {
  it('the registrant frees their place; anyone else, twice or unknown is 404', async () => {
    const event = await server.createEvent(organizer.token, { maxParticipants: 1 });
    const { registration } = (await register(member, form(event.id))).body;
    const cancel = (who: LoginResponse, id = registration.id) =>
      server.request<ApiError>('DELETE', `/api/event-registrations/${id}`, { token: who.token });

    expect((await cancel(other)).status).toBe(404);
    expect((await cancel(organizer)).status).toBe(404);
    expect(
      (await server.request('DELETE', `/api/event-registrations/${registration.id}`)).status,
    ).toBe(401);
    expect((await cancel(member)).body).toEqual({ success: true });
    expect((await cancel(member)).status).toBe(404);
    expect((await cancel(member, 2_000_000_000)).status).toBe(404);
    expect((await getEvent(event.id)).body.current_participants).toBe(0);
    // The place is free again.
    expect((await register(other, form(event.id))).status).toBe(201);
  });
});

describe('the organizer´s list of registrations', () => {
  it('names, phones, country codes, teams and e-mails, first registered first', async () => {
    const event = await server.createEvent(organizer.token);
    await register(member, form(event.id, { name: 'First Leader', phone: '9111111111' }));
    await register(
      other,
      form(event.id, {
        name: 'Second Leader',
        phone: '9222222222',
        country_code: '+44',
        team_name: '',
      }),
    );
    const res = await server.request<EventRegistration[]>(
      'GET',
      `/api/events/${event.id}/registrations`,
      { token: organizer.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(Number) as unknown,
        event_id: event.id,
        user: { id: member.user.id, username: 'regmember' },
        name: 'First Leader',
        email: 'regmember@example.test',
        phone: '9111111111',
        country_code: '+91',
        team_name: 'Indiranagar Strikers',
        created_at: expect.any(String) as unknown,
      },
      {
        id: expect.any(Number) as unknown,
        event_id: event.id,
        user: { id: other.user.id, username: 'regother' },
        name: 'Second Leader',
        email: 'regother@example.test',
        phone: '9222222222',
        country_code: '+44',
        team_name: null,
        created_at: expect.any(String) as unknown,
      },
    ]);
  });

  it('is 403 not_organizer for any other member (registered or not), 401 signed out, 404 unknown', async () => {
    const event = await server.createEvent(organizer.token);
    await register(member, form(event.id));
    const path = `/api/events/${event.id}/registrations`;
    for (const who of [member, other]) {
      const res = await server.request<ApiError>('GET', path, { token: who.token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('not_organizer');
    }
    expect((await server.request('GET', path)).status).toBe(401);
    expect(
      (
        await server.request('GET', '/api/events/2000000000/registrations', {
          token: organizer.token,
        })
      ).status,
    ).toBe(404);
  });
});

describe('privacy of registrations', () => {
  it('no answer but the organizer´s list (and the registrant´s own 201) carries a phone or a name', async () => {
    const PHONE = '9123456789';
    const NAME = 'Zorawar Secretname';
    const TEAM = 'Hidden Tigers';
    const event = await server.createEvent(organizer.token, { title: 'Private cup' });
    const own = await register(
      member,
      form(event.id, { phone: PHONE, name: NAME, team_name: TEAM }),
    );
    expect(own.status).toBe(201);

    const answers: unknown[] = [];
    const get = async (path: string, who?: LoginResponse) => {
      const res = await server.request('GET', path, who ? { token: who.token } : {});
      expect(res.status, path).toBe(200);
      answers.push(res.body);
    };
    for (const who of [undefined, member, other, organizer]) {
      await get('/api/events?limit=100', who);
      await get(`/api/events/${event.id}`, who);
      await get(`/api/events/${event.id}/calendar.ics`, who);
    }
    // Another member's registration answers with their own details only.
    const theirs = await register(
      other,
      form(event.id, { name: 'Other Leader', phone: '9000000009' }),
    );
    expect(theirs.status).toBe(201);
    answers.push(theirs.body);
    const edited = await server.request('PUT', `/api/events/${event.id}`, {
      token: organizer.token,
      body: {
        title: 'Private cup',
        description: event.description,
        sport: event.sport,
        location: event.location,
        locationName: event.location_name,
        eventDate: event.event_date,
        endDate: event.end_date,
        maxParticipants: 10,
        skillLevel: event.skill_level,
      },
    });
    answers.push(edited.body);
    const cancelled = await server.request(
      'DELETE',
      `/api/event-registrations/${theirs.body.registration.id}`,
      {
        token: other.token,
      },
    );
    answers.push(cancelled.body);
    // What the registrations set off (a reminder, the event starting within a day) is done
    // before the member listens for the cancellation's notification.
    await server.app.domainEvents.settled();
    const socket = await server.connect(member.token);
    const pushed = nextEvent(socket, 'notification');
    const removed = await server.request('DELETE', `/api/events/${event.id}`, {
      token: organizer.token,
    });
    answers.push(removed.body);
    // Pushed once stored: the registrant's notification is in before the reads below.
    answers.push(await pushed);
    for (const who of [member, other, organizer]) {
      const notifications = await server.request<Notification[]>('GET', '/api/notifications', {
        token: who.token,
      });
      answers.push(notifications.body);
    }
    expect((answers.at(-3) as Notification[]).map((n) => n.type)).toContain('event_cancelled');

    const everything = JSON.stringify(answers);
    expect(everything).toContain('Private cup');
    expect(everything).not.toContain(PHONE);
    expect(everything).not.toContain(NAME);
    expect(everything).not.toContain(TEAM);
  });
});
