/**
 * A visitor opens every public page from the landing page's own links (the footer's
 * About, Privacy and Terms, the top bar's Download App), each opening at its top; on /download
 * Android shows how to install the web app, the Web Browser button leads back to / and the call
 * to action to sign-up, whose Terms link opens in a new tab and leaves the half-filled form as it
 * was. Screenshots of every page.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, shoot } from './helpers.js';

const LANDING = 'Find players. Join games. Play more.';

/** Waits for the page titled `heading` at `path`, its title in view (new pages open at the top). */
async function expectOpened(page: Page, heading: string, path: string) {
  await expectPage(page, heading);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
}

test('a visitor opens About, Privacy, Terms and Download from the landing page', async ({
  browser,
  server,
}) => {
  const page = await newPerson(browser, server.baseURL);
  await page.goto('/');
  await expectPage(page, LANDING);

  for (const [link, heading, path, shot] of [
    ['About', 'About Us', '/about', 'about'],
    ['Privacy', 'Privacy Policy', '/privacy', 'privacy'],
    ['Terms', 'Terms of Service', '/terms', 'terms'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expectOpened(page, heading, path);
    await shoot(page, shot);
    // Home through the logo, for the next of the landing page's links.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'GameOn', exact: true })
      .click();
    await expectOpened(page, LANDING, '/');
  }

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Download App', exact: true })
    .click();
  await expectOpened(page, 'Download GameOn', '/download');
  await page.getByRole('button', { name: 'Android', exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'Install GameOn on your Android phone' }),
  ).toBeVisible();
  await shoot(page, 'download');
  await page.getByRole('link', { name: 'Web Browser', exact: true }).click();
  await expectOpened(page, LANDING, '/');

  await page.goBack();
  await expectPage(page, 'Download GameOn');
  await page.getByRole('link', { name: 'Create your free account', exact: true }).click();
  await expectOpened(page, 'Create your account', '/register');

  // The Terms open in a new tab; the form keeps what was typed.
  await page.getByLabel('Username', { exact: true }).fill('meera');
  const [terms] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .getByRole('link', { name: 'Terms and Conditions (opens in a new tab)', exact: true })
      .click(),
  ]);
  await expectPage(terms, 'Terms of Service');
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue('meera');

  // A link to a section opens the page at that section.
  await terms.goto('/privacy#delete');
  await expectPage(terms, 'Privacy Policy');
  await expect(terms.getByRole('heading', { name: '7. Deleting your account' })).toBeInViewport();
});
