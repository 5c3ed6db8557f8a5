import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { Settings } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  LocationProbe,
  jsonResponse,
  mockFetch,
  renderSignedIn,
  testUser,
} from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';
import { SettingsPage } from './SettingsPage';

/** The defaults of spec part 2 §9. */
const defaults: Settings = {
  bio: 'Weekend badminton',
  phone_number: null,
  location_city: null,
  location_coordinates: null,
  profile_picture_url: null,
  cover_photo_url: null,
  sports: ['Badminton'],
  tags: [],
  profile_visibility: 'public',
  location_sharing: 'general',
  show_online_status: false,
  activity_history_visibility: 'public',
  phone_visibility: 'friends_only',
  message_requests: 'anyone',
  post_comments: 'anyone',
  event_invitations: 'manual',
};

type Handler = (call: FetchCall) => Response | undefined;

function renderSettings(tab: string, handler?: Handler) {
  const calls = mockFetch((call) => {
    const answer = handler?.(call);
    if (answer) return answer;
    if (call.url.pathname === '/api/auth/me') return jsonResponse(testUser);
    if (call.url.pathname === '/api/users/blocked') return jsonResponse([]);
    if (call.url.pathname === '/api/settings' && call.method === 'GET')
      return jsonResponse(defaults);
    if (call.url.pathname === '/api/settings' && call.method === 'PUT')
      return jsonResponse({ ...defaults, ...(call.body as Partial<Settings>) });
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  renderSignedIn(<SettingsPage />, {
    route: `/settings?tab=${tab}`,
    path: '/settings',
    extraRoutes: <Route path="/" element={<LocationProbe />} />,
  });
  return { calls, user: userEvent.setup() };
}

const puts = (calls: FetchCall[]) =>
  calls.filter((call) => call.url.pathname === '/api/settings' && call.method === 'PUT');

describe('Settings > Privacy (spec part 2 §2, §6)', () => {
  it('shows every privacy option with its stored value and a visible label', async () => {
    renderSettings('privacy');
    expect(await screen.findByRole('tab', { name: 'Privacy' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const visibility = await screen.findByLabelText('Profile visibility');
    expect(visibility).toHaveDisplayValue('Public');
    expect(screen.getByLabelText('Location sharing')).toHaveDisplayValue('General area');
    expect(screen.getByLabelText('Location sharing')).toHaveAccessibleDescription(/about 1 km/);
    expect(screen.getByLabelText('Activity history')).toHaveDisplayValue('Everyone');
    expect(screen.getByLabelText('Phone number visibility')).toHaveDisplayValue('Friends only');
    expect(screen.getByLabelText('Message requests')).toHaveDisplayValue('Anyone');
    expect(screen.getByRole('switch', { name: 'Show online status' })).not.toBeChecked();
  });

  it('saves a change at once with PUT /settings and says Saved', async () => {
    const { calls, user } = renderSettings('privacy');
    await user.selectOptions(await screen.findByLabelText('Profile visibility'), 'Friends only');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ profile_visibility: 'friends_only' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByLabelText('Profile visibility')).toHaveDisplayValue('Friends only');

    await user.selectOptions(screen.getByLabelText('Location sharing'), 'Hidden');
    await user.selectOptions(screen.getByLabelText('Phone number visibility'), 'Only me');
    await user.selectOptions(screen.getByLabelText('Message requests'), 'No one');
    await waitFor(() => expect(puts(calls)).toHaveLength(4));
    expect(puts(calls).map((call) => call.body)).toEqual([
      { profile_visibility: 'friends_only' },
      { location_sharing: 'hidden' },
      { phone_visibility: 'private' },
      { message_requests: 'none' },
    ]);
  });

  it('turns the online status on with the switch', async () => {
    const { calls, user } = renderSettings('privacy');
    const toggle = await screen.findByRole('switch', { name: 'Show online status' });
    await user.click(toggle);
    await waitFor(() => expect(puts(calls)[0]?.body).toEqual({ show_online_status: true }));
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it("says 'Failed to update settings' and shows the stored value again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderSettings('privacy', (call) =>
      call.method === 'PUT'
        ? jsonResponse({ success: false, message: 'Internal server error' }, { status: 500 })
        : undefined,
    );
    const activity = await screen.findByLabelText('Activity history');
    await user.selectOptions(activity, 'Only me');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update settings');
    expect(activity).toHaveDisplayValue('Everyone');
  });
});

describe('Settings > Privacy > Blocked members', () => {
  it('lists the members one blocked and unblocks one', async () => {
    let blocked = [
      { id: 3, username: 'rahul', profile_picture_url: null },
      { id: 4, username: 'sneha', profile_picture_url: null },
    ];
    const { calls, user } = renderSettings('privacy', (call) => {
      if (call.url.pathname === '/api/users/blocked') return jsonResponse(blocked);
      if (call.url.pathname === '/api/users/3/unblock') {
        blocked = blocked.filter((member) => member.id !== 3);
        return jsonResponse({ success: true });
      }
      return undefined;
    });
    const section = await screen.findByRole('region', { name: 'Blocked members' });
    expect(await within(section).findByText('rahul')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Unblock rahul' }));
    await waitFor(() => expect(within(section).queryByText('rahul')).not.toBeInTheDocument());
    expect(within(section).getByText('sneha')).toBeInTheDocument();
    expect(
      calls.some((call) => call.url.pathname === '/api/users/3/unblock' && call.method === 'POST'),
    ).toBe(true);
  });

  it('says so when nobody is blocked', async () => {
    renderSettings('privacy', (call) =>
      call.url.pathname === '/api/users/blocked' ? jsonResponse([]) : undefined,
    );
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });
});

describe('Settings > Content (spec part 2 §2, §6)', () => {
  it('saves comments and event invitations with PUT /settings', async () => {
    const { calls, user } = renderSettings('content');
    expect(await screen.findByRole('tab', { name: 'Content' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const comments = await screen.findByLabelText('Comments on your posts');
    expect(comments).toHaveDisplayValue('Anyone');
    const invitations = screen.getByLabelText('Event invitations');
    expect(invitations).toHaveDisplayValue('Ask me first');

    await user.selectOptions(comments, 'Friends only');
    await user.selectOptions(invitations, 'Accept automatically');
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls).map((call) => call.body)).toEqual([
      { post_comments: 'friends_only' },
      { event_invitations: 'auto_accept' },
    ]);
  });

  it('says so when the settings cannot be loaded', async () => {
    renderSettings('content', (call) =>
      call.url.pathname === '/api/settings'
        ? jsonResponse({ success: false, message: 'Internal server error' }, { status: 500 })
        : undefined,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your settings.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Settings > Security > Delete account (CONTRACT.md DELETE /account)', () => {
  const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    return screen.getByRole('dialog', { name: 'Delete your account?' });
  };

  it('asks for the password and shows the server refusal', async () => {
    const { calls, user } = renderSettings('security', (call) =>
      call.url.pathname === '/api/account'
        ? jsonResponse({ success: false, message: 'Password is incorrect' }, { status: 400 })
        : undefined,
    );
    const dialog = await openDialog(user);
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(password).toHaveAccessibleDescription('Password is required');

    await user.type(password, 'Wrong123');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password is incorrect');
    const request = calls.find((call) => call.url.pathname === '/api/account');
    expect(request?.method).toBe('DELETE');
    expect(request?.body).toEqual({ password: 'Wrong123' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
  });

  it('cancels without deleting', async () => {
    const { calls, user } = renderSettings('security');
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // React Aria returns focus to the trigger in the next animation frame.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete account' })).toHaveFocus(),
    );
    expect(calls.some((call) => call.url.pathname === '/api/account')).toBe(false);
  });
  // Deleting itself, and where it ends, is app/account-deletion.test.tsx (the whole app).
});
