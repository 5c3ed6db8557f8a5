/**
 * Shareable game links: a member posts a game; its link answers a link crawler with
 * the game's OpenGraph tags in the HTML, and a signed-out visitor with the game and "Sign in to
 * join", which brings them back to the game once signed in.
 */
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, postGame, shoot, signUp } from './helpers.js';

const TITLE = 'Saturday turf 7-a-side';

test('a signed-out visitor opens a shared game link, signs in and lands on the game', async ({
  browser,
  server,
}) => {
  // The host posts a game and reads its id, as the share sheet would carry it.
  const host = await newPerson(browser, server.baseURL);
  await signUp(host, server, 'xavier');
  await postGame(host, {
    sport: 'Football',
    players: 6,
    title: TITLE,
    description: 'Seven a side on the HSR turf, bibs provided.',
    clock: '19:00',
  });
  const token = await host.evaluate(() => localStorage.getItem('token'));
  const mine = await host.request.get('/api/posts/my-posts', {
    headers: { authorization: `Bearer ${token}` },
  });
  const [game] = (await mine.json()) as { id: number; heading: string }[];
  expect(game?.heading).toBe(TITLE);
  const link = `/posts/${game!.id}`;

  // A link crawler runs no JavaScript: the tags are in the HTML itself.
  const html = await (await host.request.get(link)).text();
  expect(html).toContain(`<meta property="og:title" content="Football · ${TITLE}" />`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');

  // The visitor has an account but is signed out.
  const visitor = await newPerson(browser, server.baseURL);
  await signUp(visitor, server, 'zoya');
  await visitor.getByRole('button', { name: 'Account menu for zoya', exact: true }).click();
  await visitor.getByRole('button', { name: 'Logout', exact: true }).click();
  await expectPage(visitor, 'Welcome back');

  await visitor.goto(link);
  await expectPage(visitor, TITLE);
  await expect(visitor.getByText('0 of 6 players', { exact: true })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
  await shoot(visitor, 'share-links-visitor');
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.getByRole('link', { name: 'Sign in to join', exact: true }).click();

  await expectPage(visitor, 'Welcome back');
  await visitor.getByLabel('Email', { exact: true }).fill('zoya@example.test');
  await visitor.getByLabel('Password', { exact: true }).fill('Secret123');
  await visitor.getByRole('button', { name: 'Sign In', exact: true }).click();

  // Back on the game, signed in: the member's own actions are there.
  await expectPage(visitor, TITLE);
  await expect(visitor).toHaveURL(new RegExp(`${link}$`));
  await expect(visitor.getByRole('button', { name: "I'm interested", exact: true })).toBeVisible();
  await expect(visitor.getByRole('navigation', { name: 'Primary' })).toBeVisible();
});
