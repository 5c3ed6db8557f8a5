/**
 * Two server processes' worth of app (two buildApp instances on one database) joined by the
 * Redis adapter: messages and session revocation cross nodes. Runs when TEST_REDIS_URL points
 * at a Redis server (.ci/run starts one on loopback).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_CACHE_MS } from '../src/modules/auth/session-cache.js';
import { emitAck, nextEvent, startServer, type TestServer } from './harness.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('scale-out through Redis', () => {
  let node1: TestServer;
  let node2: TestServer;
  beforeAll(async () => {
    node1 = await startServer({ REDIS_URL: redisUrl! });
    node2 = await startServer({ REDIS_URL: redisUrl!, DATABASE_URL: node1.databaseUrl });
  });
  afterAll(async () => {
    await node2?.close();
    await node1?.close();
  });

  it('delivers a group message sent on one node to a member connected to the other', async () => {
    const host = await node1.signUp('scale_host');
    const player = await node1.signUp('scale_player');
    const post = await node1.createPost(host.token);
    const { body } = await node1.request<{ groupChatId: number }>(
      'POST',
      `/api/posts/${post.id}/interest`,
      { token: player.token },
    );
    const hostSocket = await node1.connect(host.token);
    const playerSocket = await node2.connect(player.token);
    const arrived = nextEvent(hostSocket, 'newGroupMessage');
    const ack = await emitAck<{ success: boolean }>(playerSocket, 'sendGroupMessage', {
      groupChat: body.groupChatId,
      content: 'across nodes',
    });
    expect(ack.success).toBe(true);
    expect((await arrived).content).toBe('across nodes');
    expect((await node2.request('GET', '/api/ready')).status).toBe(200);
  });

  it('delivers a direct message sent on one node to the recipient on the other, with its notification', async () => {
    const sender = await node1.signUp('scale_sender');
    const recipient = await node1.signUp('scale_recipient');
    const senderSocket = await node1.connect(sender.token);
    const recipientSocket = await node2.connect(recipient.token);
    const arrived = nextEvent(recipientSocket, 'newDirectMessage');
    const notified = nextEvent(recipientSocket, 'notification');
    const echoed = nextEvent(senderSocket, 'directMessageDelivered');
    const ack = await emitAck<{ success: boolean }>(senderSocket, 'sendDirectMessage', {
      recipientId: recipient.user.id,
      content: 'across nodes, directly',
    });
    expect(ack.success).toBe(true);
    expect((await arrived).content).toBe('across nodes, directly');
    expect((await echoed).content).toBe('across nodes, directly');
    expect((await notified).type).toBe('message');
  });

  it('tells a follower on one node when a member comes online and goes offline on the other', async () => {
    const shower = await node1.signUp('scale_shower');
    const watcher = await node1.signUp('scale_watcher');
    await node1.request('POST', `/api/users/${shower.user.id}/follow`, { token: watcher.token });
    await node1.request('PUT', '/api/settings', {
      token: shower.token,
      body: { show_online_status: true },
    });
    const watching = await node1.connect(watcher.token);
    const cameOnline = nextEvent(watching, 'presence');
    const showerSocket = await node2.connect(shower.token);
    expect(await cameOnline).toEqual({ userId: shower.user.id, online: true });
    const wentOffline = nextEvent(watching, 'presence');
    showerSocket.disconnect();
    expect(await wentOffline).toEqual({ userId: shower.user.id, online: false });
  });

  it('logging out on one node disconnects the session socket held by the other', async () => {
    const member = await node1.signUp('scale_member');
    const socket = await node2.connect(member.token);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await node1.request('POST', '/api/auth/logout', { token: member.token });
    expect(await gone).toBe('io server disconnect');
  });

  it('a session signed out on one node is refused by the other at once: its cached lookup is forgotten through the adapter', async () => {
    const member = await node1.signUp('scale_cached');
    // The other node resolves the token now and keeps the session for SESSION_CACHE_MS.
    expect((await node2.request('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    const signedOut = Date.now();
    await node1.request('POST', '/api/auth/logout', { token: member.token });
    await vi.waitFor(
      async () =>
        expect((await node2.request('GET', '/api/auth/me', { token: member.token })).status).toBe(
          401,
        ),
      { timeout: SESSION_CACHE_MS, interval: 20 },
    );
    expect(Date.now() - signedOut).toBeLessThan(SESSION_CACHE_MS / 2);
  });

  it("signing out everywhere else on one node disconnects the other session's socket on the other", async () => {
    const member = await node1.signUp('scale_others');
    const login = await node2.request<{ token: string }>('POST', '/api/auth/login', {
      body: { email: 'scale_others@example.test', password: 'secret123' },
    });
    const socket = await node2.connect(login.body.token);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await node1.request('POST', '/api/auth/sessions/sign-out-others', { token: member.token });
    expect(await gone).toBe('io server disconnect');
  });
});

/**
 * A TCP proxy to Redis whose client-to-Redis bytes keep their order but wait `latencyMs` when
 * they carry a sharded subscription: a slow link, or a busy process, as seen from Redis.
 */
async function slowSubscriptionsProxy(
  target: URL,
  latencyMs: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const links = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    links.add(client).add(upstream);
    let queue = Promise.resolve();
    client.on('data', (chunk) => {
      const slow = /ssubscribe/i.test(chunk.toString('latin1'));
      queue = queue.then(async () => {
        if (slow) await new Promise((resolve) => setTimeout(resolve, latencyMs));
        upstream.write(chunk);
      });
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () => {
      for (const link of links) link.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(redisUrl)('scale-out when a room subscription is slow to reach Redis', () => {
  let direct: TestServer;
  let slow: TestServer;
  let proxy: Awaited<ReturnType<typeof slowSubscriptionsProxy>>;
  beforeAll(async () => {
    proxy = await slowSubscriptionsProxy(new URL(redisUrl!), 1000);
    direct = await startServer({ REDIS_URL: redisUrl! });
    slow = await startServer({ REDIS_URL: proxy.url, DATABASE_URL: direct.databaseUrl });
  });
  afterAll(async () => {
    await slow?.close();
    await direct?.close();
    await proxy?.close();
  });

  it('a direct message sent as soon as its recipient is connected on the other node arrives', async () => {
    const sender = await direct.signUp('slow_sender');
    const recipient = await direct.signUp('slow_recipient');
    const senderSocket = await direct.connect(sender.token);
    // Connected means the recipient's room already hears the other node.
    const recipientSocket = await slow.connect(recipient.token);
    const arrived = nextEvent(recipientSocket, 'newDirectMessage');
    const ack = await emitAck<{ success: boolean }>(senderSocket, 'sendDirectMessage', {
      recipientId: recipient.user.id,
      content: 'right after you came online',
    });
    expect(ack.success).toBe(true);
    expect((await arrived).content).toBe('right after you came online');
  });
});
