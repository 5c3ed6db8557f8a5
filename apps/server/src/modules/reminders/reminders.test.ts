/**
 * Reminders before games and events over a real server on SQLite (and PostgreSQL with
 * TEST_DIALECT), with an injected clock moved by the tests, which then run the scheduler's due
 * work (`app.scheduler.runDue()`); nothing sleeps. Domain events schedule the jobs after the
 * answer, so a test waits (expect.poll) for the job or the notification it looks for. The
 * calendars' VALARMs are read back with a real iCalendar parser (node-ical).
 */
import { Migrator } from 'kysely';
import * as ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Post, SportsEvent } from '@gameon/shared';
import { migrations } from '../../db/migrations/index.js';
import { startServer, type TestServer } from '../../../test/harness.js';

const HOUR = 3600 * 1000;

let server: TestServer;
let clock: Date;
let seq = 0;
const inHours = (hours: number) => new Date(clock.getTime() + hours * HOUR).toISOString();

beforeAll(async () => {
  clock = new Date();
  server = await startServer({ PUBLIC_URL: 'https://gameon.example' }, { now: () => clock });
  await server.app.scheduler.runDue();
});
afterAll(() => server.close());

const member = () => server.signUp(`remind${(seq += 1)}`);
const runDue = () => server.app.scheduler.runDue();

/** The reminders `who` has, oldest first. */
async function remindersOf(who: LoginResponse, type = 'game_reminder') {
  return server.app.database.db
    .selectFrom('notifications')
    .select(['message', 'data'])
    .where('user_id', '=', who.user.id)
    .where('type', '=', type as never)
    .orderBy('id')
    .execute();
}
const countOf = async (who: LoginResponse, type?: string) => (await remindersOf(who, type)).length;

/** The due time of game `postId`'s reminder job once its creation or edit was handled. */
async function jobDue(kind: string, id: number, dueAt?: string) {
  await expect
    .poll(async () => (await server.app.scheduler.find(kind, String(id)))?.dueAt.toISOString())
    .toBe(dueAt);
}

const join = (who: LoginResponse, post: Post) =>
  server.request('POST', `/api/posts/${post.id}/interest`, { token: who.token });

