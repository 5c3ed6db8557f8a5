/**
 * A freed place offered to the first on the waitlist: a player leaves a full game, the member
 * waiting first gets a `waitlist_offer` notification, opens it from /notifications on a phone,
 * sees the place held for them with its end, and accepts it; the game page then lists them with
 * the players. Screenshots of the open offer and the accepted place at 375 px (a phone) and
 * 1280 px go to test-results/screenshots/offers/; axe finds no serious or critical violation.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, type GameOnServer } from './fixtures.js';
import { axeViolations, expectPage, newPhone } from './helpers.js';

const SHOTS = 'test-results/screenshots/offers';

/** Signs `username` up through the API with the mailed code; answers the session token. */
async function signUpByApi(api: APIRequestContext, server: GameOnServer, username: string) {
  const email = `${username}@example.test`;
  const sent = await api.post('/api/auth/send-otp', {
    data: { username, email, password: 'Secret123', bio: 'Plays at 7', sports: ['Football'] },
  });
  expect(sent.ok()).toBe(true);
  const otp = await server.mail.codeFor(email);
  const verified = await api.post('/api/auth/verify-otp', { data: { email, otp } });
  expect(verified.ok()).toBe(true);
  return ((await verified.json()) as { token: string }).token;
}

/** A 1280 px desktop context signed in with `token`, in India's time zone. */
async function newDesktop(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Asia/Kolkata',
  });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return context.newPage();
}

test('a waitlisted player accepts an offered place from the notification', async ({
  browser,
  server,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: server.baseURL });
  const [host, ana, ben] = [
    await signUpByApi(api, server, 'offers_host'),
    await signUpByApi(api, server, 'offers_ana'),
    await signUpByApi(api, server, 'offers_ben'),
  ];
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const created = await api.post('/api/posts', {
    headers: as(host),
    data: {
      sport: 'Football',
      heading: 'Sunday 7 am five-a-side',
      description: 'One place, bring water.',
      tags: [],
      location: { type: 'Point', coordinates: [77.5946, 12.9716] },
      locationName: 'Koramangala Turf, Bengaluru',
      eventTime: new Date(Date.now() + 40 * 3600 * 1000).toISOString(),
      playersNeeded: 1,
    },
  });
  expect(created.status()).toBe(201);
  const gameId = ((await created.json()) as { id: number }).id;
  for (const token of [ana, ben])
    expect((await api.post(`/api/posts/${gameId}/interest`, { headers: as(token) })).ok()).toBe(
      true,
    );
  // Ana cannot come after all: her place is offered to Ben, first on the waitlist.
  expect((await api.delete(`/api/posts/${gameId}/interest`, { headers: as(ana) })).ok()).toBe(true);

  const phone = await newPhone(browser, server.baseURL, ben);
  await phone.goto('/notifications');
  await expectPage(phone, 'Notifications');
  await phone
    .getByRole('link', {
      name: /A place opened up in "Sunday 7 am five-a-side": it is yours if you accept by/,
    })
    .click();
  await expect(phone).toHaveURL(new RegExp(`/posts/${gameId}$`));
  const offer = phone.getByRole('region', { name: 'A place is yours to take' });
  await expect(offer.getByText(/Held for you until/)).toBeVisible();
  const players = phone.getByRole('region', { name: 'Players (1)' });
  await expect(players.getByText('Place offered')).toBeVisible();
  await expect(players.getByRole('link', { name: 'offers_ben' })).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/offer-open-375.png`, fullPage: true });
  expect(await axeViolations(phone)).toEqual([]);

  const desktop = await newDesktop(browser, server.baseURL, ben);
  await desktop.goto(`/posts/${gameId}`);
  await expect(
    desktop
      .getByRole('region', { name: 'A place is yours to take' })
      .getByText(/Held for you until/),
  ).toBeVisible();
  await desktop.screenshot({ path: `${SHOTS}/offer-open-1280.png`, fullPage: true });
  expect(await axeViolations(desktop)).toEqual([]);

  await offer.getByRole('button', { name: 'Accept place' }).click();
  await expect(phone.getByRole('button', { name: 'Leave game' })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(players.getByRole('link', { name: 'offers_ben' })).toBeVisible();
  await expect(players.getByText('Place offered')).toHaveCount(0);
  await phone.screenshot({ path: `${SHOTS}/offer-accepted-375.png`, fullPage: true });
  expect(await axeViolations(phone)).toEqual([]);

  await desktop.reload();
  await expect(desktop.getByRole('button', { name: 'Leave game' })).toBeVisible();
  await desktop.screenshot({ path: `${SHOTS}/offer-accepted-1280.png`, fullPage: true });
  expect(await axeViolations(desktop)).toEqual([]);
  await api.dispose();
});
