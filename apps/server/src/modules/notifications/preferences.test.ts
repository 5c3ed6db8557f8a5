/**
 * Notification settings: every type's switch per channel, with code defaults, and the `app`
 * switch deciding what is stored and announced live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_TYPES,
  type LoginResponse,
  type Notification,
  type NotificationSettings,
} from '@gameon/shared';
import {
  collect,
  emitAck,
  nextEvent,
  startServer,
  type TestServer,
} from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const list = async (who: LoginResponse) =>
  (await server.request<Notification[]>('GET', '/api/notifications', { token: who.token })).body;
const settings = (who: LoginResponse) =>
  server.request<NotificationSettings>('GET', '/api/notifications/settings', { token: who.token });
const setSwitch = (
  who: LoginResponse,
  body: { type: string; channel: string; enabled: boolean } | Record<string, unknown>,
) =>
  server.request<NotificationSettings>('PATCH', '/api/notifications/settings', {
    token: who.token,
    body,
  });

describe('notification settings', () => {
  it('answers every type with its defaults: in the app; push for messages, reminders and waitlist; no digest', async () => {
    const member = await server.signUp('prefs_defaults');
    const answer = await settings(member);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const type of NOTIFICATION_TYPES)
      expect(answer.body[type]).toEqual({
        app: true,
        push: type === 'message' || type.startsWith('waitlist') || type.endsWith('_reminder'),
        digest: false,
      });
  });

  it('a switch changed is kept, answered with the full settings, and only for its member', async () => {
    const member = await server.signUp('prefs_switch');
    const other = await server.signUp('prefs_other');
    const changed = await setSwitch(member, { type: 'follow', channel: 'push', enabled: true });
    expect(changed.status).toBe(200);
    expect(changed.body.follow).toEqual({ app: true, push: true, digest: false });
    await setSwitch(member, { type: 'message', channel: 'push', enabled: false });
    await setSwitch(member, { type: 'interest', channel: 'digest', enabled: true });
    const read = (await settings(member)).body;
    expect(read.follow.push).toBe(true);
    expect(read.message.push).toBe(false);
    expect(read.interest.digest).toBe(true);
    expect(read.nearby_post).toEqual({ app: true, push: false, digest: false });
    expect((await settings(other)).body.follow.push).toBe(false);
    // Back to its default.
    const back = await setSwitch(member, { type: 'follow', channel: 'push', enabled: false });
    expect(back.body.follow.push).toBe(false);
  });

  it('refuses a malformed switch with a 400 that says what is wrong', async () => {
    const member = await server.signUp('prefs_bad');
    for (const body of [
      { type: 'no_such_type', channel: 'app', enabled: false },
      { type: 'follow', channel: 'sms', enabled: false },
      { type: 'follow', channel: 'app', enabled: 'no' },
      { type: 'follow', channel: 'app' },
    ]) {
      const answer = await setSwitch(member, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false });
    }
    expect(
      (
        await server.request('PATCH', '/api/notifications/settings', {
          body: { type: 'follow', channel: 'app', enabled: false },
        })
      ).status,
    ).toBe(401);
  });
});

describe('the app switch decides what arrives in the app', () => {
  it('follows switched off are neither stored nor announced; other types still arrive', async () => {
    const star = await server.signUp('prefs_star');
    const fan = await server.signUp('prefs_fan');
    await setSwitch(star, { type: 'follow', channel: 'app', enabled: false });
    const socket = await server.connect(star.token);
    const live = collect(socket, 'notification');
    await server.request('POST', `/api/users/${star.user.id}/follow`, { token: fan.token });
    // Interest in the star's game arrives after the follow was handled.
    const post = await server.createPost(star.token, { heading: 'Switch nets' });
    const interest = nextEvent(socket, 'notification');
    await server.request('POST', `/api/posts/${post.id}/interest`, { token: fan.token });
    expect((await interest).type).toBe('interest');
    expect(live.map((n) => n.type)).toEqual(['interest']);
    expect((await list(star)).map((n) => n.type)).toEqual(['interest']);

    // On again: the next follow arrives.
    await setSwitch(star, { type: 'follow', channel: 'app', enabled: true });
    const follow = nextEvent(socket, 'notification');
    const second = await server.signUp('prefs_fan_two');
    await server.request('POST', `/api/users/${star.user.id}/follow`, { token: second.token });
    expect(await follow).toMatchObject({ type: 'follow', data: { follower_id: second.user.id } });
  });

  it('messages switched off in the app still arrive as messages, with no notification', async () => {
    const reader = await server.signUp('prefs_reader');
    const writer = await server.signUp('prefs_writer');
    // An unread message notification from before the switch stays as it was.
    const earlier = await server.signUp('prefs_earlier');
    const earlierSocket = await server.connect(earlier.token);
    await emitAck(earlierSocket, 'sendDirectMessage', {
      recipientId: reader.user.id,
      content: 'Before the switch',
    });
    const before = await list(reader);
    expect(before.map((n) => n.type)).toEqual(['message']);
    await setSwitch(reader, { type: 'message', channel: 'app', enabled: false });
    await emitAck(earlierSocket, 'sendDirectMessage', {
      recipientId: reader.user.id,
      content: 'After the switch',
    });
    expect(await list(reader)).toEqual(before);
    const readerSocket = await server.connect(reader.token);
    const writerSocket = await server.connect(writer.token);
    const notifications = collect(readerSocket, 'notification');
    const arrived = nextEvent(readerSocket, 'newDirectMessage');
    const sent = await emitAck<{ message: { id: number } }>(writerSocket, 'sendDirectMessage', {
      recipientId: reader.user.id,
      content: 'No bell for this',
    });
    expect(sent.message.id).toBeGreaterThan(0);
    expect((await arrived).content).toBe('No bell for this');
    // A follow (still on) is announced after the message was handled.
    const follow = nextEvent(readerSocket, 'notification');
    await server.request('POST', `/api/users/${reader.user.id}/follow`, { token: writer.token });
    expect((await follow).type).toBe('follow');
    expect(notifications.map((n) => n.type)).toEqual(['follow']);
    expect((await list(reader)).map((n) => n.type)).toEqual(['follow', 'message']);

    // On again: the next message brings its notification, in the same write.
    await setSwitch(reader, { type: 'message', channel: 'app', enabled: true });
    const bell = nextEvent(readerSocket, 'notification');
    await emitAck(writerSocket, 'sendDirectMessage', {
      recipientId: reader.user.id,
      content: 'Bell again',
    });
    expect(await bell).toMatchObject({ type: 'message', data: { sender_id: writer.user.id } });
  });

  it('a new game near many members skips exactly those who switched nearby games off', async () => {
    const PUNE: [number, number] = [73.8567, 18.5204];
    const host = await server.signUp('prefs_host');
    const members = [];
    for (const name of ['prefs_near_a', 'prefs_near_b', 'prefs_near_c']) {
      const member = await server.signUp(name, { sports: ['Hockey'] });
      await server.request('PUT', '/api/settings', {
        token: member.token,
        body: { location_city: 'Pune', location_coordinates: PUNE },
      });
      members.push(member);
    }
    const [a, off, c] = members as [LoginResponse, LoginResponse, LoginResponse];
    await setSwitch(off, { type: 'nearby_post', channel: 'app', enabled: false });
    const offSocket = await server.connect(off.token);
    const offLive = collect(offSocket, 'notification');
    const sockets = await Promise.all([a, c].map((m) => server.connect(m.token)));
    const told = Promise.all(sockets.map((s) => nextEvent(s, 'notification')));
    const post = await server.createPost(host.token, {
      sport: 'Hockey',
      location: { type: 'Point', coordinates: PUNE },
    });
    for (const n of await told)
      expect(n).toMatchObject({ type: 'nearby_post', data: { post_id: post.id } });
    // The one batch insert has been made (its rows were announced): nothing for `off`.
    expect(offLive).toEqual([]);
    expect(await list(off)).toEqual([]);
  });
});
