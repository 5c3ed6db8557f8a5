import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LocationProbe, jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import { NewPasswordPage } from './NewPasswordPage';

const RESET = 'Password reset successfully. Please log in with your new password.';

function renderPage(state: unknown = { email: 'priya@example.com', resetToken: 'rt-123' }) {
  renderWithProviders(<NewPasswordPage />, {
    route: { pathname: '/new-password', state },
    path: '/new-password',
    extraRoutes: (
      <>
        <Route path="/forgot-password" element={<LocationProbe />} />
        <Route path="/login" element={<LocationProbe />} />
      </>
    ),
  });
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm: string) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('NewPasswordPage (spec part 1 §2, §5, §8)', () => {
  it.each([
    ['no state', null],
    ['a state without the reset token', { email: 'priya@example.com' }],
  ])('sends a visitor with %s back to /forgot-password', (_, state) => {
    renderPage(state);
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password|null');
  });

  it("requires at least 6 characters: 'Password must be at least 6 characters long'", async () => {
    const calls = mockFetch(() => jsonResponse({ success: true, message: RESET }));
    const user = renderPage();
    await fill(user, 'abc12', 'abc12');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must be at least 6 characters long',
    );
    expect(calls).toHaveLength(0);
  });

  it("requires both entries to match: 'Passwords do not match'", async () => {
    const calls = mockFetch(() => jsonResponse({ success: true, message: RESET }));
    const user = renderPage();
    await fill(user, 'Secret12', 'Secret13');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(calls).toHaveLength(0);
  });

  it("sends the reset token and opens /login with the server's success message", async () => {
    const calls = mockFetch(() => jsonResponse({ success: true, message: RESET }));
    const user = renderPage();
    await fill(user, 'Secret12', 'Secret12');
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/login|{"message":"${RESET}"}`,
    );
    expect(calls[0]?.url.pathname).toBe('/api/auth/reset-password');
    expect(calls[0]?.body).toEqual({
      email: 'priya@example.com',
      resetToken: 'rt-123',
      newPassword: 'Secret12',
    });
  });

  it("shows the server's message, else 'Failed to reset password. Please try again.'", async () => {
    let reply = jsonResponse(
      { success: false, message: 'Reset link is invalid or has expired. Please start again.' },
      { status: 400 },
    );
    mockFetch(() => reply);
    const user = renderPage();
    await fill(user, 'Secret12', 'Secret12');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Reset link is invalid or has expired. Please start again.',
    );

    reply = jsonResponse({ success: false }, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Failed to reset password. Please try again.'),
    ).toBeInTheDocument();
  });

  it("shows the server's message when rate limited", async () => {
    mockFetch(() =>
      jsonResponse({ success: false, message: 'Too many requests.' }, { status: 429 }),
    );
    const user = renderPage();
    await fill(user, 'Secret12', 'Secret12');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
  });
});
