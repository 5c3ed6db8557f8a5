/**
 * Deep links in real Chromium: member pages opened signed out
 * (`/events/register?event=…`, `/profile/…`, `/messages`) land on / with "Sign in to continue",
 * and signing in returns to them; a return target on another site is ignored. On the way: each
 * page's own title, a game card's time in Indian English, and account deletion ending on a page
 * that says the account is gone, with no error in the console. Screenshots at 375 px (a phone)
 * and 1280 px; axe on the pages this issue changed.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test, type GameOnServer } from './fixtures.js';
import { SHOTS, expectPage, newPerson, signUp } from './helpers.js';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The signed-in member's session token, as the app keeps it. */
async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

/** `days` from now at `clock` ("HH:MM") in India, as an ISO instant with India's offset. */
function indiaInstant(days: number, clock: string): string {
  const later = new Date(Date.now() + days * 24 * 3600 * 1000 + 5.5 * 3600 * 1000);
  return `${later.toISOString().slice(0, 11)}${clock}:00+05:30`;
}

/** Signs out from the account menu, ending on the sign-in screen. */
async function signOut(page: Page, username: string) {
  await page.getByRole('button', { name: `Account menu for ${username}`, exact: true }).click();
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expectPage(page, 'Welcome back');
}

/** Fills the sign-in form as `username` (password Secret123) and sends it. */
async function signIn(page: Page, username: string) {
  await expectPage(page, 'Welcome back');
  await page.getByLabel('Email', { exact: true }).fill(`${username}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Serious and critical axe violations of the page as it is, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Opens `url` in a phone window (375 px, touch) and a desktop one (1280 px), signed in with
 * `session` when given, waits for `heading`, checks axe when `axe`, and screenshots `locate`'s
 * element (or the page) into test-results/screenshots/`name`-{375,1280}.png.
 */
async function shootBoth(
  browser: Browser,
  server: GameOnServer,
  shot: {
    url: string;
    heading: string;
    name: string;
    session?: string;
    locate?: (page: Page) => ReturnType<Page['locator']>;
    axe?: boolean;
    /** The first screen only, for a long page (default: the whole page). */
    firstScreen?: boolean;
  },
) {
  for (const width of [375, 1280] as const) {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      timezoneId: 'Asia/Kolkata',
      ...(width === 375
        ? { viewport: { width, height: 812 }, isMobile: true, hasTouch: true }
        : { viewport: { width, height: 900 } }),
    });
    const page = await context.newPage();
    if (shot.session !== undefined) {
      await page.goto('/about');
      await page.evaluate((t) => localStorage.setItem('token', t), shot.session);
    }
    await page.goto(shot.url);
    await expectPage(page, shot.heading);
    const path = `${SHOTS}/${shot.name}-${width}.png`;
    if (shot.locate) await shot.locate(page).screenshot({ path, animations: 'disabled' });
    else await page.screenshot({ path, fullPage: !shot.firstScreen, animations: 'disabled' });
    if (shot.axe) expect(await seriousViolations(page), `axe at ${width} px`).toEqual([]);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${shot.name} fits ${width} px`).toBeLessThanOrEqual(clientWidth);
    await context.close();
  }
}

