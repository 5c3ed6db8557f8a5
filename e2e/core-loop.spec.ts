/**
 * The core loop with two people in two browser contexts. A signs up (code from the mail)
 * and posts a game at a place found by the places search; B signs up with a browser position
 * 30 km away, sees the game with its distance, clicks interest, lands in the group chat and
 * sends a message; A, already on /messages, sees it arrive without reloading.
 */
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, postGame, shoot, signUp } from './helpers.js';

// 30 km due north of Bengaluru as the offline gazetteer has it (12.97194 N, 77.59369 E).
const NORTH_30KM = { latitude: 12.97194 + 30 / 111.195, longitude: 77.59369 };
test('sign up, post a game, express interest and chat live', async ({ browser, server }) => {
  const a = await newPerson(browser, server.baseURL);
  await a.goto('/');
  await expect(a.getByRole('link', { name: 'Get Started', exact: true }).first()).toBeVisible();
  await shoot(a, 'landing');
  await a.setViewportSize({ width: 1280, height: 900 });

  // A signs up and posts a game at Bengaluru, found by the places search.
  await signUp(a, server, 'asha');
  await postGame(a, {
    sport: 'Football',
    players: 4,
    title: 'Sunday 5-a-side',
    description: 'Friendly game on turf, all levels welcome.',
    clock: '18:00',
  });

  await a.goto('/messages');
  await expectPage(a, 'Messages');
  await expect(a.getByText('Football - Sunday 5-a-side')).toHaveCount(0);

  // B signs up with a browser position 30 km north and finds the game with its distance.
  const b = await newPerson(browser, server.baseURL, NORTH_30KM);
  await signUp(b, server, 'bala');
  // Once B shares the position, the feed is within 25 km of it: the game is too far. (Sports
  // only: no radius hides an online game another journey may have posted on this server.)
  await b.getByRole('button', { name: 'Use my position', exact: true }).click();
  await b
    .locator('label')
    .filter({ hasText: /^Sports$/ })
    .click();
  await expect(b.getByRole('radio', { name: 'Sports', exact: true })).toBeChecked();
  await expect(b.getByText('Games within 25 km of you', { exact: true })).toBeVisible();
  await expect(b.getByText('No posts found')).toBeVisible();
  await b.getByLabel('Distance', { exact: true }).selectOption({ label: 'Within 50 km' });
  const card = b.locator('article', { hasText: 'Sunday 5-a-side' });
  await expect(card).toBeVisible();
  // A shares the default 'general' location: the distance is to a 1 km grid cell's centre.
  await expect(card).toContainText(/(29|30)\.\d km/);
  await shoot(b, 'feed');
  await b.setViewportSize({ width: 1280, height: 900 });

  await card.getByRole('button', { name: "I'm interested", exact: true }).click();
  await expect(b).toHaveURL(/\/messages/);
  await expectPage(b, 'Messages');
  const thread = b.getByRole('log');
  await expect(b.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await b.getByRole('textbox', { name: 'Message', exact: true }).fill('Count me in for Sunday!');
  await b.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(thread).toContainText('Count me in for Sunday!');

  // A, already on /messages, sees the chat and the message arrive without reloading.
  await expect(a.getByText('Football - Sunday 5-a-side')).toBeVisible();
  await a.getByText('Football - Sunday 5-a-side').click();
  await expect(a.getByRole('log')).toContainText('Count me in for Sunday!');
  await a.getByRole('textbox', { name: 'Message', exact: true }).fill('Great, see you at 6');
  await a.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(thread).toContainText('Great, see you at 6');
  await shoot(b, 'chat');
});
