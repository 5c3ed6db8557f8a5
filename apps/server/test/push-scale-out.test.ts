/**
 * Web push across two server processes' worth of app (two buildApp instances on one database,
 * joined through Redis): the VAPID keys both generate agree, a conversation's one push a minute
 * holds whichever node sends, and a tab open on one node keeps the other from pushing. Runs when
 * TEST_REDIS_URL points at a Redis server (.ci/run starts one on loopback).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@gameon/shared';
import { emitAck, nextEvent, startServer, type TestServer } from './harness.js';
import {
  pushAfter,
  registerDevice,
  startPushService,
  type LocalPushService,
} from './push-service.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('web push on two nodes', () => {
  let node1: TestServer;
  let node2: TestServer;
  let pushService: LocalPushService;
  beforeAll(async () => {
    pushService = await startPushService();
    node1 = await startServer({ REDIS_URL: redisUrl!, PUSH_HTTP_ENDPOINTS: 'on' });
    node2 = await startServer({
      REDIS_URL: redisUrl!,
      PUSH_HTTP_ENDPOINTS: 'on',
      DATABASE_URL: node1.databaseUrl,
    });
  });
  afterAll(async () => {
    await node2?.close();
    await node1?.close();
    await pushService?.close();
  });

  async function message(node: TestServer, from: LoginResponse, to: LoginResponse) {
    const socket = await node.connect(from.token);
    const answer = await emitAck<{ message?: unknown }>(socket, 'sendDirectMessage', {
      recipientId: to.user.id,
      content: 'hello',
    });
    socket.disconnect();
    if (!answer.message) throw new Error(`message refused: ${JSON.stringify(answer)}`);
  }

  it('both nodes, asked at once before either had keys, answer the same VAPID key', async () => {
    const member = await node1.signUp('pushx_keys');
    const [a, b] = await Promise.all(
      [node1, node2].map((node) =>
        node.request<{ publicKey: string }>('GET', '/api/push/vapid-public-key', {
          token: member.token,
        }),
      ),
    );
    expect(a!.status).toBe(200);
    expect(a!.body.publicKey).toBe(b!.body.publicKey);
  });

  it("a conversation's second message within a minute pushes from neither node", async () => {
    const reader = await node1.signUp('pushx_reader');
    const writer = await node1.signUp('pushx_writer');
    const other = await node1.signUp('pushx_other');
    const device = await registerDevice(node1, pushService, reader);
    await pushAfter(pushService, device, () => message(node1, writer, reader));
    await message(node2, writer, reader);
    // Another conversation's message, sent on node 2 after the second was handled there.
    await pushAfter(pushService, device, () => message(node2, other, reader));
    expect((await pushService.payloads(device)).map((p) => p.body)).toEqual([
      'pushx_writer sent you a message',
      'pushx_other sent you a message',
    ]);
  });

  it('a tab open on one node keeps the other from pushing what the tab shows', async () => {
    const reader = await node1.signUp('pushx_online');
    const writer = await node1.signUp('pushx_online_writer');
    const fan = await node1.signUp('pushx_online_fan');
    const device = await registerDevice(node1, pushService, reader);
    for (const [channel, enabled] of [
      ['app', false],
      ['push', true],
    ] as const)
      await node1.request('PATCH', '/api/notifications/settings', {
        token: reader.token,
        body: { type: 'follow', channel, enabled },
      });
    const tab = await node1.connect(reader.token);
    const shown = nextEvent(tab, 'newDirectMessage');
    await message(node2, writer, reader);
    await shown;
    // A follow (pushed, never in the app) handled on node 2 after the message.
    const followed = await pushAfter(pushService, device, () =>
      node2.request('POST', `/api/users/${reader.user.id}/follow`, { token: fan.token }),
    );
    expect(followed.payload.title).toBe('New follower');
    expect((await pushService.payloads(device)).map((p) => p.title)).toEqual(['New follower']);
  });
});
