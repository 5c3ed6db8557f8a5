/**
 * The cost split of a game: the host, on a laptop (1280 px), saves their UPI ID in Settings and
 * sets a total of ₹1,000 for the ground of a game two players joined (₹333.33 each, ₹0.01 left
 * over, shown to the host); a player on a phone (375 px, touch) sees their share, the host's QR
 * code and UPI ID, and marks it paid; the host confirms the payment, and the player sees it
 * confirmed. The Settings card, the player's and the host's panels are screenshot at 375 and
 * 1280 px into test-results/screenshots/costs/, each axe clean (WCAG 2.2 AA).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { axeViolations, expectPage, newPerson, newPhone, signUp } from './helpers.js';

const SHOTS = 'test-results/screenshots/costs';
const TITLE = 'Turf football at Koramangala';
const UPI = 'costshost@okaxis';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** `page`'s member calls the API with their session. */
async function api(page: Page, method: 'POST', path: string, data?: unknown) {
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

/** Screenshots `{name}-375.png` and `{name}-1280.png` of `page` from the top, axe clean at each. */
async function shootBoth(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: `${SHOTS}/${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
  }
}

test('a player marks their share paid and the host confirms it', async ({ browser, server }) => {
  // The host saves their UPI ID in Settings.
  const host = await newPerson(browser, server.baseURL);
  await signUp(host, server, 'costshost');
  await host.goto('/settings?tab=privacy');
  await expectPage(host, 'Settings');
  const payments = host.getByRole('region', { name: 'Payments' });
  await payments.getByLabel('UPI ID', { exact: true }).fill('costs host');
  await payments.getByRole('button', { name: 'Save UPI ID', exact: true }).click();
  await expect(payments.getByText('Enter a UPI ID like name@bank')).toBeVisible();
  await payments.getByLabel('UPI ID', { exact: true }).fill(UPI);
  await payments.getByRole('button', { name: 'Save UPI ID', exact: true }).click();
  await expect(payments.getByText('UPI ID saved')).toBeVisible();
  await shootBoth(host, 'settings-upi');

  const game = (await api(host, 'POST', '/api/posts', {
    sport: 'Football',
    heading: TITLE,
    description: 'Seven-a-side on the rooftop turf.',
    tags: [],
    location: { type: 'Point', coordinates: [77.6271, 12.9352] },
    locationName: 'Koramangala, Bengaluru',
    eventTime: new Date(Date.now() + 30 * 3600 * 1000).toISOString(),
    playersNeeded: 6,
  })) as { id: number };
  const path = `/posts/${game.id}`;

  // Two players join: one on a phone, one on a laptop.
  const player = await newPhone(browser, server.baseURL);
  await signUp(player, server, 'costsplayer');
  await api(player, 'POST', `/api/posts/${game.id}/interest`);
  const other = await newPerson(browser, server.baseURL);
  await signUp(other, server, 'costsother');
  await api(other, 'POST', `/api/posts/${game.id}/interest`);

  // The host sets a total for the ground.
  await host.setViewportSize({ width: 1280, height: 900 });
  await host.goto(path);
  await expectPage(host, TITLE);
  const hostPanel = host.getByRole('region', { name: 'Cost split' });
  await hostPanel.getByLabel('A total for the ground', { exact: true }).check();
  await hostPanel.getByLabel('Amount (₹)', { exact: true }).fill('1000');
  await hostPanel.getByRole('button', { name: 'Set cost', exact: true }).click();
  await expect(
    hostPanel.getByText('₹1,000 for the ground, split among 3 (you and 2 players): ₹333.33 each.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(
    hostPanel.getByText('₹0.01 is left over from rounding: yours to settle.', { exact: true }),
  ).toBeVisible();

  // The player sees their share, the QR code and the UPI ID, and marks it paid.
  await player.goto(path);
  await expectPage(player, TITLE);
  const panel = player.getByRole('region', { name: 'Cost split' });
  await expect(panel.getByText('Your share: ₹333.33', { exact: true })).toBeVisible();
  await expect(
    panel.getByRole('img', { name: 'UPI QR code to pay ₹333.33 to costshost', exact: true }),
  ).toBeVisible();
  await expect(panel.getByText(UPI, { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Copy UPI ID', exact: true })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Open UPI app', exact: true })).toHaveAttribute(
    'href',
    /^upi:\/\/pay\?pa=costshost@okaxis&pn=costshost&am=333\.33&cu=INR&tn=Turf%20football/,
  );
  await shootBoth(player, 'player-share');
  await player.setViewportSize({ width: 375, height: 812 });
  await panel.getByRole('button', { name: 'Mark as paid', exact: true }).click();
  await expect(panel.getByText('Waiting for the host to confirm', { exact: false })).toBeVisible();

  // The host confirms it.
  await host.reload();
  await expectPage(host, TITLE);
  await expect(hostPanel.getByText('Paid ₹333.33', { exact: true })).toBeVisible();
  await hostPanel
    .getByRole('button', { name: "Confirm costsplayer's payment", exact: true })
    .click();
  await expect(hostPanel.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(
    hostPanel.getByRole('button', { name: "Un-confirm costsplayer's payment", exact: true }),
  ).toBeVisible();
  await shootBoth(host, 'host-payments');

  // The player sees it confirmed.
  await player.reload();
  await expectPage(player, TITLE);
  await expect(panel.getByText('Confirmed by the host', { exact: false })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'I have not paid' })).toHaveCount(0);
  await shootBoth(player, 'player-confirmed');
});
