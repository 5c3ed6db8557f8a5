import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import { SettingsPage } from './SettingsPage';

function renderPage() {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  renderWithProviders(<SettingsPage />, { route: '/settings', path: '/settings' });
  return userEvent.setup();
}

/**
 * Answers the Security tab's sessions list with none and every other call with
 * `handler`; returns the calls other than the list.
 */
function mockPasswordFetch(handler: () => Response) {
  const calls = mockFetch(({ url }) =>
    url.pathname === '/api/auth/sessions' ? jsonResponse([]) : handler(),
  );
  return () => calls.filter((call) => call.url.pathname !== '/api/auth/sessions');
}

const current = () => screen.getByLabelText('Current Password');
const fresh = () => screen.getByLabelText('New Password');
const confirm = () => screen.getByLabelText('Confirm New Password');

async function changePassword(
  user: ReturnType<typeof userEvent.setup>,
  values: { current?: string; next?: string; confirm?: string },
) {
  if (values.current) await user.type(current(), values.current);
  if (values.next) await user.type(fresh(), values.next);
  if (values.confirm) await user.type(confirm(), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('SettingsPage (spec part 2 §2)', () => {
  it('opens on the Security tab, next to Privacy and Content', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Security',
      'Privacy',
      'Content',
    ]);
    const security = screen.getByRole('tab', { name: 'Security' });
    expect(security).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Security' })).toContainElement(current());
  });
});

describe('Change password (spec part 2 §3, §5, §8)', () => {
  it('asks for the current password first', async () => {
    const calls = mockPasswordFetch(() => jsonResponse({}));
    const user = renderPage();
    await changePassword(user, { next: 'Fresh123', confirm: 'Fresh123' });
    expect(current()).toHaveAccessibleDescription('Current password is required');
    expect(current()).toHaveFocus();
    expect(calls()).toHaveLength(0);
  });

  it("needs at least 6 characters: 'Password must be at least 6 characters long'", async () => {
    const calls = mockPasswordFetch(() => jsonResponse({}));
    const user = renderPage();
    await changePassword(user, { current: 'Old12345', next: 'abc12', confirm: 'abc12' });
    expect(fresh()).toBeInvalid();
    expect(fresh()).toHaveAccessibleDescription(/Password must be at least 6 characters long/);
    expect(fresh()).toHaveFocus();
    expect(calls()).toHaveLength(0);
  });

  it("says 'New passwords do not match' when the confirmation differs", async () => {
    const calls = mockPasswordFetch(() => jsonResponse({}));
    const user = renderPage();
    await changePassword(user, { current: 'Old12345', next: 'Fresh123', confirm: 'Fresh124' });
    expect(confirm()).toHaveAccessibleDescription('New passwords do not match');
    expect(confirm()).toHaveFocus();
    expect(calls()).toHaveLength(0);
  });

  it('sends the current and new password only, then confirms and clears the form', async () => {
    const calls = mockPasswordFetch(() =>
      jsonResponse({ success: true, message: 'Password changed successfully' }),
    );
    const user = renderPage();
    await changePassword(user, { current: 'Old12345', next: 'Fresh123', confirm: 'Fresh123' });
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully');
    expect(calls()).toHaveLength(1);
    expect(calls()[0]?.url.pathname).toBe('/api/settings/change-password');
    expect(calls()[0]?.method).toBe('POST');
    expect(calls()[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(calls()[0]?.body).toEqual({ currentPassword: 'Old12345', newPassword: 'Fresh123' });
    expect(current()).toHaveValue('');
    expect(fresh()).toHaveValue('');
    expect(confirm()).toHaveValue('');
  });

  it("shows the server's message, else 'Failed to change password'", async () => {
    let reply = jsonResponse(
      { success: false, message: 'Current password is incorrect' },
      { status: 400 },
    );
    mockPasswordFetch(() => reply);
    const user = renderPage();
    await changePassword(user, { current: 'Wrong123', next: 'Fresh123', confirm: 'Fresh123' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(current()).toHaveValue('Wrong123');

    reply = jsonResponse({ success: false }, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
  });

  it("shows the server's message when rate limited", async () => {
    mockPasswordFetch(() =>
      jsonResponse(
        { success: false, message: 'Too many attempts. Try again later.' },
        { status: 429 },
      ),
    );
    const user = renderPage();
    await changePassword(user, { current: 'Old12345', next: 'Fresh123', confirm: 'Fresh123' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again later.',
    );
  });
});
