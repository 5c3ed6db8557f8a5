/**
 * Web push end to end without the internet: a local push service (`web-push-testing`, which
 * checks the VAPID signature and decrypts aes128gcm) receives what the server sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, SessionInfo } from '@gameon/shared';
import { emitAck, nextEvent, startServer, type TestServer } from '../../../test/harness.js';
import {
  pushAfter,
  registerDevice,
  startPushService,
  type LocalPushService,
  type TestDevice,
} from '../../../test/push-service.js';
import webpush from 'web-push';
import { loadConfig } from '../../config.js';
import { vapidKeysInsertedIfAbsent } from './push.repository.js';

let server: TestServer;
let pushService: LocalPushService;
/** The injected clock runs this far ahead of the real one. */
let aheadMs = 0;
beforeAll(async () => {
  pushService = await startPushService();
  server = await startServer(
    { PUSH_HTTP_ENDPOINTS: 'on' },
    { now: () => new Date(Date.now() + aheadMs) },
  );
});
afterAll(async () => {
  await server.close();
  await pushService.close();
});

/** Sends a direct message from `from` to `to` over a socket of `from`'s; resolves on its ack. */
async function message(from: LoginResponse, to: LoginResponse, content: string) {
  const socket = await server.connect(from.token);
  const answer = await emitAck<{ message?: { conversation_id: number } }>(
    socket,
    'sendDirectMessage',
    { recipientId: to.user.id, content },
  );
  socket.disconnect();
  if (!answer.message) throw new Error(`message refused: ${JSON.stringify(answer)}`);
  return answer.message;
}

const follow = (fan: LoginResponse, star: LoginResponse) =>
  server.request('POST', `/api/users/${star.user.id}/follow`, { token: fan.token });

const setSwitch = (who: LoginResponse, type: string, channel: string, enabled: boolean) =>
  server.request('PATCH', '/api/notifications/settings', {
    token: who.token,
    body: { type, channel, enabled },
  });

const sessions = async (who: LoginResponse) =>
  (await server.request<SessionInfo[]>('GET', '/api/auth/sessions', { token: who.token })).body;

const login = async (who: LoginResponse) =>
  (
    await server.request<LoginResponse>('POST', '/api/auth/login', {
      body: { email: who.user.email, password: 'secret123' },
    })
  ).body;

const storedEndpoints = async () =>
  (await server.app.database.db.selectFrom('push_subscriptions').select('endpoint').execute()).map(
    (r) => r.endpoint,
  );

describe('VAPID keys', () => {
  it('are generated once: concurrent first starts all read back the first pair stored', async () => {
    const db = server.app.database.db;
    const at = new Date().toISOString();
    const [a, b] = await Promise.all([
      vapidKeysInsertedIfAbsent(db, { publicKey: 'first-public', privateKey: 'first-private' }, at),
      vapidKeysInsertedIfAbsent(db, { publicKey: 'other-public', privateKey: 'other-private' }, at),
    ]);
    expect(a).toEqual(b);
    // Put a real pair in its place for the rest of the file (this app has not read it yet).
    await db.deleteFrom('vapid_keys').execute();
  });

  it('GET /push/vapid-public-key answers one base64url P-256 key, the same every time', async () => {
    const member = await server.signUp('push_keyreader');
    const first = await server.request<{ publicKey: string }>('GET', '/api/push/vapid-public-key', {
      token: member.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(first.body.publicKey, 'base64url')).toHaveLength(65);
    const again = await server.request<{ publicKey: string }>('GET', '/api/push/vapid-public-key', {
      token: member.token,
    });
    expect(again.body).toEqual(first.body);
    expect((await server.request('GET', '/api/push/vapid-public-key')).status).toBe(401);
  });
});

describe('subscriptions', () => {
  it('refuse a malformed subscription with a 400, storing nothing', async () => {
    const member = await server.signUp('push_badsub');
    const good = {
      endpoint: `${pushService.url}/notify/abc`,
      expirationTime: null,
      keys: { p256dh: 'BAAA', auth: 'AAAA' },
    };
    for (const body of [
      { ...good, endpoint: 'ftp://example.test/x' },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: `https://push.example.test/${'a'.repeat(2100)}` },
      { ...good, keys: { p256dh: 'BAAA' } },
      { ...good, keys: { p256dh: 'B A', auth: 'AAAA' } },
      { endpoint: good.endpoint },
    ]) {
      const answer = await server.request('POST', '/api/push/subscriptions', {
        token: member.token,
        body,
      });
      expect(answer.status).toBe(400);
    }
    expect(await storedEndpoints()).not.toContain(good.endpoint);
  });

  it('are listed with the sessions, end with theirs, and only their member removes them', async () => {
    const member = await server.signUp('push_sessions');
    const other = await server.signUp('push_stranger');
    const second = await login(member);
    const device = await registerDevice(server, pushService, second);
    const listed = await sessions(member);
    expect(listed.map((s) => [s.current, s.push])).toEqual([
      [false, true],
      [true, false],
    ]);
    // Another member's DELETE of this endpoint leaves it.
    await server.request('DELETE', '/api/push/subscriptions', {
      token: other.token,
      body: { endpoint: device.subscription.endpoint },
    });
    expect(await storedEndpoints()).toContain(device.subscription.endpoint);
    // Signing that session out ends its push.
    await server.request('POST', '/api/auth/logout', { token: second.token });
    expect(await storedEndpoints()).not.toContain(device.subscription.endpoint);

    // The member's own DELETE removes it; account deletion removes the rest.
    const third = await login(member);
    const again = await registerDevice(server, pushService, third);
    const removed = await server.request('DELETE', '/api/push/subscriptions', {
      token: third.token,
      body: { endpoint: again.subscription.endpoint },
    });
    expect(removed.status).toBe(200);
    expect(await storedEndpoints()).not.toContain(again.subscription.endpoint);
    const last = await registerDevice(server, pushService, third);
    await server.request('DELETE', '/api/account', {
      token: member.token,
      body: { password: 'secret123' },
    });
    expect(await storedEndpoints()).not.toContain(last.subscription.endpoint);
  });
});

