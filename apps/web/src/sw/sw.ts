/**
 * GameOn's service worker, built by vite-plugin-pwa (`injectManifest`, apps/web/vite.config.ts)
 * into `dist/sw.js` and registered for signed-in members only (features/push/service-worker.ts).
 *
 * - Precache: the app shell the build lists into `self.__WB_MANIFEST` (the offline page, the
 *   entry script and stylesheet, the icons), not every route's chunk; each deploy lists new
 *   revisions, so a new `sw.js` installs, takes over at once (skipWaiting, clients.claim) and
 *   deletes the old precache.
 * - Pages: every navigation goes to the network (with navigation preload, so the worker adds no
 *   wait), so a deploy shows on the next page load and no stale app is ever served; when the
 *   network fails, the precached offline page answers instead of the browser's error.
 * - Push: shows the server's `{ title, body, url, tag }` (features/push/push-payload.ts) with
 *   `renotify`, so one tag per game or conversation shows the latest, not a pile; a click focuses
 *   an open window of the app and sends it to the page, else opens one.
 */
import { clientsClaim } from 'workbox-core';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { FALLBACK_NOTIFICATION, notificationFor } from '../features/push/push-payload';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

/** The page shown for a navigation while offline (apps/web/public/offline.html, precached). */
const OFFLINE_PAGE = '/offline.html';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
navigationPreload.enable();

registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [
        {
          handlerDidError: async () => (await matchPrecache(OFFLINE_PAGE)) ?? Response.error(),
        },
      ],
    }),
    // The API, uploads and calendar files are never pages of the app.
    { denylist: [/^\/api\//, /^\/uploads\//, /^\/socket\.io\//] },
  ),
);

/** The data's text, or null when the push carried none or it cannot be read. */
function pushText(data: PushMessageData | null): string | null {
  if (data === null) return null;
  try {
    return data.text();
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const shown = notificationFor(pushText(event.data), self.location.origin);
  // `renotify` (alert again for a tag already shown) is missing from TypeScript's DOM types.
  const options: NotificationOptions & { renotify: boolean } = {
    body: shown.body,
    tag: shown.tag,
    renotify: true,
    icon: ICON,
    badge: BADGE,
    data: { url: shown.url },
  };
  event.waitUntil(self.registration.showNotification(shown.title, options));
});

/** The page a notification opens: its `data.url` while on the app's origin, else /notifications. */
function clickTarget(data: unknown): string {
  const fallback = new URL(FALLBACK_NOTIFICATION.path, self.location.origin).href;
  if (typeof data !== 'object' || data === null || !('url' in data)) return fallback;
  if (typeof data.url !== 'string') return fallback;
  try {
    const url = new URL(data.url);
    return url.origin === self.location.origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Shows `url` in a window of the app: the focused one, else a visible one, else any, focused
 * and navigated there; a new window when none is open (or the open one cannot be navigated:
 * `navigate()` works only on a window this worker controls).
 */
async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const client =
    ours.find((c) => c.focused) ?? ours.find((c) => c.visibilityState === 'visible') ?? ours[0];
  if (client !== undefined) {
    // Focus first, while the click's permission to raise a window lasts; a window that cannot
    // be raised is still navigated.
    const focused = await client.focus().catch(() => client);
    if (focused.url === url) return;
    try {
      await focused.navigate(url);
      return;
    } catch (error) {
      console.warn('Could not navigate the open window; opening a new one', error);
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(clickTarget(event.notification.data)));
});
