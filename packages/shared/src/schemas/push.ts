/**
 * Web push (`/push/*`): the server's VAPID public key and a device's subscription as the
 * browser's `PushSubscription.toJSON()` gives it.
 */
import { z } from 'zod';

/** The longest push endpoint URL kept (the browsers' push services use a few hundred). */
export const PUSH_ENDPOINT_MAX = 2048;

/** `GET /push/vapid-public-key`: the application server key, base64url (65-byte P-256 point). */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

const base64url = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`);

/** The push service URL of one device: http or https, at most {@link PUSH_ENDPOINT_MAX}. */
export const pushEndpointSchema = z
  .string({ error: 'endpoint is required' })
  .max(PUSH_ENDPOINT_MAX, 'endpoint is too long')
  .pipe(z.url({ protocol: /^https?$/, error: 'endpoint must be an http or https URL' }));

/** `POST /push/subscriptions`: `PushSubscription.toJSON()`. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  /** Epoch milliseconds when the browser says it ends, or null. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** The device's P-256 public key (65 bytes, base64url). */
      p256dh: base64url('keys.p256dh', 128),
      /** The device's auth secret (16 bytes, base64url). */
      auth: base64url('keys.auth', 64),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** `DELETE /push/subscriptions`: the device's endpoint. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/**
 * A web push's payload (JSON text, encrypted to the device): what the service worker shows.
 * `url` is a same-origin path (the in-app list's target), `tag` groups a game's or a
 * conversation's pushes into one notification on the device.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
