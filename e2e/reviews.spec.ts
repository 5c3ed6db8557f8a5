/**
 * Reviews: a new member writes a review from the sidebar's Reviews and
 * sees it in the list, in the stats of its category and on their own profile.
 */
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, shoot, signUp } from './helpers.js';

const TITLE = 'Floodlit turf, friendly staff';

test('a member writes a review and finds it in the list, the stats and the profile', async ({
  browser,
  server,
}) => {
  const page = await newPerson(browser, server.baseURL);
  await signUp(page, server, 'lakshmi');

  await page
    .getByRole('navigation', { name: 'Primary' })
    .getByRole('link', { name: 'Reviews', exact: true })
    .click();
  await expectPage(page, 'Reviews');
  await shoot(page, 'reviews-list');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('link', { name: 'Write a review', exact: true }).first().click();
  await expectPage(page, 'Write a review');
  // Nothing chosen yet: the rule of spec part 2 §5.
  await page.getByRole('button', { name: 'Post review', exact: true }).click();
  await expect(page.getByText('Please select a rating', { exact: true })).toBeVisible();

  // The star is what a person clicks; its radio input is visually hidden.
  await page
    .locator('label')
    .filter({ hasText: /^4 stars$/ })
    .click();
  await expect(page.getByRole('radio', { name: '4 stars', exact: true })).toBeChecked();
  await page.getByLabel('Category', { exact: true }).selectOption('venue');
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await page
    .getByLabel('Content', { exact: true })
    .fill('Good lights and a clean pitch in HSR Layout. Parking is tight on Sundays.');
  await page.getByLabel('Tags (optional)', { exact: true }).fill('turf, 5-a-side, ');
  await shoot(page, 'reviews-create');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Post review', exact: true }).click();

  // Back on the list: the review is there, newest first.
  await expectPage(page, 'Reviews');
  const card = page.getByRole('article', { name: TITLE, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: '4 out of 5 stars', exact: true })).toBeVisible();
  await expect(card).toContainText('#5-a-side');

  // The Venue stats count it (journeys start without demo data, so it is the only one); at
  // 1280 px the filters are an open side panel.
  await page
    .locator('label')
    .filter({ hasText: /^Venue$/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Venue ratings', exact: true })).toBeVisible();
  await expect(page.getByText('4 average rating', { exact: true })).toBeVisible();
  await expect(card).toBeVisible();

  // The own profile's Reviews (1) shows it and opens My reviews.
  await page
    .getByRole('navigation', { name: 'Primary' })
    .getByRole('link', { name: 'My Profile', exact: true })
    .click();
  await expectPage(page, 'lakshmi');
  const reviews = page.getByRole('button', { name: 'Reviews (1)', exact: true });
  await expect(reviews).toBeVisible();
  await expect(page.getByRole('article', { name: TITLE, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'See all reviews', exact: true }).click();
  await expectPage(page, 'Reviews');
  await expect(page.getByRole('tab', { name: 'My reviews', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('article', { name: TITLE, exact: true })).toBeVisible();
});