test('member pages opened signed out ask to sign in and return there; foreign targets are ignored', async ({
  browser,
  server,
}) => {
  test.setTimeout(300_000);
  // A host with an event and a game, and a member who has an account but is signed out.
  const host = await newPerson(browser, server.baseURL);
  await signUp(host, server, 'deeplinkhost');
  const auth = { authorization: `Bearer ${await token(host)}` };
  const hostId = (
    (await (await host.request.get('/api/auth/me', { headers: auth })).json()) as {
      id: number;
    }
  ).id;
  const event = await host.request.post('/api/events', {
    headers: auth,
    data: {
      title: 'HSR Layout Futsal Cup',
      description: 'Six teams, round robin, then a final.',
      sport: 'Football',
      location: { type: 'Point', coordinates: [77.6387, 12.9121] },
      locationName: 'HSR Layout, Bengaluru',
      eventDate: indiaInstant(5, '08:00'),
      endDate: indiaInstant(5, '13:00'),
      maxParticipants: 6,
      skillLevel: 'intermediate',
      cost: 100,
    },
  });
  expect(event.status()).toBe(201);
  const eventId = ((await event.json()) as { id: number }).id;
  const game = await host.request.post('/api/posts', {
    headers: auth,
    data: {
      sport: 'Football',
      heading: 'Sunday morning 5-a-side',
      description: 'Astroturf, bring water.',
      location: { type: 'Point', coordinates: [77.6245, 12.9352] },
      locationName: 'Koramangala, Bengaluru, Karnataka, India',
      eventTime: indiaInstant(2, '20:00'),
      playersNeeded: 4,
    },
  });
  expect(game.status()).toBe(201);

  const member = await newPerson(browser, server.baseURL);
  const errors: string[] = [];
  member.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signUp(member, server, 'farhan');
  await signOut(member, 'farhan');

  const deepLinks = [
    { target: `/events/register?event=${eventId}`, heading: 'Event Registration' },
    { target: `/profile/${hostId}`, heading: 'deeplinkhost' },
    { target: '/messages', heading: 'Messages' },
  ];
  for (const { target, heading } of deepLinks) {
    await member.goto(target);
    const prompt = member.getByRole('region', { name: 'Sign in to continue' });
    await expect(prompt).toBeVisible();
    await expect(member).toHaveURL(`/?next=${encodeURIComponent(target)}`);
    await prompt.getByRole('link', { name: 'Sign In', exact: true }).click();
    await signIn(member, 'farhan');
    await expectPage(member, heading);
    await expect(member).toHaveURL(target);
    await expect(member).toHaveTitle(`${heading} · GameOn`);
    await signOut(member, 'farhan');
  }

  // The address of the prompt, loaded afresh (the server's pre-rendered /), asks the same.
  await member.goto('/?next=%2Fmessages');
  await expect(member.getByRole('region', { name: 'Sign in to continue' })).toBeVisible();
  await member
    .getByRole('region', { name: 'Sign in to continue' })
    .getByRole('link', { name: 'Sign In', exact: true })
    .click();
  await signIn(member, 'farhan');
  await expectPage(member, 'Messages');
  await signOut(member, 'farhan');

  // The prompt on a phone and a desktop, checked by axe.
  await shootBoth(browser, server, {
    url: '/messages',
    heading: 'Find players. Join games. Play more.',
    name: 'deep-links-prompt',
    axe: true,
    firstScreen: true,
  });

  // A return target on another site is ignored: signing in opens the feed, on this site.
  for (const target of ['https://evil.example/steal', '//evil.example/steal']) {
    await member.goto(`/login?next=${encodeURIComponent(target)}`);
    await signIn(member, 'farhan');
    await expectPage(member, 'Sports Feed');
    expect(new URL(member.url()).origin).toBe(server.baseURL);
    await expect(member).toHaveURL('/');
    await signOut(member, 'farhan');
  }

  // A game that does not exist has its own title.
  await member.goto('/posts/999999');
  await expectPage(member, 'Game not found');
  await expect(member).toHaveTitle('Game not found · GameOn');

  // The game card's time: weekday, day, short month, a 12-hour clock in lower case, India's time.
  await member.goto('/login');
  await signIn(member, 'farhan');
  await expectPage(member, 'Sports Feed');
  const card = member.getByRole('article', { name: 'Sunday morning 5-a-side', exact: true });
  await expect(card.locator('time')).toHaveText(
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2}, 8:00 pm$/,
  );
  await shootBoth(browser, server, {
    url: '/',
    heading: 'Sports Feed',
    name: 'deep-links-game-card',
    session: await token(member),
    locate: (page) => page.getByRole('article', { name: 'Sunday morning 5-a-side', exact: true }),
  });

  // Deleting the account ends on a page that says so, with no error in the console (the
  // missing game's 404 above was one).
  errors.length = 0;
  await member.goto('/settings?tab=security');
  await expectPage(member, 'Settings');
  await member.getByRole('button', { name: 'Delete account', exact: true }).click();
  const dialog = member.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password', { exact: true }).fill('Secret123');
  await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expectPage(member, 'Your account has been deleted');
  await expect(member).toHaveURL('/account-deleted');
  await expect(member).toHaveTitle('Account deleted · GameOn');
  expect(await member.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(errors, 'console errors').toEqual([]);
  await shootBoth(browser, server, {
    url: '/account-deleted',
    heading: 'Your account has been deleted',
    name: 'deep-links-account-deleted',
    axe: true,
  });
});
