/**
 * Accessibility: axe-core, through @axe-core/playwright, checks every
 * row of the route table (apps/web/src/app/route-table.tsx) signed out and signed in, at 375 px
 * on a phone (a mobile viewport with touch) and 1280 px on a desktop, plus the notification
 * dropdown, the profile menu, a confirm dialog, an open direct thread, an open group chat and the
 * place suggestions open, against WCAG 2.0/2.1/2.2 A and AA. Any `serious` or `critical`
 * violation fails, listed by rule, target and summary; so does a page wider than its viewport
 * (a phone zooms out or scrolls sideways). One page per width, each URL opened once, to keep the
 * run short.
 */
import type { Page } from '@playwright/test';
import type { RoutePath } from '../apps/web/src/app/route-table.js';
import { expect, test, type GameOnServer } from './fixtures.js';
import { seriousViolations } from './helpers.js';

/** The member who checks the signed-in pages (who posts the game), and another member. */
const MEMBER = 'sunil';
const OTHER = 'ravi';

interface Visit {
  /** The URL to open (default: the row's path). */
  url?: string;
  /** Navigation state the page needs to show itself (the password reset steps). */
  state?: unknown;
  /** The page's `h1` for a visitor; absent where a visitor is sent to / (checked there). */
  signedOut?: string;
  /** The page's `h1` for a member; absent where a member is sent to / (checked there). */
  signedIn?: string;
}

interface Ids {
  otherId: number;
  gameId: number;
}

// A Record over the table's paths: a row added without its visit fails to type-check.
const visits = (ids: Ids): Record<RoutePath, Visit> => ({
  '/': { signedOut: 'Find players. Join games. Play more.', signedIn: 'Sports Feed' },
  '/login': { signedOut: 'Welcome back' },
  '/register': { signedOut: 'Create your account' },
  '/forgot-password': { signedOut: 'Forgot your password?' },
  '/reset-password-otp': {
    state: { email: 'nobody@example.test', type: 'reset' },
    signedOut: 'Enter your reset code',
  },
  '/new-password': {
    state: { email: 'nobody@example.test', resetToken: 'rt-1' },
    signedOut: 'Choose a new password',
  },
  '/download': { signedOut: 'Download GameOn' },
  '/about': { signedOut: 'About Us', signedIn: 'About Us' },
  '/privacy': { signedOut: 'Privacy Policy', signedIn: 'Privacy Policy' },
  '/terms': { signedOut: 'Terms of Service', signedIn: 'Terms of Service' },
  '/events': { signedOut: 'Sports Events', signedIn: 'Sports Events' },
  '/search': { signedIn: 'Find People' },
  '/messages': { signedIn: 'Messages' },
  '/notifications': { signedIn: 'Notifications' },
  '/notifications/settings': { signedIn: 'Notification settings' },
  '/profile': { signedIn: MEMBER },
  '/profile/:userId': { url: `/profile/${ids.otherId}`, signedIn: OTHER },
  '/settings': { signedIn: 'Settings' },
  '/create-post': { signedIn: 'Find players for your game' },
  '/past-posts': { signedIn: 'My Posts' },
  '/posts/:postId': {
    url: `/posts/${ids.gameId}`,
    signedOut: 'Evening football',
    signedIn: 'Evening football',
  },
  '/reviews': { signedIn: 'Reviews' },
  '/create-review': { signedIn: 'Write a review' },
  '/events/register': { signedIn: 'No event selected' },
  '/create-event': { signedIn: 'Create Event' },
  // The member is an operator (ADMIN_EMAILS in fixtures.ts), so the reports list shows.
  '/admin': { signedIn: 'Reports' },
  '/account-deleted': { signedOut: 'Your account has been deleted' },
  '*': {},
});

