/**
 * People: search, follow, the Message button appearing, profile edits of phone
 * and skills, a picture upload, and a privacy switch that hides the bio from a second person.
 */
import sharp from 'sharp';
import { expect, test } from './fixtures.js';
import { expectPage, memberId, newPerson, shoot, signUp } from './helpers.js';

test('find people, follow, edit a profile and hide it with a privacy switch', async ({
  browser,
  server,
}) => {
  const kavya = await newPerson(browser, server.baseURL);
  await signUp(kavya, server, 'kavya', { bio: 'Left-arm spinner, weekends in Pune' });
  const dev = await newPerson(browser, server.baseURL);
  await signUp(dev, server, 'dev');

  // Dev finds Kavya, follows her, and the Message button appears.
  await dev.goto('/search');
  await expectPage(dev, 'Find People');
  await dev.getByLabel('Search people', { exact: true }).fill('kav');
  const result = dev.getByRole('listitem').filter({ hasText: 'kavya' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('button', { name: 'Message', exact: true })).toHaveCount(0);
  await result.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(result.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expect(result.getByRole('button', { name: 'Message', exact: true })).toBeVisible();
  await shoot(dev, 'search');
  await dev.setViewportSize({ width: 1280, height: 900 });

  // Kavya edits her phone and skills and uploads a picture on her own profile.
  await kavya.goto('/profile');
  await expectPage(kavya, 'kavya');
  await kavya.getByRole('button', { name: 'Edit phone', exact: true }).click();
  await kavya.getByLabel('Phone number', { exact: true }).fill('98765');
  await kavya.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(kavya.getByText('Phone number must be exactly 10 digits')).toBeVisible();
  await kavya.getByLabel('Phone number', { exact: true }).fill('9876543210');
  await kavya.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(kavya.getByText('(987) 654-3210')).toBeVisible();

  await kavya.getByRole('button', { name: 'Edit skills', exact: true }).click();
  await kavya.getByRole('button', { name: 'Add skill', exact: true }).click();
  await kavya.getByLabel('Sport', { exact: true }).last().selectOption('Cricket');
  await kavya.getByLabel('Level', { exact: true }).last().selectOption('advanced');
  await kavya.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(kavya.getByText('Cricket').first()).toBeVisible();

  const png = await sharp({
    create: { width: 300, height: 300, channels: 3, background: '#0ea5e9' },
  })
    .png()
    .toBuffer();
  await kavya
    .getByLabel('Upload profile picture', { exact: true })
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(kavya.getByText('Profile picture updated successfully!')).toBeVisible();
  await shoot(kavya, 'profile-own');
  await kavya.setViewportSize({ width: 1280, height: 900 });

  // Dev sees the bio; after Kavya makes her profile friends-only, he no longer does.
  await dev.goto('/profile/' + (await memberId(kavya)));
  await expectPage(dev, 'kavya');
  await expect(dev.getByText('Left-arm spinner, weekends in Pune')).toBeVisible();
  await kavya.goto('/settings?tab=privacy');
  await expectPage(kavya, 'Settings');
  await kavya.getByLabel('Profile visibility', { exact: true }).selectOption('friends_only');
  await expect(kavya.getByLabel('Profile visibility', { exact: true })).toHaveValue('friends_only');
  await shoot(kavya, 'settings-privacy');
  await dev.reload();
  await expectPage(dev, 'kavya');
  await expect(dev.getByText('Left-arm spinner, weekends in Pune')).toHaveCount(0);
  await shoot(dev, 'profile-restricted');
});
