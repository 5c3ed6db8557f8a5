import { defaultChannels, NOTIFICATION_TYPES } from '@gameon/shared';
import type { NotificationSettings } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderSignedIn, testUser } from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';
import { NotificationSettingsPage, typeLabel } from './NotificationSettingsPage';

let stored: NotificationSettings;
let failPatch: boolean;
let calls: FetchCall[];

beforeEach(() => {
  stored = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, defaultChannels(type)]),
  ) as NotificationSettings;
  failPatch = false;
  calls = mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/auth/me') return jsonResponse(testUser);
    if (path === '/api/notifications/settings' && call.method === 'GET')
      return jsonResponse(stored);
    if (path === '/api/notifications/settings' && call.method === 'PATCH') {
      if (failPatch) return jsonResponse({ message: 'boom' }, { status: 500 });
      const { type, channel, enabled } = call.body as {
        type: keyof NotificationSettings;
        channel: 'app' | 'push' | 'digest';
        enabled: boolean;
      };
      stored = { ...stored, [type]: { ...stored[type], [channel]: enabled } };
      return jsonResponse(stored);
    }
    return jsonResponse({ message: 'Not found' }, { status: 404 });
  });
});

const open = async () => {
  const view = renderSignedIn(<NotificationSettingsPage />);
  await screen.findByRole('switch', { name: 'Push for New messages' });
  return { ...view, user: userEvent.setup() };
};

describe('NotificationSettingsPage', () => {
  it('shows a switch per type and channel, grouped, checked as stored', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_TYPES.length * 3);
    for (const name of ['Games', 'Messages', 'People', 'Events'])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    const people = screen.getByRole('region', { name: 'People' });
    expect(
      within(people).getByRole('switch', { name: 'In the app for New followers' }),
    ).toBeChecked();
    expect(
      within(people).getByRole('switch', { name: 'Push for New followers' }),
    ).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Push for New messages' })).toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'E-mail digest for New messages' }),
    ).not.toBeChecked();
    // Push needs this device turned on in Settings.
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('saves a flipped switch with PATCH and keeps it on', async () => {
    const { user } = await open();
    const digest = screen.getByRole('switch', { name: 'E-mail digest for New followers' });
    await user.click(digest);
    expect(digest).toBeChecked();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { type: 'follow', channel: 'digest', enabled: true },
      ]),
    );
    expect(digest).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts the switch back and says so when saving fails', async () => {
    failPatch = true;
    const { user } = await open();
    const app = screen.getByRole('switch', { name: 'In the app for Interest in your games' });
    await user.click(app);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not change "In the app for Interest in your games". Please try again.',
    );
    expect(app).toBeChecked();
  });

  it('labels every type, in one of the page groups', () => {
    for (const type of NOTIFICATION_TYPES) expect(typeLabel(type)).toMatch(/^[A-Z]/);
    expect(typeLabel('follow')).toBe('New followers');
  });
});
