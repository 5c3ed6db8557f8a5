/**
 * Trust between players over the demo data (SEED_DEMO, its own server): arjun, on a phone at
 * Lalbagh (the browser's position, given at the tap), checks in to sneha's run starting in 20
 * minutes; on priya's badminton under way he rates the others' levels; priya, the host, on a
 * laptop marks sneha, who has not checked in, as a no-show; vikram, whose record is 3 of 5
 * (two no-shows), opens rahul's box cricket that asks for 80% and sees why he cannot join,
 * with "Message the host"; arjun's profile shows his record and rated level. Each page at 375 and 1280 px into
 * test-results/screenshots/trust/, axe clean.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, startServer, test } from './fixtures.js';
import { axeViolations, expectPage, shoot } from './helpers.js';

const LALBAGH = { latitude: 12.9507, longitude: 77.5848 };

interface Session {
  token: string;
  user: { id: number };
}

async function login(baseURL: string, who: string): Promise<Session> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${who}@gameon.test`, password: 'gameon123' }),
  });
  return (await res.json()) as Session;
}

/** A signed-in person: a phone (375 px, touch) or a laptop, optionally at a position. */
async function person(
  browser: Browser,
  baseURL: string,
  token: string,
  { phone, geolocation }: { phone: boolean; geolocation?: typeof LALBAGH },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: phone ? { width: 375, height: 812 } : { width: 1280, height: 900 },
    isMobile: phone,
    hasTouch: phone,
    timezoneId: 'Asia/Kolkata',
    ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
  });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return context.newPage();
}

async function gameId(baseURL: string, token: string, authorId: number, heading: string) {
  const res = await fetch(`${baseURL}/api/posts/user/${authorId}?limit=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const posts = (await res.json()) as { id: number; heading: string }[];
  return posts.find((p) => p.heading === heading)!.id;
}

/** Screenshots at 375 and 1280 px, axe clean at both. */
async function shootAndCheck(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `trust/${name}`);
  expect(await axeViolations(page), name).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await axeViolations(page), `${name} at 375`).toEqual([]);
}

test('players check in, rate levels, the host marks a no-show, a minimum keeps a member out', async ({
  browser,
}) => {
  const server = await startServer({ tmpPrefix: 'gameon-trust-', env: { SEED_DEMO: 'true' } });
  try {
    const { baseURL } = server;
    const [arjun, priya, rahul, sneha, vikram] = (await Promise.all(
      ['arjun', 'priya', 'rahul', 'sneha', 'vikram'].map((who) => login(baseURL, who)),
    )) as [Session, Session, Session, Session, Session];
    const run = await gameId(baseURL, arjun.token, sneha.user.id, '5K loop at Lalbagh');
    const doubles = await gameId(
      baseURL,
      arjun.token,
      priya.user.id,
      'Evening doubles at Indiranagar',
    );
    const cricket = await gameId(
      baseURL,
      vikram.token,
      rahul.user.id,
      'Box cricket, regulars only',
    );

    // Arjun, at Lalbagh on his phone, checks in to the run.
    const phone = await person(browser, baseURL, arjun.token, {
      phone: true,
      geolocation: LALBAGH,
    });
    await phone.goto(`/posts/${run}`);
    await expectPage(phone, '5K loop at Lalbagh');
    const panel = phone.getByRole('region', { name: 'Check-in and levels' });
    await panel.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(panel.getByText('You checked in.')).toBeVisible();
    await shootAndCheck(phone, 'check-in');

    // On priya's badminton under way he rates the others.
    await phone.goto(`/posts/${doubles}`);
    await expectPage(phone, 'Evening doubles at Indiranagar');
    for (const [name, level] of [
      ['priya', 'Expert'],
      ['rahul', 'Advanced'],
      ['sneha', 'Intermediate'],
    ] as const) {
      await panel.getByLabel(`Level of ${name}`, { exact: true }).selectOption({ label: level });
      await expect(panel.getByLabel(`Level of ${name}`, { exact: true })).toHaveValue(
        level.toLowerCase(),
      );
    }
    await expect(panel.getByText('Nobody rated your level in this game.')).toBeVisible();
    await shootAndCheck(phone, 'ratings');

    // Priya, the host, on her laptop: sneha did not check in.
    const laptop = await person(browser, baseURL, priya.token, { phone: false });
    await laptop.goto(`/posts/${doubles}`);
    await expectPage(laptop, 'Evening doubles at Indiranagar');
    const hostPanel = laptop.getByRole('region', { name: 'Check-in and levels' });
    await hostPanel.getByRole('button', { name: 'Mark as a no-show: sneha', exact: true }).click();
    await expect(hostPanel.getByText('No-show', { exact: true })).toBeVisible();
    await shootAndCheck(laptop, 'host-marks');

    // Vikram opens the box cricket asking for 80%: why not, and a way to ask the host.
    const vikramPhone = await person(browser, baseURL, vikram.token, { phone: true });
    await vikramPhone.goto(`/posts/${cricket}`);
    await expectPage(vikramPhone, 'Box cricket, regulars only');
    const refusal = vikramPhone.getByRole('region', { name: 'Check-in and levels' });
    await expect(
      refusal.getByText(
        'The host asks for players who came to at least 80% of their games; your record is 3 of 5.',
      ),
    ).toBeVisible();
    await expect(refusal.getByRole('button', { name: 'Message the host' })).toBeVisible();
    await vikramPhone.getByRole('button', { name: "I'm interested", exact: true }).click();
    await expect(vikramPhone.getByRole('alert').filter({ hasText: 'at least 80%' })).toBeVisible();
    await shootAndCheck(vikramPhone, 'join-refused');

    // Arjun's profile: his record and the level co-players gave him.
    await phone.goto('/profile');
    const section = phone.getByRole('region', { name: 'Show-up and levels' });
    await expect(section.getByText('Came to 5 of 5 games')).toBeVisible();
    await expect(section.getByText('Rated intermediate by 3 players')).toBeVisible();
    await shootAndCheck(phone, 'profile');
  } finally {
    await server.stop();
  }
});
