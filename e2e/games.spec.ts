/**
 * Three people. A posts a game for 1 player; B joins; C sees "Full" and
 * joins the waitlist at place 1; B leaves; C is offered the place (`waitlist_offer`), opens
 * the notification and accepts it; A sees both changes under My Posts and deletes the game; C's group chat shows
 * "This game was cancelled" and takes no new messages.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, postGame, shoot, signUp } from './helpers.js';

const TITLE = 'Evening doubles at Koramangala';
const CHAT = `Badminton - ${TITLE}`;

/** The feed card of the game, found on the signed-in home. */
async function gameCard(page: Page) {
  await page.goto('/');
  await expectPage(page, 'Sports Feed');
  const card = page.getByRole('article', { name: TITLE, exact: true });
  await expect(card).toBeVisible();
  return card;
}

test('a full game, its waitlist, leaving, promotion and cancelling', async ({
  browser,
  server,
}) => {
  // A posts a game for one player.
  const a = await newPerson(browser, server.baseURL);
  await signUp(a, server, 'gopal');
  await postGame(a, {
    sport: 'Badminton',
    players: 1,
    title: TITLE,
    description: 'Doubles, bring your own racquet.',
    clock: '19:00',
  });

  // B joins the one place and lands in the game's group chat.
  const b = await newPerson(browser, server.baseURL);
  await signUp(b, server, 'hema');
  const bCard = await gameCard(b);
  await expect(bCard).toContainText('0 of 1 players');
  await bCard.getByRole('button', { name: "I'm interested", exact: true }).click();
  await expectPage(b, 'Messages');
  await expect(b.getByRole('heading', { level: 2, name: CHAT, exact: true })).toBeVisible();

  // C finds the game full and joins the waitlist at place 1.
  const c = await newPerson(browser, server.baseURL);
  await signUp(c, server, 'ishan');
  let cCard = await gameCard(c);
  await expect(cCard).toContainText('1 of 1 players');
  await expect(cCard.getByText('Full', { exact: true })).toBeVisible();
  await shoot(c, 'games-full-card');
  await c.setViewportSize({ width: 1280, height: 900 });
  await cCard.getByRole('button', { name: 'Join waitlist', exact: true }).click();
  await expectPage(c, 'Messages');
  await expect(c.getByRole('heading', { level: 2, name: CHAT, exact: true })).toBeVisible();

  cCard = await gameCard(c);
  await expect(cCard.getByText('Waitlist, place 1', { exact: true })).toBeVisible();
  await cCard.getByRole('link', { name: TITLE, exact: true }).click();
  await expectPage(c, TITLE);
  await expect(c.getByText('Waitlist, place 1', { exact: true })).toBeVisible();
  await expect(c.getByRole('button', { name: 'Leave waitlist', exact: true })).toBeVisible();
  await expect(c.getByRole('link', { name: 'Open chat', exact: true })).toBeVisible();
  await expect(c.getByRole('button', { name: 'Add to calendar', exact: true })).toBeVisible();
  await shoot(c, 'games-game-page');
  await c.setViewportSize({ width: 1280, height: 900 });

  // B leaves; the game is full again, now with C in it.
  const bAgain = await gameCard(b);
  await bAgain.getByRole('button', { name: 'Leave game', exact: true }).click();
  await b
    .getByRole('dialog', { name: 'Leave game' })
    .getByRole('button', { name: 'Leave', exact: true })
    .click();
  await expect(bAgain.getByRole('button', { name: 'Join waitlist', exact: true })).toBeVisible();

  // C, still on the game page, is offered the place, and takes it.
  await c.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const offered = c.getByText(`A place opened up in "${TITLE}": it is yours if you accept by`, {
    exact: false,
  });
  await expect(offered).toBeVisible();
  await offered.click();
  await expectPage(c, TITLE);
  await c.getByRole('button', { name: 'Accept place', exact: true }).click();
  await expect(c.getByRole('button', { name: 'Leave game', exact: true })).toBeVisible();
  await expect(c.getByRole('region', { name: 'Players (1)' })).toContainText('ishan');
  await expect(c.getByRole('region', { name: 'Waitlist (0)' })).toBeVisible();

  // A sees both changes under My Posts: the place is C's and nobody waits.
  await a.getByRole('link', { name: 'My Posts', exact: true }).first().click();
  await expectPage(a, 'My Posts');
  await expect(a.getByRole('tab', { name: 'Upcoming (1)', exact: true })).toBeVisible();
  const aCard = a.getByRole('article', { name: TITLE, exact: true });
  await expect(aCard).toContainText('1 of 1 players');
  await expect(aCard).toContainText('No waitlist');
  await shoot(a, 'games-my-posts');
  await a.setViewportSize({ width: 1280, height: 900 });
  await aCard.getByRole('link', { name: TITLE, exact: true }).click();
  await expectPage(a, TITLE);
  const players = a.getByRole('region', { name: 'Players (1)' });
  await expect(players).toContainText('ishan');
  await expect(players).not.toContainText('hema');

  // A deletes the game after confirming.
  await a.getByRole('link', { name: 'My Posts', exact: true }).first().click();
  await expectPage(a, 'My Posts');
  await a
    .getByRole('article', { name: TITLE, exact: true })
    .getByRole('button', { name: /^Delete/ })
    .click();
  const dialog = a.getByRole('dialog', { name: 'Delete post' });
  await expect(dialog).toContainText('Are you sure you want to delete this post?');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(a.getByText('Post deleted successfully!', { exact: true })).toBeVisible();
  await expect(a.getByRole('article', { name: TITLE, exact: true })).toHaveCount(0);

  // C's group chat says the game was cancelled and has no message box.
  await c.goto('/messages');
  await expectPage(c, 'Messages');
  await c.getByText(CHAT, { exact: true }).first().click();
  const log = c.getByRole('log');
  await expect(log).toContainText('This game was cancelled');
  await expect(c.getByRole('status').filter({ hasText: 'This game was cancelled' })).toBeVisible();
  await expect(c.getByRole('textbox', { name: 'Message', exact: true })).toHaveCount(0);
  await shoot(c, 'games-cancelled-chat');
});
