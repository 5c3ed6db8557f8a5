/**
 * The weekly game, on a laptop (1280 px) and a phone (375 px, touch): a host posts a game that
 * repeats every week from Create Post; a player joins it; when it starts (the spec moves its
 * start into the past in the server's database, as the clock would, and the server's own
 * scheduler runs the work), the player is offered their place in the next one, opens it from
 * the notification and claims it; the host skips a later date. The series panel, the claim and
 * the skip dialog are shot at both widths and checked by axe (WCAG 2.2 AA).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { expect, startServer, test } from './fixtures.js';
import { SHOTS, axeViolations, expectPage, newPerson, newPhone, signUp } from './helpers.js';

const TITLE = 'Sunday five-a-side';
const DIR = `${SHOTS}/series`;

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** A screenshot `{name}-{width}.png` (the whole page, or the viewport with a dialog open); axe clean. */
async function shoot(page: Page, name: string, width: number) {
  await page.screenshot({
    path: `${DIR}/${name}-${width}.png`,
    animations: 'disabled',
    fullPage: !name.includes('dialog'),
  });
  expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
}

test('a host makes a weekly game, a regular claims the next one, the host skips a date', async ({
  browser,
}) => {
  fs.mkdirSync(DIR, { recursive: true });
  // A server of this journey's own, so it can move a game's start in its database.
  const prefix = `gameon-series-${process.pid}-`;
  const server = await startServer({ tmpPrefix: prefix });
  const dir = fs.readdirSync(os.tmpdir()).find((name) => name.startsWith(prefix))!;
  const database = new DatabaseSync(path.join(os.tmpdir(), dir, 'e2e.db'));
  try {
    const host = await newPerson(browser, server.baseURL);
    await signUp(host, server, 'seriesnisha');
    const player = await newPhone(browser, server.baseURL);
    await signUp(player, server, 'seriesarjun');

    // The host posts a game that repeats every week.
    await host.getByRole('link', { name: 'Create Post', exact: true }).first().click();
    await expectPage(host, 'Find players for your game');
    await host.getByLabel('Sport', { exact: true }).selectOption('Football');
    await host.getByLabel('Players needed', { exact: true }).fill('5');
    await host.getByLabel('Title', { exact: true }).fill(TITLE);
    await host
      .getByLabel('Description', { exact: true })
      .fill('Five-a-side on turf, bibs provided.');
    await host.getByLabel('Location', { exact: true }).fill('Bengaluru');
    await host
      .getByRole('option', { name: /Bengaluru, Karnataka, India/ })
      .first()
      .click();
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000 + 5.5 * 3600 * 1000);
    await host
      .getByLabel('Date & time', { exact: true })
      .fill(`${tomorrow.toISOString().slice(0, 11)}19:00`);
    await host.getByLabel('Repeat', { exact: true }).selectOption('Every week');
    await host.locator('form').getByRole('button', { name: 'Create Post', exact: true }).click();
    await expectPage(host, 'Sports Feed');

    const mine = await host.request.get('/api/posts/my-posts', {
      headers: { authorization: `Bearer ${await tokenOf(host)}` },
    });
    const games = (await mine.json()) as { id: number; event_time: string }[];
    expect(games).toHaveLength(2);
    const [first, second] = games;

    // The player joins this week's game; next week's is held for the regulars.
    const joined = await player.request.post(`/api/posts/${first!.id}/interest`, {
      headers: { authorization: `Bearer ${await tokenOf(player)}` },
    });
    expect(joined.ok()).toBe(true);
    await host.goto(`/posts/${second!.id}`);
    await expectPage(host, TITLE);
    await expect(host.getByRole('heading', { name: 'Weekly game', exact: true })).toBeVisible();
    for (const [width, page] of [
      [1280, host],
      [375, await newPhone(browser, server.baseURL, (await tokenOf(host))!)],
    ] as const) {
      await page.goto(`/posts/${second!.id}`);
      await expect(page.getByRole('heading', { name: 'Next dates', exact: true })).toBeVisible();
      await shoot(page, 'host-series', width);
    }

    // This week's game starts: the server's scheduler offers the next one to its players.
    const started = new Date(Date.now() - 60_000).toISOString();
    database.prepare('update posts set event_time = ? where id = ?').run(started, first!.id);
    database
      .prepare("update scheduled_jobs set due_at = ? where kind = 'series-start' and key = ?")
      .run(started, String(first!.id));

    const offer = player.getByText(`${TITLE} again — in?`, { exact: false });
    await expect(async () => {
      await player.goto('/notifications');
      await expectPage(player, 'Notifications');
      await expect(offer).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await offer.click();
    await expectPage(player, TITLE);
    await expect(player).toHaveURL(new RegExp(`/posts/${second!.id}$`));
    const claim = player.getByRole('button', { name: "I'm in", exact: true });
    await expect(claim).toBeVisible();
    await shoot(player, 'claim', 375);
    const laptop = await newPerson(browser, server.baseURL);
    await laptop.addInitScript(
      (value) => localStorage.setItem('token', value),
      (await tokenOf(player))!,
    );
    await laptop.goto(`/posts/${second!.id}`);
    await expect(laptop.getByRole('button', { name: "I'm in", exact: true })).toBeVisible();
    await shoot(laptop, 'claim', 1280);
    await claim.click();
    await expect(player.getByText('You claimed your place.')).toBeVisible();

    // The host skips the third date.
    await host.goto(`/posts/${second!.id}`);
    const dates = host
      .getByRole('heading', { name: 'Next dates' })
      .locator('..')
      .getByRole('listitem');
    await expect(dates.nth(2)).toBeVisible();
    const third = (await dates.nth(2).locator('time').textContent())!;
    await dates
      .nth(2)
      .getByRole('button', { name: `Skip ${third}` })
      .click();
    const dialog = host.getByRole('dialog', { name: 'Skip a date' });
    await expect(dialog).toBeVisible();
    await shoot(host, 'skip-dialog', 1280);
    await dialog.getByRole('button', { name: 'Skip date', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(host.getByRole('button', { name: `Skip ${third}` })).toBeHidden();
    const phone = await newPhone(browser, server.baseURL, (await tokenOf(host))!);
    await phone.goto(`/posts/${second!.id}`);
    await expect(phone.getByRole('heading', { name: 'Next dates', exact: true })).toBeVisible();
    await phone
      .getByRole('button', { name: /^Skip / })
      .last()
      .click();
    await expect(phone.getByRole('dialog', { name: 'Skip a date' })).toBeVisible();
    await shoot(phone, 'skip-dialog', 375);
  } finally {
    database.close();
    await server.stop();
  }
});
