/**
 * A local web push service for tests: `web-push-testing` (its Express server and model) run in
 * this process on 127.0.0.1, so a test pushes without the internet. It checks each push's VAPID
 * JWT against the subscription's application server key and decrypts aes128gcm; its answers are
 * a real push service's (201, 410 once a subscription is expired). Besides its own API
 * (subscribe, expire, read back messages) this fixture records each push request's headers and
 * status, and resolves a waiter when a device's push has been handled: tests await arrivals
 * instead of polling or sleeping.
 */
import type { AddressInfo } from 'node:net';
import { pushPayloadSchema, type PushPayload, type PushSubscriptionBody } from '@gameon/shared';
import { PushApiModel } from 'web-push-testing/src/PushApiModel.js';
import WebPushTestingServer from 'web-push-testing/src/server.js';
import type { TestServer } from './harness.js';

/** One push request as the push service received and answered it. */
export interface ReceivedPush {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** A subscribed device of the local push service. */
export interface TestDevice {
  /** What the browser's `PushSubscription.toJSON()` would give: POST it to our endpoint. */
  subscription: PushSubscriptionBody;
  clientHash: string;
}

export interface LocalPushService {
  url: string;
  /** Subscribes a new device to pushes signed with `applicationServerKey` (base64url). */
  subscribe(applicationServerKey: string): Promise<TestDevice>;
  /** The device's pushes so far, decrypted, each parsed as our payload. */
  payloads(device: TestDevice): Promise<PushPayload[]>;
  /** The device's push requests so far (headers, status), oldest first. */
  requests(device: TestDevice): ReceivedPush[];
  /** Resolves with the device's next push request once the service has answered it. */
  nextRequest(device: TestDevice): Promise<ReceivedPush>;
  /** Makes the device's subscription expired: its pushes are answered 410 from now on. */
  expire(device: TestDevice): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the local push service on 127.0.0.1 and a free port. One per test file: the library
 * keeps its model in a module variable.
 */
export async function startPushService(): Promise<LocalPushService> {
  const model = new PushApiModel();
  const testing = new WebPushTestingServer(model, 0);
  const received = new Map<string, ReceivedPush[]>();
  const waiters = new Map<string, ((push: ReceivedPush) => void)[]>();
  testing._app.use('/notify', (request, response, next) => {
    const clientHash = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
    const headers = { ...request.headers };
    response.on('finish', () => {
      const push = { status: response.statusCode, headers };
      received.set(clientHash, [...(received.get(clientHash) ?? []), push]);
      for (const resolve of waiters.get(clientHash) ?? []) resolve(push);
      waiters.delete(clientHash);
    });
    next();
  });
  const server = await new Promise<ReturnType<typeof testing._app.listen>>((resolve) => {
    const listening = testing._app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  testing._server = server;
  testing.setRequestHandlers();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${url}/notify/`;

  const post = async (path: string, body: unknown) => {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`push service ${path}: ${response.status} ${text}`);
    // Some answers are plain text ("OK").
    return response.headers.get('content-type')?.includes('json')
      ? (JSON.parse(text) as unknown)
      : null;
  };

  return {
    url,
    async subscribe(applicationServerKey) {
      const answer = (await post('/subscribe', {
        userVisibleOnly: 'true',
        applicationServerKey,
      })) as {
        data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
      };
      const { endpoint, keys, clientHash } = answer.data;
      return { subscription: { endpoint, expirationTime: null, keys }, clientHash };
    },
    async payloads(device) {
      const answer = (await post('/get-notifications', { clientHash: device.clientHash })) as {
        data: { messages: string[] };
      };
      return answer.data.messages.map((text) => pushPayloadSchema.parse(JSON.parse(text)));
    },
    requests: (device) => received.get(device.clientHash) ?? [],
    nextRequest: (device) =>
      new Promise((resolve) => {
        waiters.set(device.clientHash, [...(waiters.get(device.clientHash) ?? []), resolve]);
      }),
    async expire(device) {
      await post(`/expire-subscription/${device.clientHash}`, {});
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Turns push on for `who`'s session as the web app does: reads our VAPID key, subscribes a
 * new device of `service` with it, and registers the subscription (`POST /push/subscriptions`).
 */
export async function registerDevice(
  server: TestServer,
  service: LocalPushService,
  who: { token: string },
): Promise<TestDevice> {
  const key = await server.request<{ publicKey: string }>('GET', '/api/push/vapid-public-key', {
    token: who.token,
  });
  if (key.status !== 200) throw new Error(`vapid-public-key ${key.status}`);
  const device = await service.subscribe(key.body.publicKey);
  const saved = await server.request('POST', '/api/push/subscriptions', {
    token: who.token,
    body: device.subscription,
  });
  if (saved.status !== 201)
    throw new Error(`subscribe ${saved.status}: ${JSON.stringify(saved.body)}`);
  return device;
}

/**
 * Runs `trigger` (the action that notifies) and answers the push `device` then receives,
 * decrypted, with its request's headers: one call per kind of push a test checks.
 * @throws when the push service refused the push (a bad VAPID signature, say).
 */
export async function pushAfter(
  service: LocalPushService,
  device: TestDevice,
  trigger: () => Promise<unknown>,
): Promise<{ payload: PushPayload; headers: ReceivedPush['headers'] }> {
  const arrived = service.nextRequest(device);
  await trigger();
  const request = await arrived;
  if (request.status !== 201) throw new Error(`push answered ${request.status}`);
  const payload = (await service.payloads(device)).at(-1);
  if (!payload) throw new Error('no payload');
  return { payload, headers: request.headers };
}
