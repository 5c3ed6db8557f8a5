/**
 * Sharing a game: a host on a laptop posts a game, lands on the feed with "Post created!",
 * "Share your game" and "Open it", and copies the link (headless Chromium has no Web Share API,
 * so the share step offers WhatsApp and "Copy link"); the link's preview carries the game's own
 * card. On a phone, the game page's share step offers the same. Screenshots and axe at both.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { SHOTS, expectPage, newPerson, postGame, signUp } from './helpers.js';

const TITLE = 'Thursday night futsal, need 4';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's serious and critical violations on the page as it is, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `[${v.impact}] ${v.id} at ${node.target.join(' ')}`));
}

/** A screenshot of the page as it is into test-results/screenshots. */
async function snap(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

test('a host posts a game, copies its link from the success message, and a phone shares it from the game page', async ({
  browser,
  server,
}) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const host = await newPerson(browser, server.baseURL);
  await host.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.baseURL,
  });
  await signUp(host, server, 'ruksana');
  await postGame(host, {
    sport: 'Football',
    players: 4,
    title: TITLE,
    description: 'Five a side at the Indiranagar futsal court, shoes with flat soles.',
    clock: '20:00',
  });

  // Back on the feed, the message carries on with its two actions.
  const banner = host.getByRole('region', { name: 'Post created!' });
  await expect(banner).toBeVisible();
  await expect(banner.getByText(`“${TITLE}” is live`, { exact: false })).toBeVisible();
  const open = banner.getByRole('link', { name: 'Open it', exact: true });
  const gamePath = await open.getAttribute('href');
  expect(gamePath).toMatch(/^\/posts\/\d+$/);
  const gameUrl = `${server.baseURL}${gamePath}`;

  await banner.getByRole('button', { name: 'Share your game', exact: true }).click();
  const whatsApp = banner.getByRole('link', { name: /WhatsApp/ });
  await expect(whatsApp).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`${TITLE} ${gameUrl}`)}`,
  );
  await banner.getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect(banner.getByRole('status').last()).toHaveText('Link copied');
  expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(gameUrl);
  expect(await seriousViolations(host)).toEqual([]);
  await snap(host, 'share-game-posted-1280');
  await host.setViewportSize({ width: 375, height: 812 });
  expect(await seriousViolations(host)).toEqual([]);
  await snap(host, 'share-game-posted-375');
  await host.setViewportSize({ width: 1280, height: 900 });

  // The link's preview: the game's own card, 1200×630.
  const html = await (
    await host.request.get(gamePath!, { headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' } })
  ).text();
  const image = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
  expect(image).toMatch(/\/api\/posts\/\d+\/card\.png\?v=\d+$/);
  const card = await host.request.get(new URL(image!).pathname + new URL(image!).search);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');
  fs.writeFileSync(`${SHOTS}/share-game-card.png`, await card.body());

  // "Open it" leads to the game; back on the feed the message is still there until dismissed,
  // and dismissing is for good.
  await open.click();
  await expectPage(host, TITLE);
  await host.goBack();
  await expectPage(host, 'Sports Feed');
  await banner.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(host.getByRole('region', { name: 'Post created!' })).toHaveCount(0);
  await host.reload();
  await expectPage(host, 'Sports Feed');
  await expect(host.getByRole('region', { name: 'Post created!' })).toHaveCount(0);

  // A player on a phone opens the shared link; the game page's share step.
  const phone = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Kolkata',
  });
  await phone.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
  const player = await phone.newPage();
  await signUp(player, server, 'tenzin');
  await player.goto(gamePath!);
  await expectPage(player, TITLE);
  await player.getByRole('button', { name: 'Share', exact: true }).tap();
  await expect(player.getByRole('link', { name: /WhatsApp/ })).toBeVisible();
  await player.getByRole('button', { name: 'Copy link', exact: true }).tap();
  await expect(player.getByText('Link copied', { exact: true })).toBeVisible();
  expect(await player.evaluate(() => navigator.clipboard.readText())).toBe(gameUrl);
  expect(await seriousViolations(player)).toEqual([]);
  // The page fits the phone: nothing wider than the screen.
  expect(await player.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    375,
  );
  await snap(player, 'share-game-page-375');
  await phone.close();
});
