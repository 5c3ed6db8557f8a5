/**
 * Comments on a game page: a player on a phone (375 px, touch) asks a question on a game page;
 * the host, on a laptop (1280 px), hears of it from the notification bell, opens the game and
 * answers; the player's page shows the answer; the host then deletes the question (asked first).
 * A visitor reads the thread with "Sign in to ask a question". The game page with its thread is screenshot at 375 and 1280 px into
 * test-results/screenshots/comments/ and axe (WCAG 2.2 AA) checks it at both widths, and signed out.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { axeViolations, expectPage, newPerson, newPhone, signUp } from './helpers.js';

const SHOTS = 'test-results/screenshots/comments';
const TITLE = 'Floodlit five-a-side at HSR Layout';
const QUESTION = 'Is there parking near the turf?';
const ANSWER = 'Yes, two-wheeler parking right outside the gate.';

/** A full-page screenshot `{name}-{width}.png`, and axe clean. */
async function shootAndCheck(page: Page, name: string, width: number) {
  // From the top, so the sticky header sits where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `${SHOTS}/${name}-${width}.png`,
    fullPage: true,
    animations: 'disabled',
  });
  expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
}

test('a player asks a question on a game page and the host answers', async ({
  browser,
  server,
}) => {
  const host = await newPerson(browser, server.baseURL);
  await signUp(host, server, 'commentshost');
  const token = await host.evaluate(() => localStorage.getItem('token'));
  const created = await host.request.post('/api/posts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      sport: 'Football',
      heading: TITLE,
      description: 'Five-a-side under the lights, all levels welcome.',
      tags: ['casual'],
      location: { type: 'Point', coordinates: [77.6387, 12.9116] },
      locationName: 'HSR Layout, Bengaluru',
      eventTime: new Date(Date.now() + 30 * 3600 * 1000).toISOString(),
      playersNeeded: 6,
    },
  });
  expect(created.status()).toBe(201);
  const path = `/posts/${((await created.json()) as { id: number }).id}`;

  // The player, on a phone, asks.
  const player = await newPhone(browser, server.baseURL);
  await signUp(player, server, 'commentsplayer');
  await player.goto(path);
  await expectPage(player, TITLE);
  const thread = player.getByRole('region', { name: 'Questions and comments' });
  await expect(thread.getByText('No questions yet.')).toBeVisible();
  const field = thread.getByRole('textbox', { name: /Your question or comment/ });
  await expect(field).toHaveAttribute('placeholder', 'Ask a question… e.g. Is there parking?');
  await field.fill(QUESTION);
  await thread.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(thread.getByText(QUESTION)).toBeVisible();
  await expect(field).toHaveValue('');

  // The host hears of it from the bell and answers on the game page.
  await host.goto('/');
  await expectPage(host, 'Sports Feed');
  await host.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const told = host.getByText(`commentsplayer commented on your game "${TITLE}"`);
  await expect(told).toBeVisible();
  await told.click();
  await expectPage(host, TITLE);
  const hostThread = host.getByRole('region', { name: 'Questions and comments' });
  await expect(hostThread.getByText(QUESTION)).toBeVisible();
  await hostThread.getByRole('textbox', { name: /Your question or comment/ }).fill(ANSWER);
  await hostThread.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(hostThread.getByText(ANSWER)).toBeVisible();
  // The host may delete the player's question as well as the answer.
  await expect(
    hostThread.getByRole('button', { name: 'Delete comment by commentsplayer', exact: true }),
  ).toBeVisible();
  await shootAndCheck(host, 'game-thread-host', 1280);

  // The player's page shows the answer (the answer's notification refetches the thread).
  await expect(thread.getByText(ANSWER)).toBeVisible();
  await expect(
    thread.getByRole('button', { name: 'Report comment by commentshost', exact: true }),
  ).toBeVisible();
  await shootAndCheck(player, 'game-thread-player', 375);
  await player.setViewportSize({ width: 1280, height: 900 });
  await shootAndCheck(player, 'game-thread-player', 1280);
  await host.setViewportSize({ width: 375, height: 812 });
  await shootAndCheck(host, 'game-thread-host', 375);

  // The host deletes the question once answered, asked first.
  await hostThread
    .getByRole('button', { name: 'Delete comment by commentsplayer', exact: true })
    .click();
  const dialog = host.getByRole('dialog', { name: 'Delete comment' });
  await expect(dialog).toContainText(QUESTION);
  await host.screenshot({ path: `${SHOTS}/delete-comment-375.png`, animations: 'disabled' });
  expect(await axeViolations(host), 'delete dialog at 375 px').toEqual([]);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(hostThread.getByText(QUESTION)).toHaveCount(0);

  // A visitor reads the thread and is asked to sign in to write.
  const visitor = await newPhone(browser, server.baseURL);
  await visitor.goto(path);
  await expectPage(visitor, TITLE);
  const visitorThread = visitor.getByRole('region', { name: 'Questions and comments' });
  await expect(visitorThread.getByText(ANSWER)).toBeVisible();
  await expect(
    visitorThread.getByRole('link', { name: 'Sign in to ask a question', exact: true }),
  ).toBeVisible();
  await expect(visitorThread.getByRole('textbox')).toHaveCount(0);
  await shootAndCheck(visitor, 'game-thread-visitor', 375);
});
