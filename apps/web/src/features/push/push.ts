/**
 * Web push on this device (the browser's half): whether it can be turned on, and turning it on
 * and off. Turning on asks for notification permission (only ever from a click in Settings),
 * subscribes the service worker's push manager with the server's VAPID key and saves the
 * subscription; turning off unsubscribes and deletes it on the server.
 */
import { deleteSubscription, fetchVapidPublicKey, saveSubscription } from './api';
import type { PushSubscriptionBody } from './api';
import { hasServiceWorkers, registerServiceWorker } from './service-worker';

/**
 * - `unsupported`: no service worker, Push API or notifications here (e.g. Safari in an iPhone
 *   tab: push needs the app added to the Home Screen, iOS 16.4+).
 * - `denied`: the member blocked notifications for the site; only the browser can undo that.
 * - `off` / `on`: whether this device has a push subscription.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** Why turning push on failed. */
export type PushFailure =
  /** The browser or its push service refused (no push service reachable, a blocked prompt). */
  | 'unavailable'
  /** Notification permission was denied at the prompt. */
  | 'denied'
  /** The server did not take the subscription (or the key could not be fetched). */
  | 'server';

export class PushError extends Error {
  readonly reason: PushFailure;
  constructor(reason: PushFailure, cause?: unknown) {
    super(`Push could not be turned on: ${reason}`, { cause });
    this.name = 'PushError';
    this.reason = reason;
  }
}

/** True where this browser has everything web push needs. */
export function pushSupported(): boolean {
  return (
    hasServiceWorkers() &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The active registration of the app's worker (registering it when there is none yet). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registered = await registerServiceWorker();
  if (registered === null) throw new PushError('unavailable');
  // subscribe() needs an active worker; `ready` resolves once the one for this page is.
  return navigator.serviceWorker.ready;
}

/** This device's push subscription, or null. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where push stands on this device (see {@link PushState}). */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  try {
    return (await currentSubscription()) === null ? 'off' : 'on';
  } catch (error) {
    console.warn('Could not read the push subscription', error);
    return 'off';
  }
}

/** The bytes of a base64url string (the VAPID key), as `applicationServerKey` takes them. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * How long the browser may take to subscribe (ms): it asks its push service (Google's for
 * Chromium, Apple's, Mozilla's) over the internet, and Chromium with no way to reach it never
 * answers at all. Long enough for a slow mobile network.
 */
export const SUBSCRIBE_TIMEOUT_MS = 15_000;

/**
 * `subscribe()`, rejected after `timeoutMs` without an answer; a subscription that arrives after
 * that is undone, so the browser never holds one the server does not know.
 */
function subscribeWithin(
  subscribing: Promise<PushSubscription>,
  timeoutMs: number,
): Promise<PushSubscription> {
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`The push service did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    subscribing.then(
      (subscription) => {
        clearTimeout(timer);
        if (timedOut) void subscription.unsubscribe().catch(() => false);
        else resolve(subscription);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Turns push on for this device: call from a click (browsers refuse a permission prompt
 * otherwise). Throws {@link PushError}: `denied` at the prompt, `unavailable` when the browser
 * or its push service refuses the subscription or does not answer within `timeoutMs`, `server`
 * when the key cannot be fetched or the subscription cannot be saved (the browser's subscription
 * is then undone).
 */
export async function turnOnPush(timeoutMs = SUBSCRIBE_TIMEOUT_MS): Promise<void> {
  if (!pushSupported()) throw new PushError('unavailable');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushError('denied');
  const registration = await activeRegistration();
  let publicKey: string;
  try {
    publicKey = await fetchVapidPublicKey();
  } catch (error) {
    throw new PushError('server', error);
  }
  let subscription: PushSubscription;
  try {
    subscription = await subscribeWithin(
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      }),
      timeoutMs,
    );
  } catch (error) {
    // The browser refused ("AbortError: Registration failed") or its push service never answered.
    throw new PushError('unavailable', error);
  }
  try {
    await saveSubscription(subscription.toJSON() as PushSubscriptionBody);
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw new PushError('server', error);
  }
}

/**
 * Turns push off for this device: unsubscribes in the browser, then deletes the subscription on
 * the server. A failed delete is only logged: the push service now answers 410 for the endpoint,
 * and the server drops a subscription on that answer.
 */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription === null) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  try {
    await deleteSubscription(endpoint);
  } catch (error) {
    console.warn('Could not delete the push subscription on the server', error);
  }
}