describe('game reminders', () => {
  it('reminds the host and joined players once, 2 hours before the start; not a waitlisted member', async () => {
    const host = await member();
    const [p1, p2, waiting] = [await member(), await member(), await member()];
    const game = await server.createPost(host.token, {
      sport: 'Badminton',
      locationName: 'Indiranagar Club, Bengaluru',
      eventTime: inHours(3),
      playersNeeded: 2,
    });
    for (const who of [p1, p2, waiting]) expect((await join(who, game)).status).toBe(200);
    await jobDue('game-reminder', game.id, inHours(1));

    await runDue();
    expect(await countOf(host)).toBe(0);

    clock = new Date(Date.parse(game.event_time) - 2 * HOUR);
    await runDue();
    await runDue();
    for (const who of [host, p1, p2])
      expect(await remindersOf(who)).toEqual([
        {
          message: 'Starts in 2 hours: Badminton at Indiranagar Club, Bengaluru',
          data: JSON.stringify({ post_id: game.id }),
        },
      ]);
    expect(await countOf(waiting)).toBe(0);
    // Its job is done.
    expect(await server.app.scheduler.find('game-reminder', String(game.id))).toBeUndefined();
  });

  it('says "Online" for an online game', async () => {
    const host = await member();
    const game = await server.createPost(host.token, {
      sport: 'Valorant',
      locationName: 'Discord',
      eventTime: inHours(1),
    });
    await expect.poll(() => remindersOf(host)).toHaveLength(1);
    expect((await remindersOf(host))[0]!.message).toBe('Starts in 1 hour: Valorant at Online');
    expect(game.id).toBeGreaterThan(0);
  });

  it('reminds at once the host of a game created within 2 hours, a member joining or accepting an offered place within them', async () => {
    const host = await member();
    const [p1, waiting] = [await member(), await member()];
    const game = await server.createPost(host.token, {
      locationName: 'Cubbon Park, Bengaluru',
      eventTime: inHours(1.5),
      playersNeeded: 1,
    });
    await expect.poll(() => countOf(host)).toBe(1);
    expect((await remindersOf(host))[0]!.message).toBe(
      'Starts in 2 hours: Football at Cubbon Park, Bengaluru',
    );

    await join(p1, game);
    await expect.poll(() => countOf(p1)).toBe(1);
    await join(waiting, game);
    await runDue();
    expect(await countOf(waiting)).toBe(0);

    // p1 leaves: the place is offered to the waitlisted member, who is reminded once they
    // accept it.
    await server.request('DELETE', `/api/posts/${game.id}/interest`, { token: p1.token });
    await runDue();
    expect(await countOf(waiting)).toBe(0);
    const accepted = await server.request('POST', `/api/posts/${game.id}/offer/accept`, {
      token: waiting.token,
    });
    expect(accepted).toMatchObject({ status: 200, body: { status: 'joined' } });
    await expect.poll(() => countOf(waiting)).toBe(1);
    await runDue();
    expect([await countOf(host), await countOf(p1), await countOf(waiting)]).toEqual([1, 1, 1]);
  });

  it('reschedules a game whose time is edited, and reminds again for its new time', async () => {
    const host = await member();
    const p1 = await member();
    const game = await server.createPost(host.token, { eventTime: inHours(3) });
    await join(p1, game);
    await jobDue('game-reminder', game.id, inHours(1));
    clock = new Date(clock.getTime() + HOUR);
    await runDue();
    expect(await countOf(p1)).toBe(1);

    const moved = inHours(6);
    const edit = await server.request('PATCH', `/api/posts/${game.id}`, {
      token: host.token,
      body: { eventTime: moved },
    });
    expect(edit.status).toBe(200);
    await jobDue('game-reminder', game.id, inHours(4));
    await runDue();
    expect(await countOf(p1)).toBe(1);
    clock = new Date(Date.parse(moved) - 2 * HOUR);
    await runDue();
    expect(await countOf(p1)).toBe(2);
    expect(await countOf(host)).toBe(2);
  });

  it('reminds nobody who left or was removed, and nothing of a deleted game', async () => {
    const host = await member();
    const [leaver, removed, stays] = [await member(), await member(), await member()];
    const game = await server.createPost(host.token, { eventTime: inHours(3) });
    for (const who of [leaver, removed, stays]) await join(who, game);
    await server.request('DELETE', `/api/posts/${game.id}/interest`, { token: leaver.token });
    const removal = await server.request(
      'DELETE',
      `/api/posts/${game.id}/players/${removed.user.id}`,
      { token: host.token },
    );
    expect(removal.status).toBe(200);

    const deleted = await server.createPost(host.token, { eventTime: inHours(3) });
    await join(stays, deleted);
    await jobDue('game-reminder', deleted.id, inHours(1));
    expect(
      (await server.request('DELETE', `/api/posts/${deleted.id}`, { token: host.token })).status,
    ).toBe(200);
    await jobDue('game-reminder', deleted.id, undefined);

    clock = new Date(Date.parse(game.event_time) - 2 * HOUR);
    await runDue();
    expect([await countOf(leaver), await countOf(removed)]).toEqual([0, 0]);
    const ofGame = [JSON.stringify({ post_id: game.id })];
    expect((await remindersOf(stays)).map((r) => r.data)).toEqual(ofGame);
    expect((await remindersOf(host)).map((r) => r.data)).toEqual(ofGame);
  });
});

