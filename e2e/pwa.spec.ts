/**
 * The installable app and web push in real Chromium. Chromium reports installability
 * and allows push only outside incognito, so these journeys use persistent browser profiles
 * (`launchPersistentContext`, a fresh profile folder each) instead of the fixtures' contexts.
 *
 * - A visitor's landing page and Download page register no service worker and request none of its
 *   code; the Download page offers the browser's install prompt and the iPhone steps.
 * - A member's app registers `/sw.js` (scope `/`), Chromium finds no installability errors
 *   (`Page.getInstallabilityErrors`), a push delivered through the DevTools protocol
 *   (`ServiceWorker.deliverPushMessage`) shows its notification (tag, renotify, the app icon), a
 *   malformed one a generic notification, and a click on the notification opens its page in the
 *   open window. The DevTools protocol cannot click a notification, so the click is the real
 *   worker's own `notificationclick` handler run by a `NotificationEvent` dispatched inside that
 *   worker (Playwright's `Worker.evaluate`); it carries no user activation, so the handler's
 *   `focus()` is refused and the window is still navigated (a real click focuses it too). Before
 *   reading `getNotifications()` the journey waits until the browser has finished showing each
 *   notification ({@link countShown}): Chromium can lose one read while it is being shown.
 * - "Turn on push notifications" shows its plain error: Chromium here cannot reach its push service.
 * - Signing out unregisters the worker.
 * - The installed shell opens the offline page when its server is stopped: a server process of the
 *   journey's own (the shared one serves the other journeys), stopped for real.
 *
 * Screenshots of the Download page and the push control at 375 px (a phone: mobile viewport with
 * touch) and 1280 px go to test-results/screenshots/pwa/; axe checks each.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  BrowserContext,
  CDPSession,
  Page,
  PlaywrightWorkerArgs,
  Worker,
} from '@playwright/test';
import { expect, startServer, test } from './fixtures.js';
import { axeViolations, expectPage, signUp } from './helpers.js';

const SHOTS = 'test-results/screenshots/pwa';
const LANDING = 'Find players. Join games. Play more.';
const PUSH_UNAVAILABLE =
  'Push isn’t available in this browser right now. You’ll still see notifications in the app.';

/** A full-page screenshot into {@link SHOTS}, then axe on the same state. */
async function shootAndCheck(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  // From the top, so the sticky header is drawn once, where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * A browser with a profile of its own (not incognito), at 1280 px or, `mobile`, a 375 px phone
 * with touch; the profile folder is removed on close.
 */
async function ownProfile(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  mobile = false,
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-pwa-'));
  const context = await playwright.chromium.launchPersistentContext(dir, {
    ...test.info().project.use.launchOptions,
    baseURL,
    timezoneId: 'Asia/Kolkata',
    ...(mobile
      ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 900 } }),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The service worker registrations of the page's origin. */
async function registrations(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => r.active?.scriptURL ?? '?'),
  );
}

/** The notifications the app's worker shows, as `title|body|tag|url|icon`. */
async function notifications(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(
      (n) =>
        `${n.title}|${n.body}|${n.tag}|${(n.data as { url: string }).url}|${new URL(n.icon).pathname}`,
    );
  });
}

/**
 * Counts, in the running worker, the notifications the browser has finished showing, by wrapping
 * `registration.showNotification` (the browser's method; the worker's own push handler still runs
 * unchanged). Reading `getNotifications()` while Chromium is still showing one can lose it (its
 * sync of displayed notifications drops one not yet on screen), so the journey waits for this
 * count first. Answers the function reading the count.
 */
async function countShown(worker: Worker): Promise<() => Promise<number>> {
  await worker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; shown: number };
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.shown = 0;
    scope.registration.showNotification = async (title, options) => {
      await show(title, options);
      scope.shown += 1;
    };
  });
  return () => worker.evaluate(() => (self as unknown as { shown: number }).shown);
}

/** The DevTools registration id of the origin's service worker. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const seen: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => seen.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => seen.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted))
    .toBeTruthy();
  return seen.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)?.registrationId ?? '';
}

/**
 * Until the push endpoints exist on this server (they are built beside this change), answers
 * `GET /api/push/vapid-public-key` with a real P-256 public key; the server's own answer otherwise.
 */
async function vapidKeyWhereMissing(context: BrowserContext) {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({
    format: 'jwk',
  });
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]);
  await context.route('**/api/push/vapid-public-key', async (route) => {
    const answer = await route.fetch();
    if (answer.status() !== 404) return route.fulfill({ response: answer });
    return route.fulfill({ json: { publicKey: raw.toString('base64url') } });
  });
}

/** Opens Settings' Content tab and turns push on; Chromium here cannot, and it says so. */
async function turnOnPushFails(page: Page) {
  await page.goto('/settings?tab=content');
  await expectPage(page, 'Settings');
  const card = page.getByRole('region', { name: 'Push notifications on this device' });
  await expect(card.getByText('Push notifications are off for this device.')).toBeVisible();
  await card.getByRole('button', { name: 'Turn on push notifications' }).click();
  // Chromium asks its push service, which it cannot reach here; the control gives up after its
  // time limit (15 s) and says so.
  await expect(card.getByRole('alert')).toHaveText(PUSH_UNAVAILABLE, { timeout: 30_000 });
}

