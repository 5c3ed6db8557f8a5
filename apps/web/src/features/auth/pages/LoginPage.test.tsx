import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  LocationProbe,
  jsonResponse,
  mockFetch,
  renderWithProviders,
  testUser,
} from '../../../test/utils';
import { AuthProvider, useAuth } from '../../../lib/session';
import { LoginPage } from './LoginPage';

function SignedInAs() {
  const { user } = useAuth();
  return user ? (
    <p>Signed in as {user.username}</p>
  ) : (
    <>
      <LoginPage />
      <LocationProbe />
    </>
  );
}

function renderPage(state?: unknown) {
  renderWithProviders(
    <AuthProvider>
      <SignedInAs />
    </AuthProvider>,
    { route: { pathname: '/login', state } },
  );
  return userEvent.setup();
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'priya@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret12');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it('signs in and stores the token', async () => {
    const calls = mockFetch(() => jsonResponse({ token: 'tok-1', user: testUser }));
    const user = renderPage();
    await signIn(user);
    expect(await screen.findByText('Signed in as priya')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(calls[0]?.url.pathname).toBe('/api/auth/login');
    expect(calls[0]?.body).toEqual({ email: 'priya@example.com', password: 'Secret12' });
  });

  it("shows the server's message, else 'Login failed'", async () => {
    let body: unknown = { success: false, message: 'Invalid email or password' };
    mockFetch(() => jsonResponse(body, { status: 401 }));
    const user = renderPage();
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    body = {};
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
  });

  it('shows a success message passed in navigation state, then clears the state', async () => {
    renderPage({ message: 'Password reset successfully. Please log in with your new password.' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Password reset successfully. Please log in with your new password.',
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login|null'));
    expect(screen.getByRole('status')).toHaveTextContent('Password reset successfully.');
  });

  it('shows no message without navigation state', () => {
    renderPage();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('links to password recovery and sign-up', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});