describe('who may be reminded', () => {
  it('reminds no player blocked either way with the host, and nobody of a suspended host', async () => {
    const host = await member();
    const [blocker, blocked, fine] = [await member(), await member(), await member()];
    const game = await server.createPost(host.token, { eventTime: inHours(3), playersNeeded: 5 });
    for (const who of [blocker, blocked, fine]) await join(who, game);
    const suspendedHost = await member();
    const hidden = await server.createPost(suspendedHost.token, { eventTime: inHours(3) });
    await join(fine, hidden);
    await jobDue('game-reminder', hidden.id, inHours(1));
    // Blocks after joining, either way.
    expect(
      (
        await server.request('POST', `/api/users/${host.user.id}/block`, {
          token: blocker.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.request('POST', `/api/users/${blocked.user.id}/block`, {
          token: host.token,
        })
      ).status,
    ).toBe(200);
    await server.app.database.db
      .updateTable('users')
      .set({ suspended_at: clock.toISOString() })
      .where('id', '=', suspendedHost.user.id)
      .execute();

    clock = new Date(Date.parse(game.event_time) - 2 * HOUR);
    await runDue();
    expect([await countOf(host), await countOf(fine)]).toEqual([1, 1]);
    expect([await countOf(blocker), await countOf(blocked)]).toEqual([0, 0]);
    expect(await countOf(suspendedHost)).toBe(0);
    expect((await remindersOf(fine)).map((r) => r.data)).toEqual([
      JSON.stringify({ post_id: game.id }),
    ]);
  });
});

describe('a reminded member leaving', () => {
  it('takes the record of their reminders with their account', async () => {
    const host = await member();
    const leaver = await member();
    const game = await server.createPost(host.token, { eventTime: inHours(1) });
    await join(leaver, game);
    await expect.poll(() => countOf(leaver)).toBe(1);
    const sentTo = (userId: number) =>
      server.app.database.db
        .selectFrom('reminders_sent')
        .select('subject_id')
        .where('user_id', '=', userId)
        .execute();
    expect(await sentTo(leaver.user.id)).toEqual([{ subject_id: game.id }]);
    const deleted = await server.request('DELETE', '/api/account', {
      token: leaver.token,
      body: { password: 'secret123' },
    });
    expect(deleted.status).toBe(200);
    expect(await sentTo(leaver.user.id)).toEqual([]);
  });
});

describe('event reminders', () => {
  const register = (who: LoginResponse, event: SportsEvent) =>
    server.request('POST', '/api/event-registrations', {
      token: who.token,
      body: {
        event_id: event.id,
        event_title: event.title,
        name: 'Asha Rao',
        email: 'asha@example.test',
        phone: '9876543210',
        country_code: '+91',
        team_name: 'Indiranagar Strikers',
      },
    });

  it('reminds the registrants once, 24 hours before the start; nothing of a cancelled event', async () => {
    const organizer = await member();
    const [r1, r2] = [await member(), await member()];
    const event = await server.createEvent(organizer.token, {
      title: 'Koramangala Cup',
      locationName: 'Kanteerava Stadium',
      eventDate: inHours(30),
    });
    for (const who of [r1, r2]) expect((await register(who, event)).status).toBe(201);
    await jobDue('event-reminder', event.id, inHours(6));
    const cancelled = await server.createEvent(organizer.token, { eventDate: inHours(30) });
    await register(r1, cancelled);
    await jobDue('event-reminder', cancelled.id, inHours(6));
    expect(
      (await server.request('DELETE', `/api/events/${cancelled.id}`, { token: organizer.token }))
        .status,
    ).toBe(200);
    await jobDue('event-reminder', cancelled.id, undefined);

    await runDue();
    expect(await countOf(r1, 'event_reminder')).toBe(0);
    clock = new Date(Date.parse(event.event_date) - 24 * HOUR);
    await runDue();
    await runDue();
    for (const who of [r1, r2]) {
      const [reminder, ...more] = await remindersOf(who, 'event_reminder');
      expect(more).toEqual([]);
      expect(JSON.parse(reminder!.data)).toEqual({ event_id: event.id });
      expect(reminder!.message).toMatch(
        /^Starts .+, \d{1,2}:\d{2} [ap]m: Koramangala Cup at Kanteerava Stadium$/,
      );
    }
    expect(await countOf(organizer, 'event_reminder')).toBe(0);
  });

  it('reminds at once a team registered within the 24 hours, once', async () => {
    const organizer = await member();
    const late = await member();
    const event = await server.createEvent(organizer.token, {
      title: 'HSR Late Cup',
      locationName: 'HSR Turf',
      eventDate: inHours(10),
    });
    // Created within the day: its job is due at once and finds nobody registered yet.
    await server.app.domainEvents.settled();
    await runDue();
    expect((await register(late, event)).status).toBe(201);
    await server.app.domainEvents.settled();
    expect(await countOf(late, 'event_reminder')).toBe(1);
    await runDue();
    expect(await countOf(late, 'event_reminder')).toBe(1);
    expect(await countOf(organizer, 'event_reminder')).toBe(0);
  });

  it('reschedules an event whose start is edited', async () => {
    const organizer = await member();
    const event = await server.createEvent(organizer.token, { eventDate: inHours(30) });
    await jobDue('event-reminder', event.id, inHours(6));
    const eventDate = inHours(50);
    const edit = await server.request('PUT', `/api/events/${event.id}`, {
      token: organizer.token,
      body: {
        title: event.title,
        description: event.description,
        sport: event.sport,
        location: event.location,
        locationName: event.location_name,
        eventDate,
        endDate: new Date(Date.parse(eventDate) + 3 * HOUR).toISOString(),
        maxParticipants: event.max_participants,
        skillLevel: event.skill_level,
        equipmentProvided: event.equipment_provided,
        cost: event.cost,
        prize: event.prize,
        tags: [],
      },
    });
    expect(edit.status).toBe(200);
    await jobDue('event-reminder', event.id, inHours(26));
  });
});

describe('calendar alarms', () => {
  /** The VALARM triggers of each VEVENT of an iCalendar text, as written. */
  function alarms(body: string) {
    const parsed = Object.values(ical.sync.parseICS(body)).filter(
      (c): c is ical.VEvent => c !== undefined && c.type === 'VEVENT',
    );
    return parsed.map((event) => (event.alarms ?? []).map((alarm) => alarm.trigger));
  }

  it('gives a game a display alarm 2 hours before and an event one a day before', async () => {
    const host = await member();
    const game = await server.createPost(host.token, { eventTime: inHours(48) });
    const gameIcs = await server.request<string>('GET', `/api/posts/${game.id}/calendar.ics`, {
      token: host.token,
    });
    expect(gameIcs.status).toBe(200);
    expect(gameIcs.body).toContain('BEGIN:VALARM');
    expect(gameIcs.body).toContain('ACTION:DISPLAY');
    expect(alarms(gameIcs.body)).toEqual([['-PT2H']]);

    const event = await server.createEvent(host.token, { eventDate: inHours(48) });
    const eventIcs = await server.request<string>('GET', `/api/events/${event.id}/calendar.ics`);
    expect(eventIcs.status).toBe(200);
    expect(alarms(eventIcs.body)).toEqual([['-P1D']]);
  });
});

describe('migration 0027', () => {
  it('stores the reminder jobs of the games and events already upcoming', async () => {
    const db = server.app.database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const host = await member();
    const real = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
    const later = await server.createPost(host.token, { eventTime: real(5) });
    const soon = await server.createPost(host.token, { eventTime: real(1) });
    const event = await server.createEvent(host.token, { eventDate: real(48) });
    expect((await migrator.migrateTo('0024_host_game')).error).toBeUndefined();
    const before = Date.now();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const after = Date.now();

    const due = async (kind: string, id: number) =>
      (
        await db
          .selectFrom('scheduled_jobs')
          .select('due_at')
          .where('kind', '=', kind)
          .where('key', '=', String(id))
          .executeTakeFirstOrThrow()
      ).due_at;
    expect(await due('game-reminder', later.id)).toBe(
      new Date(Date.parse(later.event_time) - 2 * HOUR).toISOString(),
    );
    // Already within its 2 hours: due at once.
    const soonDue = Date.parse(await due('game-reminder', soon.id));
    expect(soonDue).toBeGreaterThanOrEqual(before);
    expect(soonDue).toBeLessThanOrEqual(after);
    expect(await due('event-reminder', event.id)).toBe(
      new Date(Date.parse(event.event_date) - 24 * HOUR).toISOString(),
    );
  });
});
