/**
 * Web push (RFC 8030, RFC 8291 aes128gcm, RFC 8292 VAPID) with the `web-push` library: the
 * server's VAPID key pair, devices' subscriptions (each tied to the session that made it, gone
 * with it), and delivery of the notifications whose `push` switch is on (`notification.push`).
 * Requests are built by `web-push`'s generateRequestDetails and sent with `fetch` (its own
 * sender speaks only HTTPS). Delivery runs after the action that notified, never failing or
 * slowing it; a member's pushes go out one after another, in order, so the newest of a tag is
 * the one their device shows. Endpoints are personal data: never logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import webpush from 'web-push';
import type { PushSubscriptionBody, VapidPublicKey } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import type { DomainEventBus, DomainEvents } from '../../lib/events.js';
import type { Principal } from '../../lib/principal.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { pushContent } from './push-content.js';
import * as repo from './push.repository.js';

/** Messages of one conversation push at most once per this many seconds per member. */
export const MESSAGE_PUSH_INTERVAL_S = 60;

/** How long one push service request may take before it is given up, in milliseconds. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Members' deliveries under way at once in a process: a game near thousands of members opens
 * at most this many database reads and push requests together, not one per member.
 */
const DELIVERY_CONCURRENCY = 16;

export interface PushDeps {
  db: Kysely<DB>;
  events: DomainEventBus;
  limiter: Pick<RateLimiter, 'write'>;
  /** Whether a member has the app open in a tab anywhere (realtime presence, every process). */
  presence: { isOnline(userId: number): Promise<boolean> };
  log: FastifyBaseLogger;
  /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or null for the pair kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: an https: or mailto: URL. */
  vapidSubject: string;
  /** Accept plain-http endpoints (a local push service in tests). */
  httpEndpoints: boolean;
  now?: () => Date;
}

/** The ids of member `userId`'s sessions with a push subscription (Settings' session list). */
export function sessionsWithPush(db: Kysely<DB>, userId: number): Promise<number[]> {
  return repo.sessionIdsWithPush(db, userId);
}

export function createPushService({
  db,
  events,
  limiter,
  presence,
  log,
  vapidKeys,
  vapidSubject,
  httpEndpoints,
  now = () => new Date(),
}: PushDeps) {
  let keys: Promise<{ publicKey: string; privateKey: string }> | undefined;
  /**
   * The VAPID key pair: the environment's, else the stored one, else one generated now and
   * inserted only if absent (nodes starting together all read back the first one stored).
   */
  function vapid() {
    keys ??= (async () => {
      if (vapidKeys) return vapidKeys;
      const stored = await repo.storedVapidKeys(db);
      if (stored) return stored;
      return repo.vapidKeysInsertedIfAbsent(db, webpush.generateVAPIDKeys(), now().toISOString());
    })();
    keys.catch(() => {
      keys = undefined;
    });
    return keys;
  }

  /** Each member's deliveries, chained: one at a time, in order. */
  const queues = new Map<number, Promise<void>>();
  const deliveries = pLimit(DELIVERY_CONCURRENCY);

  function enqueue(userId: number, work: () => Promise<void>) {
    const previous = queues.get(userId) ?? Promise.resolve();
    const next = previous
      .then(() => deliveries(work))
      .catch((error: unknown) => {
        // Never the endpoint: only what kind of failure it was.
        log.warn({ errName: error instanceof Error ? error.name : 'unknown' }, 'web push failed');
      });
    queues.set(userId, next);
    void next.then(() => {
      if (queues.get(userId) === next) queues.delete(userId);
    });
  }

  /**
   * Sends `notification` to each of the member's devices, unless a tab of theirs shows it live
   * already, or (messages) they got a push of its conversation in the last minute. A device
   * whose push service answers 404 or 410 is forgotten.
   */
  async function deliver({ userId, notification, live }: DomainEvents['notification.push']) {
    // Devices first: most members have none, and presence asks every process.
    const subscriptions = await repo.subscriptionsOfUser(db, userId);
    if (subscriptions.length === 0) return;
    if (live && (await presence.isOnline(userId))) return;
    const content = pushContent(notification);
    if (notification.type === 'message' && content.topic !== undefined) {
      const at = now();
      const since = new Date(at.getTime() - MESSAGE_PUSH_INTERVAL_S * 1000).toISOString();
      if (!(await repo.claimThrottle(db, userId, content.topic, at.toISOString(), since))) return;
    }
    const { publicKey, privateKey } = await vapid();
    const body = JSON.stringify(content.payload);
    for (const subscription of subscriptions) {
      const details = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        body,
        {
          vapidDetails: { subject: vapidSubject, publicKey, privateKey },
          TTL: content.ttl,
          urgency: content.urgency,
          ...(content.topic === undefined ? {} : { topic: content.topic }),
        },
      );
      // fetch sets the length itself and refuses to be told.
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      }).catch((error: unknown) => {
        log.warn(
          { errName: error instanceof Error ? error.name : 'unknown' },
          'push service unreachable',
        );
        return null;
      });
      if (!response) continue;
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410)
        await repo.deleteById(db, subscription.id);
      else if (!response.ok) log.warn({ status: response.status }, 'push service refused a push');
    }
  }

  events.on('notification.push', (event) => enqueue(event.userId, () => deliver(event)));

  /** @throws AppError 400 for a plain-http endpoint unless PUSH_HTTP_ENDPOINTS=on. */
  function assertEndpointAllowed(endpoint: string) {
    if (!httpEndpoints && !endpoint.startsWith('https://'))
      throw new AppError('bad_request', 400, 'endpoint must be an https URL');
  }

  return {
    /** `GET /push/vapid-public-key`: the application server key, base64url. */
    async publicKey(): Promise<VapidPublicKey> {
      return { publicKey: (await vapid()).publicKey };
    },
    /**
     * Registers the caller's device for push, tied to the caller's session (it ends with it);
     * the session's earlier subscription, and this endpoint's under any other session, are
     * replaced. @throws AppError 400 (a plain-http endpoint), 429 past `pushSubscription`.
     */
    async subscribe(principal: Principal, body: PushSubscriptionBody): Promise<{ success: true }> {
      assertEndpointAllowed(body.endpoint);
      await limiter.write('pushSubscription', principal.userId);
      await repo.saveSubscription(db, {
        user_id: principal.userId,
        session_id: principal.sessionId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: now().toISOString(),
      });
      return { success: true };
    },
    /**
     * Removes the caller's subscription of `endpoint`, if they have one (another member's
     * stays). @throws AppError 429 past `pushSubscription`.
     */
    async unsubscribe(userId: number, endpoint: string): Promise<{ success: true }> {
      await limiter.write('pushSubscription', userId);
      await repo.deleteOfUser(db, userId, endpoint);
      return { success: true };
    },
    /** Resolves once every delivery under way has ended (shutdown waits for them). */
    async settled(): Promise<void> {
      while (queues.size > 0) await Promise.all([...queues.values()]);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
