/**
 * Push subscription calls: the server's VAPID public key, and saving or deleting this device's
 * subscription. The wire shapes are the push endpoints' (`GET /api/push/vapid-public-key`,
 * `POST` and `DELETE /api/push/subscriptions`).
 */
import { z } from 'zod';
import { vapidPublicKeySchema, type PushSubscriptionBody } from '@gameon/shared';
import { apiRequest } from '../../lib/api-client';

export type { PushSubscriptionBody };

/** The answers of saving and deleting are not read: a 2xx status is the success. */
const anyAnswer = z.unknown();

/** The server's VAPID public key (base64url), for `pushManager.subscribe`. */
export async function fetchVapidPublicKey(): Promise<string> {
  return (await apiRequest('/push/vapid-public-key', { schema: vapidPublicKeySchema })).data
    .publicKey;
}

/** Saves this device's subscription for the signed-in member (`POST /push/subscriptions`). */
export async function saveSubscription(body: PushSubscriptionBody): Promise<void> {
  await apiRequest('/push/subscriptions', { method: 'POST', body, schema: anyAnswer });
}

/** Forgets the subscription of `endpoint` (`DELETE /push/subscriptions` `{ endpoint }`). */
export async function deleteSubscription(endpoint: string): Promise<void> {
  await apiRequest('/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint },
    schema: anyAnswer,
  });
}
