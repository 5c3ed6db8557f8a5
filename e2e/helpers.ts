/** Steps shared by the journeys: a person in a fresh browser context, sign-up, screenshots. */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, type GameOnServer } from './fixtures.js';

export const SHOTS = 'test-results/screenshots';

/** Full-page screenshots at 375 and 1280 px into test-results/screenshots, to be looked at. */
export async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({
      path: `${SHOTS}/${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
}

/**
 * Waits for the page a person navigated to, as a person does: for its main heading. A changed
 * URL alone does not mean the page is there (its code may still be loading).
 */
export async function expectPage(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

/** Signs up through /register with the code read from the captured mail; ends on the feed. */
export async function signUp(
  page: Page,
  server: GameOnServer,
  username: string,
  options: { password?: string; bio?: string } = {},
) {
  const password = options.password ?? 'Secret123';
  const email = `${username}@example.test`;
  await page.goto('/register');
  await expectPage(page, 'Create your account');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  if (options.bio) await page.getByLabel('Bio (optional)', { exact: true }).fill(options.bio);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  const code = await server.mail.codeFor(email);
  for (const [i, digit] of [...code].entries()) {
    await page.getByLabel(`Digit ${i + 1}`, { exact: true }).fill(digit);
  }
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectPage(page, 'Sports Feed');
}

/** A new person: a fresh browser context (own storage), in India's time zone. */
export async function newPerson(
  browser: Browser,
  baseURL: string,
  geolocation?: { latitude: number; longitude: number },
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Asia/Kolkata',
    ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
  });
  return context.newPage();
}

/**
 * A person on a phone: a fresh 375 px mobile context with touch (own storage), in India's time
 * zone; with `token`, signed in with it (set before the app starts).
 */
export async function newPhone(browser: Browser, baseURL: string, token?: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Kolkata',
  });
  if (token !== undefined) {
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
  }
  return context.newPage();
}

/** The signed-in member's id, read from the page's session the way the app does. */
export async function memberId(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { id: number }).id;
}

/**
 * Posts a game at Bengaluru from the header's "Create Post", tomorrow at `clock` (India time,
 * "HH:MM"), picking the place from the places search; `online` picks "Online Game" first (for
 * Valorant and the like). Ends on the feed.
 */
export async function postGame(
  page: Page,
  game: {
    sport: string;
    online?: boolean;
    players: number;
    title: string;
    description: string;
    clock: string;
  },
) {
  await page.getByRole('link', { name: 'Create Post', exact: true }).first().click();
  await expect(page).toHaveURL(/\/create-post$/);
  await expectPage(page, 'Find players for your game');
  if (game.online) await page.getByRole('button', { name: 'Online Game', exact: true }).click();
  await page.getByLabel('Sport', { exact: true }).selectOption(game.sport);
  await page.getByLabel('Players needed', { exact: true }).fill(String(game.players));
  await page.getByLabel('Title', { exact: true }).fill(game.title);
  await page.getByLabel('Description', { exact: true }).fill(game.description);
  await page.getByLabel('Location', { exact: true }).fill('Bengaluru');
  await page
    .getByRole('option', { name: /Bengaluru, Karnataka, India/ })
    .first()
    .click();
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
  const local =
    new Date(tomorrow.getTime() + 5.5 * 3600 * 1000).toISOString().slice(0, 11) + game.clock;
  await page.getByLabel('Date & time', { exact: true }).fill(local);
  await page.locator('form').getByRole('button', { name: 'Create Post', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectPage(page, 'Sports Feed');
}

/** The WCAG 2.0/2.1/2.2 A and AA rule tags axe checks. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe (the WCAG A and AA rules) on the page as it is; answers its serious and critical rules. */
async function seriousRules(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Serious and critical axe violations of the page as it is, one short line each: rule and node. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await seriousRules(page)).flatMap((v) =>
    v.nodes.map((node) => `${v.id} at ${node.target.join(' ')}`),
  );
}

/**
 * Serious and critical axe violations of the page as it is, one line each with `where`, the
 * rule's help and each node's failure summary.
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  return (await seriousRules(page)).flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${where}: [${v.impact}] ${v.id} (${v.help}) at ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
    ),
  );
}
