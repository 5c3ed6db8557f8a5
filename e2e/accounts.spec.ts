/**
 * Accounts: sign up, log out, forgot password, reset with the code from the mail,
 * log in with the new password seeing the success message; screenshots of every account screen.
 */
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, shoot } from './helpers.js';

test('sign up, log out, reset the password with the mailed code and sign in again', async ({
  browser,
  server,
}) => {
  const page = await newPerson(browser, server.baseURL);
  const email = 'riya@example.test';

  await page.goto('/register');
  await expectPage(page, 'Create your account');
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  await shoot(page, 'register');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Username', { exact: true }).fill('riya');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Secret123');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.getByLabel('Digit 1', { exact: true })).toBeVisible();
  await shoot(page, 'register-code');
  await page.setViewportSize({ width: 1280, height: 900 });
  const signupCode = await server.mail.codeFor(email);
  for (const [i, digit] of [...signupCode].entries())
    await page.getByLabel(`Digit ${i + 1}`, { exact: true }).fill(digit);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectPage(page, 'Sports Feed');

  // Log out from the profile menu: back to /login.
  await page.getByRole('button', { name: 'Account menu for riya', exact: true }).click();
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectPage(page, 'Welcome back');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await shoot(page, 'login');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Forgot password -> success view -> the reset code screen after 2 s.
  await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectPage(page, 'Forgot your password?');
  await expect(page.getByRole('button', { name: 'Send Reset Code', exact: true })).toBeDisabled();
  await shoot(page, 'forgot-password');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Code', exact: true }).click();
  await expect(page).toHaveURL(/\/reset-password-otp$/);
  await expectPage(page, 'Enter your reset code');
  await expect(page.getByLabel('Digit 1', { exact: true })).toBeVisible();
  await shoot(page, 'reset-code');
  await page.setViewportSize({ width: 1280, height: 900 });

  // A wrong code clears the boxes; the mailed one opens the new-password screen.
  const resetCode = await server.mail.codeFor(email, 2);
  const wrong = resetCode === '000000' ? '111111' : '000000';
  for (const [i, digit] of [...wrong].entries())
    await page.getByLabel(`Digit ${i + 1}`, { exact: true }).fill(digit);
  await page.getByRole('button', { name: 'Verify Code', exact: true }).click();
  await expect(page.getByText('Invalid code. 4 attempts left.')).toBeVisible();
  await expect(page.getByLabel('Digit 1', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Digit 1', { exact: true })).toBeFocused();
  for (const [i, digit] of [...resetCode].entries())
    await page.getByLabel(`Digit ${i + 1}`, { exact: true }).fill(digit);
  await page.getByRole('button', { name: 'Verify Code', exact: true }).click();
  await expect(page).toHaveURL(/\/new-password$/);
  await expectPage(page, 'Choose a new password');
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
  await shoot(page, 'new-password');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel('New Password', { exact: true }).fill('Fresh4567');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh999');
  await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh4567');
  await page.getByRole('button', { name: 'Reset Password', exact: true }).click();

  // Back on /login with the success message, shown once.
  await expect(page).toHaveURL(/\/login$/);
  await expectPage(page, 'Welcome back');
  await expect(
    page.getByText('Password reset successfully. Please log in with your new password.'),
  ).toBeVisible();
  await shoot(page, 'login-after-reset');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Fresh4567');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectPage(page, 'Sports Feed');

  // Settings -> Security: change the password.
  await page.goto('/settings');
  await expectPage(page, 'Settings');
  await page.getByLabel('Current Password', { exact: true }).fill('Fresh4567');
  await page.getByLabel('New Password', { exact: true }).fill('Changed890');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Changed890');
  await page.getByRole('button', { name: 'Change Password', exact: true }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await shoot(page, 'settings-security');
});