/** Waits for the page's main heading, as a person would. */
async function expectHeading(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

/** Opens `url`, or / and then `url` with navigation state (as the app's own navigate does). */
async function open(page: Page, url: string, state: unknown) {
  if (state === undefined) {
    await page.goto(url);
    return;
  }
  await page.goto('/about');
  await expectHeading(page, 'About Us');
  await page.evaluate(
    ({ url, state }) => {
      window.history.pushState({ usr: state, key: 'a11y', idx: 1 }, '', url);
      window.dispatchEvent(
        new PopStateEvent('popstate', { state: window.history.state as unknown }),
      );
    },
    { url, state },
  );
}

/** Signs `username` up through the API with the mailed code; answers the session token. */
async function signUpByApi(page: Page, server: GameOnServer, username: string): Promise<string> {
  const email = `${username}@example.test`;
  const sent = await page.request.post('/api/auth/send-otp', {
    data: {
      username,
      email,
      password: 'Secret123',
      bio: 'Plays on weekends',
      sports: ['Football'],
    },
  });
  expect(sent.ok()).toBe(true);
  const otp = await server.mail.codeFor(email);
  const verified = await page.request.post('/api/auth/verify-otp', { data: { email, otp } });
  expect(verified.ok()).toBe(true);
  return ((await verified.json()) as { token: string }).token;
}

/** Posts a football game tomorrow at Bengaluru as the member of `token`; answers its id. */
async function postGame(page: Page, token: string, heading: string): Promise<number> {
  const res = await page.request.post('/api/posts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      sport: 'Football',
      heading,
      description: 'Five a side, bring water.',
      tags: ['casual'],
      location: { type: 'Point', coordinates: [77.5946, 12.9716] },
      locationName: 'Bengaluru, Karnataka, India',
      eventTime: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      playersNeeded: 4,
    },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

const WIDTHS = [375, 1280] as const;

/**
 * A browser window of `width`: at 375 px a phone (a mobile viewport with touch, where a page wider
 * than the screen makes the phone zoom out), at 1280 px a desktop window.
 */
function windowOf(width: (typeof WIDTHS)[number]) {
  return width === 375
    ? { viewport: { width, height: 812 }, isMobile: true, hasTouch: true }
    : { viewport: { width, height: 900 } };
}

/** A line when the page is wider than its viewport (it scrolls sideways or zooms out). */
async function tooWide(page: Page, where: string): Promise<string[]> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  return scrollWidth <= clientWidth
    ? []
    : [`${where}: ${scrollWidth} px wide in a ${clientWidth} px viewport`];
}

/** Sends `text` from the open thread's composer and waits for it in the thread's log. */
async function sendInThread(page: Page, text: string) {
  const log = page.getByRole('log', { name: /^Chat history: / });
  await expect(log).toBeVisible();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(log).toContainText(text);
}

test('every page passes axe (WCAG 2.2 AA) and fits a phone, signed out and signed in, at 375 and 1280 px', async ({
  browser,
  page: setup,
  server,
}) => {
  test.setTimeout(600_000);
  const token = await signUpByApi(setup, server, MEMBER);
  const otherToken = await signUpByApi(setup, server, OTHER);
  const gameId = await postGame(setup, token, 'Evening football');
  const other = await setup.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  const ids = { otherId: ((await other.json()) as { id: number }).id, gameId };
  // Something unread for the bell and the messages button: ravi joins sunil's game.
  const joined = await setup.request.post(`/api/posts/${gameId}/interest`, {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(joined.ok()).toBe(true);

  const table = visits(ids);
  const found: string[] = [];
  const wide: string[] = [];
  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL: server.baseURL, ...windowOf(width) });
    const page = await context.newPage();
    for (const state of ['signedOut', 'signedIn'] as const) {
      if (state === 'signedIn') {
        await page.goto('/about');
        await page.evaluate((t) => localStorage.setItem('token', t), token);
      }
      for (const [path, visit] of Object.entries(table) as [RoutePath, Visit][]) {
        const heading = visit[state];
        if (heading === undefined) continue;
        await open(page, visit.url ?? path, visit.state);
        await expectHeading(page, heading);
        found.push(...(await seriousViolations(page, `${state} ${width}px ${path}`)));
        wide.push(...(await tooWide(page, `${state} ${width}px ${path}`)));
      }
    }

    // The header's popovers and a dialog, open (sunil has a notification and his game).
    await page.goto('/past-posts');
    await expectHeading(page, 'My Posts');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    found.push(...(await seriousViolations(page, `${width}px notification dropdown`)));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();

    await page.getByRole('button', { name: `Account menu for ${MEMBER}` }).click();
    const menu = page.getByRole('dialog', { name: `Account menu for ${MEMBER}` });
    await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
    found.push(...(await seriousViolations(page, `${width}px profile menu`)));
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Delete Evening football', exact: true }).click();
    await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
    found.push(...(await seriousViolations(page, `${width}px confirm-delete dialog`)));
    await page.keyboard.press('Escape');

    // An open direct thread and an open group chat, each with a message in its log.
    await open(page, '/messages', { startConversation: { userId: ids.otherId, username: OTHER } });
    await sendInThread(page, `Court booked for ${width}`);
    found.push(...(await seriousViolations(page, `${width}px direct thread`)));
    wide.push(...(await tooWide(page, `${width}px direct thread`)));
    await page.goto(`/messages?post=${gameId}`);
    await sendInThread(page, `Bringing the ball, ${width}`);
    found.push(...(await seriousViolations(page, `${width}px group chat thread`)));
    wide.push(...(await tooWide(page, `${width}px group chat thread`)));

    // The place suggestions open under the create-post form's Location box.
    await page.goto('/create-post');
    await expectHeading(page, 'Find players for your game');
    // Typed key by key, as a person does.
    await page.getByLabel('Location', { exact: true }).pressSequentially('Bengaluru');
    await expect(
      page.getByRole('option', { name: /Bengaluru, Karnataka, India/ }).first(),
    ).toBeVisible();
    found.push(...(await seriousViolations(page, `${width}px place suggestions`)));
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    wide.push(...(await tooWide(page, `${width}px place suggestions`)));
    await context.close();
  }

  expect.soft(found, `axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
  expect(wide, `pages wider than the screen:\n${wide.join('\n')}`).toEqual([]);
});