describe('delivery', () => {
  it('a direct message reaches an offline member as a signed, encrypted push', async () => {
    const reader = await server.signUp('push_reader');
    const writer = await server.signUp('push_writer');
    const device = await registerDevice(server, pushService, reader);
    let conversationId = 0;
    const { payload, headers } = await pushAfter(pushService, device, async () => {
      conversationId = (await message(writer, reader, 'Nets at 6?')).conversation_id;
    });
    expect(payload).toEqual({
      title: 'New message',
      body: 'push_writer sent you a message',
      url: `/messages?conversation=${conversationId}`,
      tag: `conversation-${conversationId}`,
    });
    expect(headers).toMatchObject({
      ttl: String(4 * 3600),
      urgency: 'high',
      topic: `conversation-${conversationId}`,
    });
    expect(String(headers.authorization)).toMatch(/^vapid t=.+, k=.+$/);
  });

  it('messages of one conversation push once a minute; other conversations are not held up', async () => {
    const reader = await server.signUp('push_busy');
    const chatty = await server.signUp('push_chatty');
    const other = await server.signUp('push_other');
    const device = await registerDevice(server, pushService, reader);
    await pushAfter(pushService, device, () => message(chatty, reader, 'one'));
    await message(chatty, reader, 'two');
    // A message of another conversation arrives after the second was handled (a member's
    // pushes go out in order): the second gave none.
    const barrier = await pushAfter(pushService, device, () => message(other, reader, 'hi'));
    expect(barrier.payload.body).toBe('push_other sent you a message');
    expect((await pushService.payloads(device)).map((p) => p.body)).toEqual([
      'push_chatty sent you a message',
      'push_other sent you a message',
    ]);
    // A minute on, the conversation pushes again.
    aheadMs += 61_000;
    const later = await pushAfter(pushService, device, () => message(chatty, reader, 'three'));
    expect(later.payload.body).toBe('push_chatty sent you a message');
    expect(pushService.requests(device)).toHaveLength(3);
  });

  it('a member with the app open gets no push for what the tab shows live', async () => {
    const reader = await server.signUp('push_online');
    const writer = await server.signUp('push_online_writer');
    const fan = await server.signUp('push_online_fan');
    const device = await registerDevice(server, pushService, reader);
    // Follows: pushed, never shown in the app, so pushed while a tab is open too.
    await setSwitch(reader, 'follow', 'app', false);
    await setSwitch(reader, 'follow', 'push', true);
    const tab = await server.connect(reader.token);
    const shown = nextEvent(tab, 'newDirectMessage');
    await message(writer, reader, 'You are online');
    expect((await shown).content).toBe('You are online');
    const followed = await pushAfter(pushService, device, () => follow(fan, reader));
    expect(followed.payload).toEqual({
      title: 'New follower',
      body: 'push_online_fan started following you',
      url: `/profile/${fan.user.id}`,
      tag: 'follow',
    });
    expect(followed.headers).toMatchObject({ ttl: String(24 * 3600), urgency: 'low' });
    expect(followed.headers.topic).toBeUndefined();
    expect((await pushService.payloads(device)).map((p) => p.title)).toEqual(['New follower']);
  });

  it("each push switch decides: a type's push off sends nothing, on sends it", async () => {
    const reader = await server.signUp('push_switches');
    const writer = await server.signUp('push_switch_writer');
    const fan = await server.signUp('push_switch_fan');
    const device = await registerDevice(server, pushService, reader);
    await setSwitch(reader, 'message', 'push', false);
    await setSwitch(reader, 'follow', 'push', true);
    await message(writer, reader, 'Not pushed');
    const followed = await pushAfter(pushService, device, () => follow(fan, reader));
    expect(followed.payload.title).toBe('New follower');
    expect((await pushService.payloads(device)).map((p) => p.title)).toEqual(['New follower']);
    // Follows are not pushed by default; messages are, once the switch is back on.
    await setSwitch(reader, 'follow', 'push', false);
    await setSwitch(reader, 'message', 'push', true);
    const second = await server.signUp('push_switch_fan_two');
    await follow(second, reader);
    const messaged = await pushAfter(pushService, device, () => message(writer, reader, 'Now'));
    expect(messaged.payload.title).toBe('New message');
    expect((await pushService.payloads(device)).map((p) => p.title)).toEqual([
      'New follower',
      'New message',
    ]);
  });

  it('a subscription its push service calls expired (410) is deleted', async () => {
    const reader = await server.signUp('push_expired');
    const writer = await server.signUp('push_expired_writer');
    const other = await server.signUp('push_expired_other');
    const expired: TestDevice = await registerDevice(server, pushService, reader);
    const phone = await login(reader);
    const live = await registerDevice(server, pushService, phone);
    await pushService.expire(expired);
    const gone = pushService.nextRequest(expired);
    await pushAfter(pushService, live, () => message(writer, reader, 'first'));
    expect((await gone).status).toBe(410);
    // The member's next push comes after the first was handled: the expired device is no
    // longer sent to, and its row is gone.
    await pushAfter(pushService, live, () => message(other, reader, 'second'));
    expect(pushService.requests(expired)).toHaveLength(1);
    expect(await storedEndpoints()).not.toContain(expired.subscription.endpoint);
    expect((await sessions(phone)).map((s) => [s.current, s.push])).toEqual([
      [true, true],
      [false, false],
    ]);
  });
});

