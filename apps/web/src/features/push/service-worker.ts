/**
 * The service worker's registration (the worker itself: src/sw/sw.ts, built to `/sw.js`). Only a
 * signed-in member's app calls these (app/providers.tsx loads this module then), so a visitor's
 * pages load no service-worker code and install no worker.
 */

/** The built worker's address; scope `/` is its own folder, so no `Service-Worker-Allowed`. */
export const SERVICE_WORKER_URL = '/sw.js';

/** True where this browser has service workers (a secure context: HTTPS or localhost). */
export function hasServiceWorkers(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * Registers the worker for the whole app (idempotent: the browser keeps one per scope and checks
 * `/sw.js` for a new version on each navigation; `updateViaCache: 'none'` makes that check skip
 * the HTTP cache). Resolves to null where service workers are unavailable or registration fails
 * (logged): the app works as before, without offline page or push.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!hasServiceWorkers()) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, {
      scope: '/',
      type: 'classic',
      updateViaCache: 'none',
    });
  } catch (error) {
    console.warn('Could not register the service worker', error);
    return null;
  }
}

/**
 * After sign-out: ends this device's push subscription in the browser (the server drops it with
 * the session) and unregisters the worker, so the next person on this browser, a visitor, has
 * none. Failures are logged, never thrown.
 */
export async function unregisterServiceWorker(): Promise<void> {
  if (!hasServiceWorkers()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (registration === undefined) return;
    const subscription = await registration.pushManager?.getSubscription();
    await subscription?.unsubscribe();
    await registration.unregister();
  } catch (error) {
    console.warn('Could not unregister the service worker', error);
  }
}

/**
 * Calls `listener` when a new version of the worker takes over this page: a deploy, found when
 * the browser checks `/sw.js` (on a navigation, on registering, and here whenever the page is
 * shown again, as an installed app resumed from the background is). The new worker serves the
 * new pages at once (sw.ts `skipWaiting`), but this page still runs the old code until it
 * reloads. The first worker taking over an uncontrolled page is not a new version. Answers a
 * function that stops watching.
 */
export function watchForNewVersion(
  registration: ServiceWorkerRegistration,
  listener: () => void,
): () => void {
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  const onControllerChange = () => {
    if (controlled) listener();
    controlled = true;
  };
  const onVisibilityChange = () => {
    if (document.visibilityState !== 'visible') return;
    registration.update().catch((error: unknown) => {
      console.warn('Could not check for a new version of the app', error);
    });
  };
  container.addEventListener('controllerchange', onControllerChange);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    container.removeEventListener('controllerchange', onControllerChange);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
