/**
 * Event invitations over real HTTP and real sockets on a real database (SQLite, or PostgreSQL
 * with TEST_DIALECT): each `event_invitations` value (and that `block` answers the organizer
 * byte for byte as `manual` does), the refusals at invite time (full, deadline passed,
 * cancelled, blocks either way), invitations withdrawn as those things happen later or the
 * organizer is suspended, the daily limit, and account deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInvitation, LoginResponse, Notification, SportsEvent } from '@gameon/shared';
import { nextEvent, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let organizer: LoginResponse;
let operator: LoginResponse;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: 'invoperator@example.test' });
  organizer = await server.signUp('invorganizer');
  operator = await server.signUp('invoperator');
});
afterAll(() => server.close());

let members = 0;
/** A new member whose `event_invitations` setting is `setting`. */
async function member(setting: 'manual' | 'auto_accept' | 'block' = 'manual') {
  members += 1;
  const who = await server.signUp(`invitee${members}`);
  if (setting !== 'manual') {
    const saved = await server.request('PUT', '/api/settings', {
      token: who.token,
      body: { event_invitations: setting },
    });
    expect(saved.status).toBe(200);
  }
  return who;
}

/** The organizer's `POST /events/{id}/invitations` as raw bytes: status, type and body text. */
async function inviteRaw(eventId: number, userId: unknown, by: LoginResponse = organizer) {
  const response = await fetch(`${server.url}/api/events/${eventId}/invitations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${by.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId }),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

const SENT = { status: 200, type: 'application/json; charset=utf-8' };
const SENT_TEXT = '{"success":true,"message":"Invitation sent"}';

const invitationsOf = async (who: LoginResponse) => {
  const res = await server.request<EventInvitation[]>('GET', '/api/event-invitations', {
    token: who.token,
  });
  expect(res.status).toBe(200);
  return res.body;
};
const notificationsOf = async (who: LoginResponse) =>
  (await server.request<Notification[]>('GET', '/api/notifications', { token: who.token })).body;
const answer = (who: LoginResponse, invitationId: number, verb: 'accept' | 'decline') =>
  server.request<{ success?: boolean; event_id?: number; code?: string; message?: string }>(
    'POST',
    `/api/event-invitations/${invitationId}/${verb}`,
    { token: who.token },
  );
const registrationForm = (eventId: number) => ({
  event_id: eventId,
  name: 'Asha Rao',
  phone: '9876543210',
  country_code: '+91',
  team_name: 'Invited Eleven',
});
const db = () => server.app.database.db;

/** Invites `who` (manual) to a new event and answers the invitation's id, once notified. */
async function pendingInvitation(who: LoginResponse, overrides = {}) {
  const event = await server.createEvent(organizer.token, overrides);
  const socket = await server.connect(who.token);
  const told = nextEvent(socket, 'notification');
  expect(await inviteRaw(event.id, who.user.id)).toMatchObject(SENT);
  const notification = await told;
  socket.disconnect();
  return { event, invitationId: Number(notification.data.invitation_id) };
}

describe("the invitee's event_invitations setting", () => {
  it('manual: an event_invitation notification; Accept pins the event, then the form registers', async () => {
    const invitee = await member('manual');
    const event = await server.createEvent(organizer.token, { title: 'Manual Cup' });
    const socket = await server.connect(invitee.token);
    const told = nextEvent(socket, 'notification');
    const sent = await inviteRaw(event.id, invitee.user.id);
    expect(sent).toEqual({ ...SENT, text: SENT_TEXT });
    const notification = await told;
    socket.disconnect();
    expect(notification.type).toBe('event_invitation');
    expect(notification.message).toBe('invorganizer invited you to "Manual Cup"');
    const [pending] = await invitationsOf(invitee);
    expect(notification.data).toEqual({ event_id: event.id, invitation_id: pending!.id });
    expect(pending).toMatchObject({ status: 'pending', event: { id: event.id } });

    const accepted = await answer(invitee, pending!.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ success: true, event_id: event.id });
    expect((await invitationsOf(invitee)).map((i) => [i.id, i.status])).toEqual([
      [pending!.id, 'accepted'],
    ]);

    const registered = await server.request('POST', '/api/event-registrations', {
      token: invitee.token,
      body: registrationForm(event.id),
    });
    expect(registered.status).toBe(201);
    // Registered: the invitation has done its work and leaves the list.
    expect(await invitationsOf(invitee)).toEqual([]);
  });

  it('manual: Decline takes it off the list and Accept no longer works', async () => {
    const invitee = await member('manual');
    const { invitationId } = await pendingInvitation(invitee);
    expect((await answer(invitee, invitationId, 'decline')).status).toBe(200);
    expect(await invitationsOf(invitee)).toEqual([]);
    const late = await answer(invitee, invitationId, 'accept');
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('invitation_closed');
  });

  it('auto_accept: accepted as interest at once, the member told, registration still by the form', async () => {
    const invitee = await member('auto_accept');
    const event = await server.createEvent(organizer.token, { title: 'Auto Cup' });
    const socket = await server.connect(invitee.token);
    const told = nextEvent(socket, 'notification');
    expect(await inviteRaw(event.id, invitee.user.id)).toEqual({ ...SENT, text: SENT_TEXT });
    const notification = await told;
    socket.disconnect();
    expect(notification.type).toBe('event_invitation');
    expect(notification.message).toBe(
      'invorganizer invited you to "Auto Cup": it is pinned in your events as Invited',
    );
    const [invitation] = await invitationsOf(invitee);
    expect(invitation).toMatchObject({ status: 'accepted', event: { id: event.id } });
    expect(invitation!.event.is_registered).toBe(false);
  });

  it('block: nothing reaches the member, and the organizer gets the very bytes manual gets', async () => {
    const blocking = await member('block');
    const manual = await member('manual');
    const event = await server.createEvent(organizer.token, { title: 'Quiet Cup' });
    const toBlocking = await inviteRaw(event.id, blocking.user.id);
    const manualSocket = await server.connect(manual.token);
    const told = nextEvent(manualSocket, 'notification');
    const toManual = await inviteRaw(event.id, manual.user.id);
    await told;
    manualSocket.disconnect();
    expect(toBlocking).toEqual(toManual);
    expect(toBlocking.text).toBe(SENT_TEXT);
    // Again, as the organizer might try: still the same.
    expect(await inviteRaw(event.id, blocking.user.id)).toEqual(toManual);

    expect(await invitationsOf(blocking)).toEqual([]);
    expect(await notificationsOf(blocking)).toEqual([]);
    const rows = await db()
      .selectFrom('event_invitations')
      .select('id')
      .where('invitee_id', '=', blocking.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('a repeated invitation tells the member once', async () => {
    const invitee = await member('manual');
    const { event } = await pendingInvitation(invitee);
    expect(await inviteRaw(event.id, invitee.user.id)).toEqual({ ...SENT, text: SENT_TEXT });
    expect(await invitationsOf(invitee)).toHaveLength(1);
    expect(
      (await notificationsOf(invitee)).filter((n) => n.type === 'event_invitation'),
    ).toHaveLength(1);
  });
});

describe('invitations refused when sent', () => {
  it('to a full event, one past its registration deadline, a cancelled one, or a registered member', async () => {
    const invitee = await member();
    const full = await server.createEvent(organizer.token, { maxParticipants: 1 });
    const filler = await member();
    await server.request('POST', '/api/event-registrations', {
      token: filler.token,
      body: registrationForm(full.id),
    });
    expect(JSON.parse((await inviteRaw(full.id, invitee.user.id)).text)).toMatchObject({
      code: 'event_full',
    });
    expect((await inviteRaw(full.id, filler.user.id)).status).toBe(409);

    const closed = await server.createEvent(organizer.token);
    await db()
      .updateTable('events')
      .set({ registration_deadline: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', closed.id)
      .execute();
    const late = await inviteRaw(closed.id, invitee.user.id);
    expect(late.status).toBe(409);
    expect(JSON.parse(late.text)).toMatchObject({ code: 'registration_closed' });

    const cancelled = await server.createEvent(organizer.token);
    await server.request('DELETE', `/api/events/${cancelled.id}`, { token: organizer.token });
    expect((await inviteRaw(cancelled.id, invitee.user.id)).status).toBe(404);
    expect(await invitationsOf(invitee)).toEqual([]);
  });

  it('between members blocked either way, as for an unknown member', async () => {
    const event = await server.createEvent(organizer.token);
    const blocker = await member();
    const blocked = await member();
    await server.request('POST', `/api/users/${organizer.user.id}/block`, { token: blocker.token });
    await server.request('POST', `/api/users/${blocked.user.id}/block`, { token: organizer.token });
    const unknown = await inviteRaw(event.id, 999_999);
    expect(unknown.status).toBe(404);
    expect(await inviteRaw(event.id, blocker.user.id)).toEqual(unknown);
    expect(await inviteRaw(event.id, blocked.user.id)).toEqual(unknown);
    expect(await invitationsOf(blocker)).toEqual([]);
    expect(await invitationsOf(blocked)).toEqual([]);
  });

  it('from anyone but the organizer, to oneself, or with a malformed body', async () => {
    const event = await server.createEvent(organizer.token);
    const stranger = await member();
    const invitee = await member();
    const notOrganizer = await inviteRaw(event.id, invitee.user.id, stranger);
    expect(notOrganizer.status).toBe(403);
    expect(JSON.parse(notOrganizer.text)).toMatchObject({ code: 'not_organizer' });
    expect((await inviteRaw(event.id, organizer.user.id)).status).toBe(400);
    expect((await inviteRaw(event.id, 'everyone')).status).toBe(400);
    const noBody = await server.request('POST', `/api/events/${event.id}/invitations`, {
      token: organizer.token,
    });
    expect(noBody.status).toBe(400);
    expect(await invitationsOf(invitee)).toEqual([]);
  });
});

describe('invitations withdrawn as things change', () => {
  it('the event becomes full or its deadline passes: off the list, and Accept refuses', async () => {
    const invitee = await member();
    const { event, invitationId } = await pendingInvitation(invitee, { maxParticipants: 1 });
    const taker = await member();
    await server.request('POST', '/api/event-registrations', {
      token: taker.token,
      body: registrationForm(event.id),
    });
    expect(await invitationsOf(invitee)).toEqual([]);
    expect((await answer(invitee, invitationId, 'accept')).body.code).toBe('invitation_closed');

    const second = await pendingInvitation(invitee);
    await db()
      .updateTable('events')
      .set({ registration_deadline: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', second.event.id)
      .execute();
    expect(await invitationsOf(invitee)).toEqual([]);
    expect((await answer(invitee, second.invitationId, 'accept')).status).toBe(409);
  });

  it('the member turns event_invitations to block: a pending invitation closes', async () => {
    const invitee = await member();
    const { invitationId } = await pendingInvitation(invitee);
    await server.request('PUT', '/api/settings', {
      token: invitee.token,
      body: { event_invitations: 'block' },
    });
    expect(await invitationsOf(invitee)).toEqual([]);
    expect((await answer(invitee, invitationId, 'accept')).body.code).toBe('invitation_closed');
  });

  it('the event is cancelled: the invitation goes with it', async () => {
    const invitee = await member();
    const { event, invitationId } = await pendingInvitation(invitee);
    await server.request('DELETE', `/api/events/${event.id}`, { token: organizer.token });
    expect(await invitationsOf(invitee)).toEqual([]);
    expect((await answer(invitee, invitationId, 'accept')).status).toBe(404);
  });

  it('a block either way after the invitation hides it both ways', async () => {
    const blocker = await member();
    const first = await pendingInvitation(blocker);
    await server.request('POST', `/api/users/${organizer.user.id}/block`, { token: blocker.token });
    expect(await invitationsOf(blocker)).toEqual([]);
    expect((await answer(blocker, first.invitationId, 'accept')).status).toBe(404);

    const blocked = await member();
    const second = await pendingInvitation(blocked);
    await server.request('POST', `/api/users/${blocked.user.id}/block`, { token: organizer.token });
    expect(await invitationsOf(blocked)).toEqual([]);
    expect((await answer(blocked, second.invitationId, 'accept')).status).toBe(404);
  });

  it("the organizer's suspension: not actionable while it lasts", async () => {
    const host = await server.signUp('invsuspended');
    const invitee = await member();
    const event = await server.createEvent(host.token);
    const socket = await server.connect(invitee.token);
    const told = nextEvent(socket, 'notification');
    expect((await inviteRaw(event.id, invitee.user.id, host)).status).toBe(200);
    const invitationId = Number((await told).data.invitation_id);
    socket.disconnect();
    const suspended = await server.request('POST', `/api/admin/users/${host.user.id}/suspend`, {
      token: operator.token,
    });
    expect(suspended.status).toBe(200);
    expect(await invitationsOf(invitee)).toEqual([]);
    expect((await answer(invitee, invitationId, 'accept')).status).toBe(404);
  });

  it("someone else's invitation is not found", async () => {
    const invitee = await member();
    const other = await member();
    const { invitationId } = await pendingInvitation(invitee);
    expect((await answer(other, invitationId, 'accept')).status).toBe(404);
    expect((await answer(other, invitationId, 'decline')).status).toBe(404);
    expect(await invitationsOf(invitee)).toHaveLength(1);
  });
});

describe('account deletion', () => {
  it("takes the invitee's invitations, and the organizer's with their events", async () => {
    const invitee = await member();
    await pendingInvitation(invitee);
    const host = await server.signUp('invleavinghost');
    const stays = await member();
    const event: SportsEvent = await server.createEvent(host.token);
    expect((await inviteRaw(event.id, stays.user.id, host)).status).toBe(200);
    const count = async (column: 'invitee_id' | 'event_id', id: number) =>
      (await db().selectFrom('event_invitations').select('id').where(column, '=', id).execute())
        .length;
    expect(await count('invitee_id', invitee.user.id)).toBe(1);
    expect(await count('event_id', event.id)).toBe(1);

    for (const who of [invitee, host]) {
      const deleted = await server.request('DELETE', '/api/account', {
        token: who.token,
        body: { password: 'secret123' },
      });
      expect(deleted.status).toBe(200);
    }
    expect(await count('invitee_id', invitee.user.id)).toBe(0);
    expect(await count('event_id', event.id)).toBe(0);
    expect(await invitationsOf(stays)).toEqual([]);
  });
});

describe('the daily limit', () => {
  let limited: TestServer;
  afterAll(() => limited?.close());

  it('an organizer sends at most 50 invitations a day, each counting', async () => {
    limited = await startServer({ RATE_LIMITS: 'on' });
    const host = await limited.signUp('invlimithost');
    const guest = await limited.signUp('invlimitguest');
    const event = await limited.createEvent(host.token);
    const invite = () =>
      limited.request<{ message: string }>('POST', `/api/events/${event.id}/invitations`, {
        token: host.token,
        body: { user_id: guest.user.id },
      });
    for (let i = 0; i < 50; i += 1) expect((await invite()).status).toBe(200);
    const refused = await invite();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/too often/);
  });
});
