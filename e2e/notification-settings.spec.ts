/**
 * Notification settings (`/notifications/settings`): a member reaches the page from the
 * notifications page's Settings link, flips switches that stay flipped after a reload, and a
 * switch changes what arrives: with "In the app" off for follows, a new follower leaves no
 * notification; back on, the next one does. Screenshots at 375 px (a phone) and 1280 px go to
 * test-results/screenshots/notification-settings/; axe finds no serious or critical violation at either width.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { axeViolations, expectPage, memberId, newPerson, newPhone, signUp } from './helpers.js';

const SHOTS = 'test-results/screenshots/notification-settings';
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

/** `fan` follows the member `id` through the API, with the fan's own session. */
async function follow(fan: Page, id: number) {
  const res = await fan.request.post(`/api/users/${id}/follow`, {
    headers: { authorization: `Bearer ${await tokenOf(fan)}` },
  });
  expect(res.status()).toBe(200);
}

/** The member's follow notifications, as the API lists them. */
async function followNotifications(page: Page) {
  const res = await page.request.get('/api/notifications', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  return ((await res.json()) as { type: string; message: string }[]).filter(
    (n) => n.type === 'follow',
  );
}

test('notification switches stay as set and change what arrives', async ({ browser, server }) => {
  const asha = await newPerson(browser, server.baseURL);
  await signUp(asha, server, 'digest_asha');
  const ashaId = await memberId(asha);

  await asha.goto('/notifications');
  await expectPage(asha, 'Notifications');
  await asha.getByRole('main').getByRole('link', { name: 'Settings', exact: true }).click();
  await expectPage(asha, 'Notification settings');
  await expect(asha).toHaveURL(/\/notifications\/settings$/);
  await expect(asha).toHaveTitle('Notification settings · GameOn');

  const digest = asha.getByRole('switch', { name: 'E-mail digest for New followers' });
  const inApp = asha.getByRole('switch', { name: 'In the app for New followers' });
  await expect(digest).not.toBeChecked();
  await expect(inApp).toBeChecked();
  await expect(asha.getByRole('switch', { name: 'Push for New messages' })).toBeChecked();

  await digest.check();
  await inApp.uncheck();
  await expect(digest).toBeChecked();
  await expect(inApp).not.toBeChecked();
  await asha.reload();
  await expectPage(asha, 'Notification settings');
  await expect(digest).toBeChecked();
  await expect(inApp).not.toBeChecked();

  // "In the app" off for follows: a new follower leaves no notification.
  const ravi = await newPerson(browser, server.baseURL);
  await signUp(ravi, server, 'digest_ravi');
  await follow(ravi, ashaId);
  // Turned back on, the next follower's notification arrives; the first never does.
  await inApp.check();
  await expect(inApp).toBeChecked();
  const meera = await newPerson(browser, server.baseURL);
  await signUp(meera, server, 'digest_meera');
  await follow(meera, ashaId);
  await expect
    .poll(async () => (await followNotifications(asha)).map((n) => n.message))
    .toEqual(['digest_meera started following you']);
  await asha.goto('/notifications');
  await expect(asha.getByText('digest_meera started following you')).toBeVisible();
  await expect(asha.getByText('digest_ravi started following you')).toHaveCount(0);

  // Looked at, at both widths, and checked with axe.
  await asha.goto('/notifications/settings');
  await expectPage(asha, 'Notification settings');
  await expect(digest).toBeChecked();
  await asha.screenshot({ path: `${SHOTS}/notification-settings-1280.png`, fullPage: true });
  expect(await axeViolations(asha)).toEqual([]);

  const phone = await newPhone(browser, server.baseURL, await tokenOf(asha));
  await phone.goto('/notifications/settings');
  await expectPage(phone, 'Notification settings');
  await expect(
    phone.getByRole('switch', { name: 'E-mail digest for New followers' }),
  ).toBeChecked();
  // Nothing wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.screenshot({ path: `${SHOTS}/notification-settings-375.png`, fullPage: true });
  expect(await axeViolations(phone)).toEqual([]);
});