test('a visitor gets no service worker; the Download page offers installing the web app', async ({
  playwright,
  server,
}) => {
  for (const mobile of [false, true]) {
    const { context, page, close } = await ownProfile(playwright, server.baseURL, mobile);
    const requested: string[] = [];
    context.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expectPage(page, LANDING);
    await page.goto('/download');
    await expectPage(page, 'Download GameOn');
    expect(await registrations(page)).toEqual([]);
    expect(requested.filter((p) => p === '/sw.js' || p.includes('service-worker'))).toEqual([]);
    // No store apps promised: the web app installs from here.
    await expect(page.getByText(/Q2 2025|coming soon/i)).toHaveCount(0);
    if (!mobile) {
      // Chromium holds its install prompt for the page (the manifest is installable as it is).
      const cdp = await context.newCDPSession(page);
      expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
      await expect(page.getByRole('button', { name: 'Install GameOn' })).toBeVisible();
    }
    await page.getByRole('button', { name: 'iOS', exact: true }).click();
    await expect(
      page.getByRole('region', { name: 'Add GameOn to your iPhone or iPad' }),
    ).toContainText('Tap Add to Home Screen, then Add.');
    await shootAndCheck(page, `download-${mobile ? 375 : 1280}`);
    await close();
  }
});

test('a member’s app registers the service worker, is installable and shows pushes', async ({
  playwright,
  server,
}) => {
  const { context, page, close } = await ownProfile(playwright, server.baseURL);
  await signUp(page, server, 'pwa_member');
  // Registered once signed in, for the whole app, and controlling the page.
  await expect.poll(() => registrations(page)).toEqual([`${server.baseURL}/sw.js`]);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(`${server.baseURL}/sw.js`);
  const cdp = await context.newCDPSession(page);
  expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
  // The worker script is checked on every navigation, never kept from an HTTP cache.
  const script = await page.request.get('/sw.js');
  expect(script.headers()['cache-control']).toBe('no-cache');
  expect(script.headers()['content-type']).toMatch(/^application\/javascript/);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toBe('application/manifest+json');

  // A push through the DevTools protocol shows the payload's notification.
  await context.grantPermissions(['notifications'], { origin: server.baseURL });
  const id = await registrationId(cdp, server.baseURL);
  const push = (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.baseURL,
      registrationId: id,
      data,
    });
  const message = (body: string) =>
    JSON.stringify({ title: 'Priya', body, url: '/settings?tab=content', tag: 'pwa-conv-1' });
  const [worker] = context.serviceWorkers();
  if (worker === undefined) throw new Error('no service worker');
  expect(worker.url()).toBe(`${server.baseURL}/sw.js`);
  const shown = await countShown(worker);
  await push(message('Are you in for Sunday?'));
  await expect.poll(shown).toBe(1);
  await expect
    .poll(() => notifications(page))
    .toEqual([
      `Priya|Are you in for Sunday?|pwa-conv-1|${server.baseURL}/settings?tab=content|/icons/icon-192.png`,
    ]);
  // The same tag replaces it: the latest, not a pile.
  await push(message('Kick-off moved to 7'));
  await expect.poll(shown).toBe(2);
  await expect
    .poll(() => notifications(page))
    .toEqual([
      `Priya|Kick-off moved to 7|pwa-conv-1|${server.baseURL}/settings?tab=content|/icons/icon-192.png`,
    ]);
  // A malformed payload still shows something, leading to the notifications list.
  await push('{"title": 42');
  await expect.poll(shown).toBe(3);
  await expect
    .poll(() => notifications(page))
    .toContain(
      `GameOn|You have new notifications.|gameon|${server.baseURL}/notifications|/icons/icon-192.png`,
    );

  // Clicking the message's notification sends the open window to its page.
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await worker.evaluate(async () => {
    // The worker's global scope (this file is typed for pages, not workers).
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    } & EventTarget;
    const [notification] = await scope.registration.getNotifications({ tag: 'pwa-conv-1' });
    if (notification === undefined) throw new Error('no notification to click');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(`${server.baseURL}/settings?tab=content`);
  await expectPage(page, 'Settings');
  await expect.poll(() => notifications(page)).toHaveLength(1);

  // Turning push on: Chromium here has no push service to reach, and the control says so.
  await vapidKeyWhereMissing(context);
  await turnOnPushFails(page);
  await shootAndCheck(page, 'push-control-1280');

  // The same member on a phone.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const phone = await ownProfile(playwright, server.baseURL, true);
  await phone.context.addInitScript((value) => {
    if (value !== null) localStorage.setItem('token', value);
  }, token);
  await vapidKeyWhereMissing(phone.context);
  await phone.context.grantPermissions(['notifications'], { origin: server.baseURL });
  await turnOnPushFails(phone.page);
  await shootAndCheck(phone.page, 'push-control-375');
  await phone.close();

  // Signing out unregisters the worker.
  await page.getByRole('button', { name: 'Account menu for pwa_member', exact: true }).click();
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expectPage(page, 'Welcome back');
  await expect.poll(() => registrations(page)).toEqual([]);
  await close();
});

test('the installed app opens its offline page when the server is stopped', async ({
  playwright,
}) => {
  const own = await startServer({ tmpPrefix: 'gameon-pwa-server-' });
  const { page, close } = await ownProfile(playwright, own.baseURL);
  try {
    await signUp(page, own, 'pwa_offline');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toBe(`${own.baseURL}/sw.js`);
    await own.stop();
    // The start URL and any page of the app: the offline page, not the browser's error.
    for (const url of ['/', '/messages']) {
      await page.goto(url);
      await expectPage(page, 'You’re offline');
      await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
    }
    await expect(page.locator('img')).toHaveCount(1);
    expect(
      await page.evaluate(() => (document.querySelector('img') as HTMLImageElement).naturalWidth),
    ).toBe(192);
    await shootAndCheck(page, 'offline-1280');
  } finally {
    await close();
    await own.stop();
  }
});
