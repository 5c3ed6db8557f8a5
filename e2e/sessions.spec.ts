/**
 * One member signed in on two devices. The second sees both sessions in Settings →
 * Security, "This device" marked, and signs the first out; the first is then sent to sign in.
 */
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, signUp } from './helpers.js';

test('a member signs their other device out from Settings → Security', async ({
  browser,
  server,
}) => {
  const laptop = await newPerson(browser, server.baseURL);
  await signUp(laptop, server, 'rohan');

  const phone = await newPerson(browser, server.baseURL);
  await phone.goto('/login');
  await expectPage(phone, 'Welcome back');
  await phone.getByLabel('Email', { exact: true }).fill('rohan@example.test');
  await phone.getByLabel('Password', { exact: true }).fill('Secret123');
  await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectPage(phone, 'Sports Feed');

  await phone.goto('/settings');
  await expectPage(phone, 'Settings');
  const sessions = phone.getByRole('region', { name: 'Sessions' });
  const items = sessions.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(items.first()).toContainText('Last seen just now');

  const other = items.filter({ hasNotText: 'This device' });
  await other.getByRole('button', { name: /^Sign out / }).click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('This device');
  await expect(sessions.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

  // The laptop's next step finds its session gone: it is sent to sign in.
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/login$/);
  await expectPage(laptop, 'Welcome back');

  // The phone is still signed in.
  await phone.reload();
  await expectPage(phone, 'Settings');
  await expect(items).toHaveCount(1);
});
