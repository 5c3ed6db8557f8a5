/**
 * Near me from the start, and places that are where they say. On a phone (375 px, touch), a new
 * member signs up and is asked where they play; they pick Koramangala from the place search,
 * the feed starts within 25 km of "Koramangala, Bengaluru" with each game's distance, and a game
 * another member posts 1 km away reaches them as a nearby alert, live. On a laptop (1280 px), a
 * host picks a post-office locality marked "Approximate area" and cannot save it before
 * confirming it. Screenshots of the area step and the confirmation at 375 and 1280 px; axe
 * (WCAG 2.2 AA) on both.
 */
import type { Page } from '@playwright/test';
import { expect, test, type GameOnServer } from './fixtures.js';
import { axeViolations, expectPage, newPerson, shoot, signUp } from './helpers.js';

/** Koramangala's point in the offline gazetteer's curated neighbourhoods, [lng, lat]. */
const KORAMANGALA: [number, number] = [77.6245, 12.9352];
/** `km` kilometres due north of Koramangala (a degree of latitude is 111.2 km). */
const northOfKoramangala = (km: number): [number, number] => [
  KORAMANGALA[0],
  KORAMANGALA[1] + km / 111.195,
];

/**
 * Posts a Football game through the API with `page`'s session, tomorrow evening, at `point`:
 * the other member's side of the journey (the host's own form is the second test's).
 */
async function postGameAt(page: Page, heading: string, point: [number, number], place: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/posts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      sport: 'Football',
      heading,
      description: 'Friendly 5-a-side, all levels.',
      tags: [],
      location: { type: 'Point', coordinates: point },
      locationName: place,
      eventTime: new Date(Date.now() + 26 * 3600 * 1000).toISOString(),
      playersNeeded: 4,
    },
  });
  expect(res.status()).toBe(201);
}

/** Signs up on `page` with Football as a sport, through /register and the mailed code. */
async function signUpPlayer(page: Page, server: GameOnServer, username: string) {
  const email = `${username}@example.test`;
  await page.goto('/register');
  await expectPage(page, 'Create your account');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Secret123');
  await page.getByLabel(/^Sports/).fill('Football');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  const code = await server.mail.codeFor(email);
  for (const [i, digit] of [...code].entries())
    await page.getByLabel(`Digit ${i + 1}`, { exact: true }).fill(digit);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectPage(page, 'Sports Feed');
}

test('a new member gives their area at sign-up, sees games near them and hears of one 1 km away', async ({
  browser,
  server,
}) => {
  // Another member, on a laptop, already has a game 3 km from Koramangala.
  const host = await newPerson(browser, server.baseURL);
  await signUp(host, server, 'nearhost');
  const hostPrompt = host.getByRole('region', { name: 'Welcome! Where do you play?' });
  await expect(hostPrompt).toBeVisible();
  await shoot(host, 'near-me-area-step');
  await host.setViewportSize({ width: 1280, height: 900 });
  expect(await axeViolations(host)).toEqual([]);
  await hostPrompt.getByRole('button', { name: 'Not now', exact: true }).click();
  await expect(hostPrompt).toBeHidden();
  await postGameAt(
    host,
    'Morning football at Ejipura',
    northOfKoramangala(3),
    'Ejipura, Bengaluru',
  );

  // The new member, on a phone.
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Kolkata',
  });
  const page = await context.newPage();
  await signUpPlayer(page, server, 'neha');
  const prompt = page.getByRole('region', { name: 'Welcome! Where do you play?' });
  await expect(prompt).toBeVisible();
  await expect(page.getByText('Upcoming games everywhere', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/near-me-area-step-phone-375.png' });
  expect(await axeViolations(page)).toEqual([]);

  await prompt.getByRole('combobox', { name: 'Your area' }).fill('Koramangala');
  await page.getByRole('option', { name: /Koramangala, Bengaluru, Karnataka/ }).click();
  await prompt.getByRole('button', { name: 'Save my area', exact: true }).click();
  await expect(prompt).toBeHidden();
  await expect(
    page.getByText('Games within 25 km of Koramangala, Bengaluru', { exact: true }),
  ).toBeVisible();
  const ejipura = page.locator('article', { hasText: 'Morning football at Ejipura' });
  // The host shares the default 'general' location: the distance is to a 1 km grid cell's centre.
  await expect(ejipura).toContainText(/[2-4]\.\d km/);
  await page.screenshot({
    path: 'test-results/screenshots/near-me-feed-near-home-375.png',
    fullPage: true,
  });
  expect(await axeViolations(page)).toEqual([]);

  // A game posted 1 km away: the nearby alert arrives while the member looks at the feed.
  await postGameAt(
    host,
    'Evening 5-a-side near Koramangala',
    northOfKoramangala(1),
    'Koramangala, Bengaluru',
  );
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread', exact: true });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(
    page.getByText('New Football game near you: Evening 5-a-side near Koramangala'),
  ).toBeVisible();
  await context.close();
});

test('a host cannot save an approximate place without seeing and confirming it', async ({
  browser,
  server,
}) => {
  const host = await newPerson(browser, server.baseURL);
  await signUp(host, server, 'bazaarhost');
  await host.getByRole('link', { name: 'Create Post', exact: true }).first().click();
  await expectPage(host, 'Find players for your game');
  await host.getByLabel('Sport', { exact: true }).selectOption('Football');
  await host.getByLabel('Players needed', { exact: true }).fill('4');
  await host.getByLabel('Title', { exact: true }).fill('Colaba Sunday football');
  await host.getByLabel('Description', { exact: true }).fill('Bring water.');
  await host.getByLabel('Location', { exact: true }).fill('Colaba Bazar');
  const option = host.getByRole('option', { name: /Colaba Bazar/ });
  await expect(option).toContainText('Approximate area');
  // The mark is whole at both widths, on its own line under the address.
  for (const width of [1280, 375]) {
    await host.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect(option.getByText('Approximate area', { exact: true })).toBeVisible();
    await option.scrollIntoViewIfNeeded();
    await host.screenshot({
      path: `test-results/screenshots/near-me-approximate-option-${width}.png`,
    });
  }
  await host.setViewportSize({ width: 1280, height: 900 });
  await option.click();
  const tomorrow = new Date(Date.now() + 29.5 * 3600 * 1000).toISOString().slice(0, 11);
  await host.getByLabel('Date & time', { exact: true }).fill(`${tomorrow}18:00`);
  const confirmation = host.getByRole('group', {
    name: 'Approximate area: Colaba Bazar, Mumbai',
  });
  await expect(confirmation).toBeVisible();

  await host.locator('form').getByRole('button', { name: 'Create Post', exact: true }).click();
  await expect(
    host.getByText('This place is approximate: confirm its area, or pick a more exact place.'),
  ).toBeVisible();
  const confirm = host.getByRole('checkbox', { name: 'Use this approximate area for my game' });
  await expect(confirm).toBeFocused();
  // A full-page shot of a scrolled page draws the sticky header mid-page.
  await host.evaluate(() => window.scrollTo(0, 0));
  await shoot(host, 'near-me-approximate-confirmation');
  await host.setViewportSize({ width: 1280, height: 900 });
  expect(await axeViolations(host)).toEqual([]);

  await confirm.check();
  await host.locator('form').getByRole('button', { name: 'Create Post', exact: true }).click();
  await expect(host).toHaveURL(/\/$/);
  await host.goto('/past-posts');
  await expect(host.locator('article', { hasText: 'Colaba Sunday football' })).toContainText(
    'Colaba Bazar, Mumbai',
  );
});
