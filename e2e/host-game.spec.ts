/**
 * The host runs their game, on a laptop (1280 px): a game for one player with one more on the
 * waitlist; the host edits its time (the player is told), removes the player (the place is
 * offered to the waitlisted one, who accepts it), the other player is asked before leaving, and the host deletes the game from its
 * page. The edit form and the remove and leave dialogs are screenshot at 1280 px and on a phone
 * (375 px, touch), and axe (WCAG 2.2 AA) checks each.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { SHOTS, axeViolations, expectPage, newPerson, signUp } from './helpers.js';

const TITLE = 'Sunday cricket at Cubbon Park';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** `page`'s member calls the API with their session. */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

/** The same member on a phone: a 375 px touch context with `page`'s session. */
async function onPhone(browser: Browser, page: Page, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    storageState: await page.context().storageState(),
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Kolkata',
  });
  return context.newPage();
}

/**
 * Opens a dialog with `open` on the laptop page and on the phone page, each on `path`: a
 * screenshot `{name}-1280.png` / `{name}-375.png`, axe clean, then closed with Escape.
 */
async function shootDialog(
  pages: { laptop: Page; phone: Page },
  path: string,
  name: string,
  dialogName: string,
  open: (page: Page) => Promise<void>,
) {
  for (const [width, page] of [
    [1280, pages.laptop],
    [375, pages.phone],
  ] as const) {
    await page.goto(path);
    await expectPage(page, TITLE);
    await open(page);
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, animations: 'disabled' });
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

test('a host edits the time, removes a player and deletes the game from its page', async ({
  browser,
  server,
}) => {
  const host = await newPerson(browser, server.baseURL);
  await signUp(host, server, 'hgkiran');
  const game = (await api(host, 'POST', '/api/posts', {
    sport: 'Cricket',
    heading: TITLE,
    description: 'Tennis-ball cricket, eight overs a side.',
    tags: ['casual'],
    location: { type: 'Point', coordinates: [77.5929, 12.9763] },
    locationName: 'Cubbon Park, Bengaluru',
    eventTime: new Date(Date.now() + 30 * 3600 * 1000).toISOString(),
    playersNeeded: 1,
  })) as { id: number };
  const path = `/posts/${game.id}`;

  const leela = await newPerson(browser, server.baseURL);
  await signUp(leela, server, 'hgleela');
  await api(leela, 'POST', `/api/posts/${game.id}/interest`);
  const mohan = await newPerson(browser, server.baseURL);
  await signUp(mohan, server, 'hgmohan');
  await api(mohan, 'POST', `/api/posts/${game.id}/interest`); // waitlisted

  // The host's game page: the players, and the host's own actions.
  await host.goto(path);
  await expectPage(host, TITLE);
  await expect(host.getByRole('region', { name: 'Players (1)' })).toContainText('hgleela');
  await expect(host.getByRole('region', { name: 'Waitlist (1)' })).toContainText('hgmohan');
  await expect(host.getByRole('link', { name: 'Open chat', exact: true })).toBeVisible();

  const hostPhone = await onPhone(browser, host, server.baseURL);
  await shootDialog({ laptop: host, phone: hostPhone }, path, 'host-game-edit', 'Edit game', (p) =>
    p.getByRole('button', { name: 'Edit game', exact: true }).click(),
  );
  await shootDialog(
    { laptop: host, phone: hostPhone },
    path,
    'host-game-remove',
    'Remove player',
    (p) => p.getByRole('button', { name: 'Remove hgleela', exact: true }).click(),
  );

  // The host moves the game a day later, at 20:00 India time.
  await host.goto(path);
  await expectPage(host, TITLE);
  await host.getByRole('button', { name: 'Edit game', exact: true }).click();
  const form = host.getByRole('dialog', { name: 'Edit game' });
  await expect(form.getByText('(cannot be changed)')).toBeVisible();
  const later = new Date(Date.now() + 54 * 3600 * 1000);
  const local = new Date(later.getTime() + 5.5 * 3600 * 1000).toISOString().slice(0, 11) + '20:00';
  await form.getByLabel('Date & time', { exact: true }).fill(local);
  await form.getByRole('button', { name: 'Save changes', exact: true }).click();
  await expect(host.getByText('Game updated. Your players have been told.')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(host.locator('main')).toContainText(/8:00\s?(PM|pm)/);

  // The player is told, by a notification and in the chat.
  await leela.goto('/messages');
  await expectPage(leela, 'Messages');
  await leela.getByText(`Cricket - ${TITLE}`, { exact: true }).first().click();
  await expect(leela.getByRole('log')).toContainText('The host changed the time.');
  await leela.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(leela.getByText(`The host changed the time of "${TITLE}"`)).toBeVisible();

  // The host removes hgleela: her place is offered to hgmohan, first on the waitlist.
  await host.getByRole('button', { name: 'Remove hgleela', exact: true }).click();
  const remove = host.getByRole('dialog', { name: 'Remove player' });
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(remove).toBeHidden();
  await expect(host.getByRole('region', { name: 'Players (1)' })).toContainText('hgmohan');
  await expect(host.getByRole('region', { name: 'Waitlist (0)' })).toBeVisible();

  // hgleela is told privately; her chat is read-only now, and the game will not take her back.
  await leela.reload();
  await leela.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(leela.getByText(`The host removed you from "${TITLE}"`)).toBeVisible();
  await leela.goto(`/messages?post=${game.id}`);
  await expect(
    leela.getByText('You are no longer in this game: this chat is read-only'),
  ).toBeVisible();
  await expect(leela.getByRole('textbox', { name: 'Message', exact: true })).toHaveCount(0);

  // hgmohan takes the place offered to him.
  await mohan.goto(path);
  await mohan.getByRole('button', { name: 'Accept place', exact: true }).click();
  await expect(mohan.getByRole('button', { name: 'Leave game', exact: true })).toBeVisible();

  // hgmohan is asked before leaving (and stays): the dialog at 1280 and 375 px.
  const mohanPhone = await onPhone(browser, mohan, server.baseURL);
  await shootDialog(
    { laptop: mohan, phone: mohanPhone },
    path,
    'host-game-leave',
    'Leave game',
    (p) => p.getByRole('button', { name: 'Leave game', exact: true }).click(),
  );
  await mohan.goto(path);
  await mohan.getByRole('button', { name: 'Leave game', exact: true }).click();
  await mohan
    .getByRole('dialog', { name: 'Leave game' })
    .getByRole('button', { name: 'Stay', exact: true })
    .click();
  await expect(mohan.getByRole('button', { name: 'Leave game', exact: true })).toBeVisible();

  // The host deletes the game from its page, after the spec's question.
  await host.getByRole('button', { name: 'Delete game', exact: true }).click();
  const confirm = host.getByRole('dialog', { name: 'Delete post' });
  await expect(confirm).toContainText('Are you sure you want to delete this post?');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectPage(host, 'My Posts');
  await expect(host.getByText('Post deleted successfully!', { exact: true })).toBeVisible();
  await expect(host.getByRole('article', { name: TITLE, exact: true })).toHaveCount(0);
});
