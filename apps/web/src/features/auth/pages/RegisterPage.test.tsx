import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  LocationProbe,
  jsonResponse,
  mockFetch,
  renderWithProviders,
  testUser,
} from '../../../test/utils';
import { AuthProvider } from '../../../lib/session';
import { RegisterPage } from './RegisterPage';

function renderPage() {
  renderWithProviders(
    <AuthProvider>
      <RegisterPage />
    </AuthProvider>,
    {
      route: '/register',
      path: '/register',
      extraRoutes: <Route path="/" element={<LocationProbe />} />,
    },
  );
  return userEvent.setup();
}

const submit = () => screen.getByRole('button', { name: 'Create Account' });

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'priya');
  await user.type(screen.getByLabelText('Email'), 'priya@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret12');
  await user.type(screen.getByLabelText('Confirm Password'), 'Secret12');
  await user.click(screen.getByRole('checkbox'));
}

describe('RegisterPage validation (spec part 1 §5)', () => {
  it('shows the first failing rule, in the spec order, with the exact messages', async () => {
    const calls = mockFetch(() => jsonResponse({ success: true, message: 'sent' }));
    const user = renderPage();
    const expectError = async (message: string) => {
      await user.click(submit());
      expect(screen.getByRole('alert')).toHaveTextContent(message);
    };

    await expectError('Username is required');
    await user.type(screen.getByLabelText('Username'), 'pr');
    await expectError('Username must be at least 3 characters long');
    await user.type(screen.getByLabelText('Username'), 'iya');
    await expectError('Email is required');
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await expectError('Password is required');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await expectError('Password must be at least 6 characters long');
    await user.type(screen.getByLabelText('Password'), 'def1');
    await user.type(screen.getByLabelText('Confirm Password'), 'abcdef2');
    await expectError('Confirm Password does not match Password');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'abcdef1');
    await expectError('You must agree to the Terms and Conditions to register');
    expect(calls).toHaveLength(0);
  });

  it('sends the form with trimmed lists and moves to the code step', async () => {
    const calls = mockFetch(() => jsonResponse({ success: true, message: 'sent' }));
    const user = renderPage();
    await user.type(screen.getByLabelText('Username'), 'priya');
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret12');
    await user.type(screen.getByLabelText(/Sports/), ' Cricket, ,Badminton ');
    await user.type(screen.getByLabelText(/Tags/), 'weekend,,  mornings');
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());

    expect(await screen.findByLabelText('Digit 1')).toBeInTheDocument();
    expect(calls[0]?.url.pathname).toBe('/api/auth/send-otp');
    expect(calls[0]?.body).toEqual({
      username: 'priya',
      email: 'priya@example.com',
      password: 'Secret12',
      bio: '',
      sports: ['Cricket', 'Badminton'],
      tags: ['weekend', 'mornings'],
    });

    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('priya@example.com');
  });

  it('rates the password as it is typed', async () => {
    const user = renderPage();
    const password = screen.getByLabelText('Password');
    expect(screen.queryByText(/Strength/)).not.toBeInTheDocument();
    for (const [typed, label] of [
      ['abc', 'Too short'],
      ['def', 'Fair'],
      ['gh', 'Good'],
    ] as const) {
      await user.type(password, typed);
      expect(password).toHaveAccessibleDescription(new RegExp(label));
    }
    await user.clear(password);
    await user.type(password, 'Abcdefg1');
    expect(password).toHaveAccessibleDescription('Strength: Strong');
  });

  it.each([
    [409, 'Username is already taken'],
    [429, 'Too many sign-up attempts. Try again later.'],
  ])("shows the server's reason when sending the code fails with %i", async (status, message) => {
    mockFetch(() => jsonResponse({ success: false, message }, { status }));
    const user = renderPage();
    await fillValidForm(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('explains a server that cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = renderPage();
    await fillValidForm(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error: Unable to connect to server. Please check your internet connection.',
    );
  });
});

describe('RegisterPage code step', () => {
  it('signs the new member in and opens / after a verified code', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/auth/verify-otp'
        ? jsonResponse({ success: true, message: 'Verified', user: testUser, token: 'tok-new' })
        : jsonResponse({ success: true, message: 'sent' }),
    );
    const user = renderPage();
    await fillValidForm(user);
    await user.click(submit());
    await user.click(await screen.findByLabelText('Digit 1'));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/|null');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-new');
  });
});

describe('RegisterPage policy links', () => {
  it.each([
    ['Terms and Conditions', '/terms'],
    ['Privacy Policy', '/privacy'],
  ])('opens %s (%s) in a new tab, so the half-filled form stays', (name, href) => {
    renderPage();
    const link = screen.getByRole('link', { name: `${name} (opens in a new tab)` });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });
});