describe('VAPID keys from the environment', () => {
  it('are used when both are set, and one without the other is refused at start', async () => {
    const keys = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither/,
    );
    const configured = await startServer({
      PUSH_HTTP_ENDPOINTS: 'on',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://gameon.example.test/contact',
    });
    try {
      const reader = await configured.signUp('push_env_reader');
      const writer = await configured.signUp('push_env_writer');
      const key = await configured.request<{ publicKey: string }>(
        'GET',
        '/api/push/vapid-public-key',
        { token: reader.token },
      );
      expect(key.body.publicKey).toBe(keys.publicKey);
      // The push service checks the JWT against this key: the push is signed with the pair.
      const device = await registerDevice(configured, pushService, reader);
      const { payload } = await pushAfter(pushService, device, async () => {
        const socket = await configured.connect(writer.token);
        await emitAck(socket, 'sendDirectMessage', { recipientId: reader.user.id, content: 'x' });
        socket.disconnect();
      });
      expect(payload.body).toBe('push_env_writer sent you a message');
    } finally {
      await configured.close();
    }
  });
});

describe('reminders and grouped interest as pushes', () => {
  const interest = (who: LoginResponse, postId: number) =>
    server.request('POST', `/api/posts/${postId}/interest`, { token: who.token });

  it('a game reminder reaches a joined player at once within the 2 hours: urgent, short-lived, per game', async () => {
    const host = await server.signUp('push_rhost');
    const player = await server.signUp('push_rplayer');
    const device = await registerDevice(server, pushService, player);
    const game = await server.createPost(host.token, {
      heading: 'Evening football',
      locationName: 'Cubbon Park, Bengaluru',
      eventTime: new Date(Date.now() + aheadMs + 3600 * 1000).toISOString(),
    });
    const { payload, headers } = await pushAfter(pushService, device, () =>
      interest(player, game.id),
    );
    expect(payload).toEqual({
      title: 'Game soon',
      body: 'Starts in 1 hour: Football at Cubbon Park, Bengaluru',
      url: `/posts/${game.id}`,
      tag: `post-${game.id}`,
    });
    expect(headers).toMatchObject({
      ttl: String(30 * 60),
      urgency: 'high',
      topic: `post-${game.id}`,
    });
  });

  it("interest in a game pushes the group's text under one tag, so the phone shows the latest", async () => {
    const host = await server.signUp('push_ihost');
    const fans = [
      await server.signUp('push_ifan1'),
      await server.signUp('push_ifan2'),
      await server.signUp('push_ifan3'),
    ] as const;
    await setSwitch(host, 'interest', 'push', true);
    const device = await registerDevice(server, pushService, host);
    const game = await server.createPost(host.token, { heading: 'Sunday 5-a-side' });
    const bodies: string[] = [];
    for (const fan of fans) {
      const { payload, headers } = await pushAfter(pushService, device, () =>
        interest(fan, game.id),
      );
      expect(payload).toMatchObject({ url: '/past-posts', tag: `post-${game.id}` });
      expect(headers).toMatchObject({ topic: `post-${game.id}` });
      bodies.push(payload.body);
    }
    expect(bodies).toEqual([
      'push_ifan1 is interested in your post "Sunday 5-a-side"',
      'push_ifan2 and 1 other are interested in your game "Sunday 5-a-side"',
      'push_ifan3 and 2 others are interested in your game "Sunday 5-a-side"',
    ]);
  });
});
