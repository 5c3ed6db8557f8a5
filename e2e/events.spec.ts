/**
 * Events, the web journey: a member creates an event from /create-event; a second member,
 * signed out, opens /events, filters by sport and cost (a costlier cricket event drops out),
 * signs in from the event's "Register", registers a team and sees "Back to Events"; the
 * organizer sees the team under "Manage".
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, shoot, signUp } from './helpers.js';

const TITLE = 'Koramangala 5-a-side Cup';
const CRICKET = 'Powai Box Cricket Bash';

/** `YYYY-MM-DDTHH:MM` in India `days` from now at `clock` ("HH:MM"), for a datetime-local box. */
function indiaDateTime(days: number, clock: string): string {
  const later = new Date(Date.now() + days * 24 * 3600 * 1000 + 5.5 * 3600 * 1000);
  return `${later.toISOString().slice(0, 11)}${clock}`;
}

/** The same moment as an ISO instant with India's offset, for the API. */
function indiaInstant(days: number, clock: string): string {
  return `${indiaDateTime(days, clock)}:00+05:30`;
}

/** The signed-in member's session token, as the app keeps it. */
async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

test('create an event, find it signed out, sign in from Register, register, organizer sees the team', async ({
  browser,
  server,
}) => {
  // The organizer creates the event through the form.
  const organizer = await newPerson(browser, server.baseURL);
  await signUp(organizer, server, 'tanvi');
  await organizer
    .getByRole('navigation', { name: 'Primary' })
    .getByRole('link', { name: 'Events', exact: true })
    .click();
  await expectPage(organizer, 'Sports Events');
  await organizer.getByRole('link', { name: 'Create Event', exact: true }).first().click();
  await expectPage(organizer, 'Create Event');
  await organizer.getByLabel('Title', { exact: true }).fill(TITLE);
  await organizer
    .getByLabel('Description', { exact: true })
    .fill('Knockout on turf, 12-minute games. Winners take the prize pool.');
  await organizer.getByLabel('Sport', { exact: true }).selectOption('Football');
  await organizer.getByLabel('Skill level', { exact: true }).selectOption('intermediate');
  await organizer.getByLabel('Location', { exact: true }).fill('Bengaluru');
  await organizer
    .getByRole('option', { name: /Bengaluru, Karnataka, India/ })
    .first()
    .click();
  await organizer.getByLabel('Starts', { exact: true }).fill(indiaDateTime(3, '08:00'));
  await organizer.getByLabel('Ends', { exact: true }).fill(indiaDateTime(3, '17:00'));
  await organizer.getByLabel('Maximum teams', { exact: true }).fill('16');
  await organizer.getByLabel('Cost per person (₹)', { exact: true }).fill('50');
  await organizer.getByLabel('Prize pool (₹)', { exact: true }).fill('1500');
  await organizer.getByLabel('Equipment provided', { exact: true }).check();
  await organizer.getByLabel(/^Registration deadline/).fill(indiaDateTime(2, '20:00'));
  await organizer
    .locator('form')
    .getByRole('button', { name: 'Create Event', exact: true })
    .click();
  await expectPage(organizer, 'Sports Events');
  const created = organizer.getByRole('article', { name: TITLE, exact: true });
  await expect(created).toContainText('₹50 per person');
  await expect(created).toContainText('₹1,500 prize pool');
  await expect(created).toContainText('16 of 16 places left');
  await expect(created.getByRole('button', { name: 'Manage', exact: true })).toBeVisible();

  // A dearer cricket event by the same organizer, for the filters to leave out.
  const cricket = await organizer.request.post('/api/events', {
    headers: { authorization: `Bearer ${await token(organizer)}` },
    data: {
      title: CRICKET,
      description: 'Eight overs a side under lights.',
      sport: 'Cricket',
      location: { type: 'Point', coordinates: [72.9051, 19.1176] },
      locationName: 'Powai, Mumbai',
      eventDate: indiaInstant(4, '19:00'),
      endDate: indiaInstant(4, '23:00'),
      maxParticipants: 8,
      skillLevel: 'beginner',
      cost: 400,
    },
  });
  expect(cricket.status()).toBe(201);

  // The second member has an account but looks signed out.
  const member = await newPerson(browser, server.baseURL);
  await signUp(member, server, 'omkar');
  await member.getByRole('button', { name: 'Account menu for omkar', exact: true }).click();
  await member.getByRole('button', { name: 'Logout', exact: true }).click();
  await expectPage(member, 'Welcome back');

  await member.goto('/events');
  await expectPage(member, 'Sports Events');
  await expect(member.getByRole('article', { name: CRICKET, exact: true })).toBeVisible();
  await member.getByLabel('Sport', { exact: true }).selectOption('Football');
  await member.getByLabel('Max cost (₹)', { exact: true }).fill('100');
  await expect(member.getByRole('article', { name: CRICKET, exact: true })).toHaveCount(0);
  const card = member.getByRole('article', { name: TITLE, exact: true });
  await expect(card).toContainText('₹50 per person');
  await card.getByRole('link', { name: 'Register', exact: true }).click();

  // Signing in brings the member to the event's registration form.
  await expectPage(member, 'Welcome back');
  await member.getByLabel('Email', { exact: true }).fill('omkar@example.test');
  await member.getByLabel('Password', { exact: true }).fill('Secret123');
  await member.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectPage(member, 'Event Registration');
  await expect(member).toHaveURL(/\/events\/register\?event=\d+$/);
  await expect(member.getByRole('region', { name: 'Event' })).toContainText(TITLE);
  await expect(member.getByLabel('Email', { exact: true })).toHaveValue('omkar@example.test');
  await expect(member.getByLabel('Code', { exact: true })).toHaveValue('+91');
  await member.getByLabel('Full Name', { exact: true }).fill('Omkar Patil');
  await member.getByLabel('Phone', { exact: true }).fill('9812345678');
  await member.getByLabel(/^Team name/).fill('HSR Hotshots');
  await shoot(member, 'events-registration-form');
  await member.setViewportSize({ width: 1280, height: 900 });
  await member.getByRole('button', { name: 'Register', exact: true }).click();
  await expectPage(member, 'Registration successful!');
  await shoot(member, 'events-registration-success');
  await member.setViewportSize({ width: 1280, height: 900 });
  await member.getByRole('link', { name: 'Back to Events', exact: true }).click();
  await expectPage(member, 'Sports Events');
  const registered = member.getByRole('article', { name: TITLE, exact: true });
  await expect(registered.getByText('Registered', { exact: true })).toBeVisible();
  await expect(registered).toContainText('15 of 16 places left');

  // The organizer sees the team with its leader's contact details.
  await organizer.reload();
  await expectPage(organizer, 'Sports Events');
  await organizer
    .getByRole('article', { name: TITLE, exact: true })
    .getByRole('button', { name: 'Manage', exact: true })
    .click();
  const teams = organizer
    .getByRole('dialog', { name: 'Manage event' })
    .getByRole('list', { name: 'Registered teams' });
  await expect(teams).toContainText('HSR Hotshots');
  await expect(teams).toContainText('Omkar Patil');
  await expect(teams).toContainText('+91 9812345678');
  await expect(teams).toContainText('omkar@example.test');
  await shoot(organizer, 'events-manage');
});
