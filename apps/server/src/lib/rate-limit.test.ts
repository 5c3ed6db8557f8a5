/**
 * Per-member write limits and the per-account login delay, over real HTTP and a real
 * socket with RATE_LIMITS on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage } from '@gameon/shared';
import { emitAck, startServer, type TestServer } from '../../test/harness.js';
import { MAX_LOGIN_DELAY_MS, loginDelayMs } from './rate-limit.js';

describe('loginDelayMs', () => {
  it('is none for the first failures, grows with them, and never exceeds 2 s', () => {
    expect(MAX_LOGIN_DELAY_MS).toBeLessThanOrEqual(2000);
    expect(loginDelayMs(0)).toBe(0);
    let previous = 0;
    for (let failures = 0; failures <= 100_000; failures += failures < 100 ? 1 : 997) {
      const delay = loginDelayMs(failures);
      expect(delay).toBeGreaterThanOrEqual(previous);
      expect(delay).toBeLessThanOrEqual(MAX_LOGIN_DELAY_MS);
      previous = delay;
    }
    expect(loginDelayMs(10)).toBeGreaterThan(0);
    expect(loginDelayMs(Number.MAX_SAFE_INTEGER)).toBe(MAX_LOGIN_DELAY_MS);
  });
});

describe('write limits per member', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'on' });
  });
  afterAll(() => server.close());

  it('cuts 200 direct messages at once over a socket with a clear ack', async () => {
    const sender = await server.signUp('wl_sender');
    const recipient = await server.signUp('wl_recipient');
    const socket = await server.connect(sender.token);
    type Ack = { success: true; message: DirectMessage } | { success: false; message: string };
    const acks = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        emitAck<Ack>(socket, 'sendDirectMessage', {
          recipientId: recipient.user.id,
          content: `flood ${i}`,
        }),
      ),
    );
    const sent = acks.filter((a) => a.success);
    const refused = acks.filter((a) => !a.success);
    // At most the burst (20 in 10 s), and never past the minute's 60.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(60);
    expect(sent.length + refused.length).toBe(200);
    // Past the member's message limit, or past the socket's event rate.
    for (const ack of refused) {
      expect(ack.message).toMatch(
        /^(You're doing that too often\. Please try again in \d+ (seconds?|minutes?)\.|Too many requests\. Please slow down\.)$/,
      );
    }
    expect(socket.connected).toBe(true);
    // Another member is not held back by the sender's flood.
    const other = await server.connect(recipient.token);
    const reply = await emitAck<Ack>(other, 'sendDirectMessage', {
      recipientId: sender.user.id,
      content: 'Slow down!',
    });
    expect(reply.success).toBe(true);
  });

  it('allows 10 posts an hour over HTTP, then 429 with the message; others still post', async () => {
    const poster = await server.signUp('wl_poster');
    for (let i = 0; i < 10; i++) await server.createPost(poster.token);
    const eleventh = await server.request<{ success: boolean; message: string }>(
      'POST',
      '/api/posts',
      {
        token: poster.token,
        body: {
          sport: 'Football',
          heading: 'One too many',
          description: 'Friendly game',
          tags: [],
          location: { type: 'Point', coordinates: [77.5946, 12.9716] },
          locationName: 'Bengaluru',
          eventTime: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
          playersNeeded: 4,
        },
      },
    );
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.success).toBe(false);
    expect(eleventh.body.message).toMatch(
      /^You're doing that too often\. Please try again in \d+ minutes?\.$/,
    );
    const neighbour = await server.signUp('wl_neighbour');
    const post = await server.createPost(neighbour.token);
    expect(typeof post.id).toBe('number');
  });

  it('is off with RATE_LIMITS=off', async () => {
    const open = await startServer({ RATE_LIMITS: 'off' });
    try {
      const poster = await open.signUp('wl_open');
      for (let i = 0; i < 11; i++) await open.createPost(poster.token);
    } finally {
      await open.close();
    }
  });
});
