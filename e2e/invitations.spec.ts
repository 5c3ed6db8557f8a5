/**
 * Event invitations, the web journey: an organizer opens "Invite" on their event's card, finds
 * their follower offered first and invites them ("Invitation sent"); the follower sees the
 * invitation in their notifications with Accept and Decline, accepts, lands on the event's
 * registration form, registers a team, and finds the event registered. The invite dialog open
 * and the invitation in the notification list are checked by axe and shot at 375 px (a phone:
 * mobile viewport with touch) and 1280 px into test-results/screenshots/invitations/.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, newPhone, seriousViolations, signUp } from './helpers.js';

const SHOTS = 'test-results/screenshots/invitations';
const TITLE = 'Invites Indiranagar 7-a-side';
const ORGANIZER = 'invitesorg';
const FOLLOWER = 'invitesfan';

/** The signed-in member's session token, as the app keeps it. */
async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

/** A screenshot of `page` as it is into the shots folder, named `name-width`. */
async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, animations: 'disabled' });
}

/** Opens the Invite dialog of the event's card on /events. */
async function openInvite(page: Page) {
  await page.goto('/events');
  await expectPage(page, 'Sports Events');
  await page
    .getByRole('article', { name: TITLE, exact: true })
    .getByRole('button', { name: 'Invite', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Invite members' });
  await expect(dialog.getByRole('heading', { name: 'Your followers' })).toBeVisible();
  await expect(dialog.getByText(FOLLOWER, { exact: true })).toBeVisible();
  return dialog;
}

/** Opens /notifications and answers the invitation's row, once its Accept shows. */
async function openInvitationRow(page: Page) {
  await page.goto('/notifications');
  await expectPage(page, 'Notifications');
  const row = page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: `${ORGANIZER} invited you to "${TITLE}"` });
  await expect(row.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Decline', exact: true })).toBeVisible();
  return row;
}

test('an organizer invites a follower, who accepts from the notification and registers', async ({
  browser,
  server,
}) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const violations: string[] = [];

  const organizer = await newPerson(browser, server.baseURL);
  await signUp(organizer, server, ORGANIZER);
  const follower = await newPerson(browser, server.baseURL);
  await signUp(follower, server, FOLLOWER);
  const organizerToken = await tokenOf(organizer);
  const followerToken = await tokenOf(follower);
  const me = await organizer.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${organizerToken}` },
  });
  const organizerId = ((await me.json()) as { id: number }).id;
  const followed = await follower.request.post(`/api/users/${organizerId}/follow`, {
    headers: { authorization: `Bearer ${followerToken}` },
  });
  expect(followed.ok()).toBe(true);
  const start = Date.now() + 3 * 24 * 3600 * 1000;
  const created = await organizer.request.post('/api/events', {
    headers: { authorization: `Bearer ${organizerToken}` },
    data: {
      title: TITLE,
      description: 'Seven a side on turf, 20-minute halves.',
      sport: 'Football',
      location: { type: 'Point', coordinates: [77.6408, 12.9784] },
      locationName: 'Indiranagar, Bengaluru',
      eventDate: new Date(start).toISOString(),
      endDate: new Date(start + 4 * 3600 * 1000).toISOString(),
      maxParticipants: 12,
      skillLevel: 'intermediate',
      cost: 100,
    },
  });
  expect(created.status()).toBe(201);

  // The invite dialog, open: on a phone first (looked at, checked), then the desktop invites.
  const organizerPhone = await newPhone(browser, server.baseURL, organizerToken);
  await openInvite(organizerPhone);
  violations.push(...(await seriousViolations(organizerPhone, 'invite dialog at 375 px')));
  await shot(organizerPhone, 'invite-dialog');
  await organizerPhone.context().close();

  const dialog = await openInvite(organizer);
  violations.push(...(await seriousViolations(organizer, 'invite dialog at 1280 px')));
  await shot(organizer, 'invite-dialog');
  await dialog.getByRole('button', { name: `Invite ${FOLLOWER}`, exact: true }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeVisible();
  await shot(organizer, 'invite-sent');

  // The follower's invitation in the notification list, on a phone and on the desktop.
  const followerPhone = await newPhone(browser, server.baseURL, followerToken);
  await openInvitationRow(followerPhone);
  violations.push(
    ...(await seriousViolations(followerPhone, 'invitation in notifications at 375 px')),
  );
  await shot(followerPhone, 'invitation-notification');
  await followerPhone.goto('/events');
  await expectPage(followerPhone, 'Sports Events');
  await expect(followerPhone.getByRole('heading', { name: 'Your invitations' })).toBeVisible();
  await shot(followerPhone, 'invitation-pinned');
  await followerPhone.context().close();

  const row = await openInvitationRow(follower);
  violations.push(...(await seriousViolations(follower, 'invitation in notifications at 1280 px')));
  await shot(follower, 'invitation-notification');

  // Accept opens the event's registration form; registering still takes the form.
  await row.getByRole('button', { name: 'Accept', exact: true }).click();
  await expectPage(follower, 'Event Registration');
  await expect(follower).toHaveURL(/\/events\/register\?event=\d+$/);
  await expect(follower.getByRole('region', { name: 'Event' })).toContainText(TITLE);
  await expect(follower.getByLabel('Email', { exact: true })).toHaveValue(
    `${FOLLOWER}@example.test`,
  );
  await follower.getByLabel('Full Name', { exact: true }).fill('Farhan Ali');
  await follower.getByLabel('Phone', { exact: true }).fill('9811122233');
  await follower.getByLabel(/^Team name/).fill('Indiranagar Invitees');
  await follower.getByRole('button', { name: 'Register', exact: true }).click();
  await expectPage(follower, 'Registration successful!');
  await shot(follower, 'registered');
  await follower.getByRole('link', { name: 'Back to Events', exact: true }).click();
  await expectPage(follower, 'Sports Events');
  const card = follower.getByRole('article', { name: TITLE, exact: true });
  await expect(card.getByText('Registered', { exact: true })).toBeVisible();
  // Registered: the invitation has done its work, nothing is pinned any more.
  await expect(follower.getByRole('heading', { name: 'Your invitations' })).toHaveCount(0);

  // The organizer sees the team.
  await organizer.goto('/events');
  await expectPage(organizer, 'Sports Events');
  await organizer
    .getByRole('article', { name: TITLE, exact: true })
    .getByRole('button', { name: 'Manage', exact: true })
    .click();
  await expect(
    organizer.getByRole('dialog', { name: 'Manage event' }).getByRole('list', {
      name: 'Registered teams',
    }),
  ).toContainText('Indiranagar Invitees');

  expect(violations, `axe found serious or critical violations:\n${violations.join('\n')}`).toEqual(
    [],
  );
});
