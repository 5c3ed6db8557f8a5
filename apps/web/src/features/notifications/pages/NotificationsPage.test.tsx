import type { Notification } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'react-router';
import {
  LocationProbe,
  jsonResponse,
  mockFetch,
  renderSignedIn,
  testNotification,
  testUser,
} from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';
import { NotificationsPage } from './NotificationsPage';

const now = new Date().toISOString();

const note = (id: number, type: Notification['type'], message: string, is_read = false) =>
  testNotification(id, type, message, { created_at: now, is_read });

let notifications: Notification[];
/** A second, older page, served after the cursor 'page-2' when not empty. */
let older: Notification[];
let failMarking: boolean;
let calls: FetchCall[];

beforeEach(() => {
  notifications = [
    note(6, 'message', 'New message from asha'),
    note(5, 'message', 'Old message from ravi', true),
    note(4, 'follow', 'rahul started following you'),
    note(3, 'interest', 'meera is interested', true),
    note(2, 'nearby_post', 'Cricket near you'),
  ];
  older = [];
  failMarking = false;
  calls = mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/auth/me') return jsonResponse(testUser);
    if (path === '/api/notifications') {
      const cursor = call.url.searchParams.get('cursor');
      if (cursor === null && older.length > 0)
        return jsonResponse(notifications, { headers: { 'X-Next-Cursor': 'page-2' } });
      return jsonResponse(cursor === 'page-2' ? older : notifications);
    }
    if (path === '/api/notifications/unread-count')
      return jsonResponse({ count: notifications.filter((n) => !n.is_read).length });
    if (path.startsWith('/api/notifications/mark')) {
      if (failMarking) return jsonResponse({ message: 'boom' }, { status: 500 });
      return jsonResponse({ success: true });
    }
    return jsonResponse({ message: 'Not found' }, { status: 404 });
  });
});

function shownMessages(): string[] {
  const list = screen.queryByRole('list', { name: 'Notifications' });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent.replace(/ \(.*$/, ''));
}

describe('NotificationsPage', () => {
  it('filters notifications', async () => {
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByRole('button', { name: 'Mark all read (3)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/notifications/settings',
    );
    await screen.findByText(/rahul started following you/);
    expect(shownMessages()).toEqual([
      'New message from asha',
      'rahul started following you',
      'meera is interested',
      'Cricket near you',
    ]);
    await user.click(screen.getByRole('button', { name: 'Unread' }));
    expect(shownMessages()).toEqual(['rahul started following you', 'Cricket near you']);
    await user.click(screen.getByRole('button', { name: 'Unread Messages' }));
    expect(shownMessages()).toEqual(['New message from asha']);
    await user.click(screen.getByRole('button', { name: 'Follows' }));
    expect(shownMessages()).toEqual(['rahul started following you']);
    await user.click(screen.getByRole('button', { name: 'Interests' }));
    expect(shownMessages()).toEqual(['meera is interested']);
    await user.click(screen.getByRole('button', { name: 'Nearby' }));
    expect(shownMessages()).toEqual(['Cricket near you']);
  });

  it('removes an item marked read from the Unread filter', async () => {
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    await screen.findByText(/rahul started following you/);
    await user.click(screen.getByRole('button', { name: 'Unread' }));
    await user.click(
      screen.getByRole('button', { name: 'Mark read: rahul started following you' }),
    );
    await waitFor(() => expect(shownMessages()).toEqual(['Cricket near you']));
    expect(calls.find((c) => c.url.pathname === '/api/notifications/mark-read')?.body).toEqual({
      notificationIds: [4],
    });
  });

  it('marks an unread item read when its link is followed', async () => {
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPage />, {
      route: '/notifications',
      path: '/notifications',
      extraRoutes: <Route path="/" element={<LocationProbe />} />,
    });
    await user.click(await screen.findByRole('link', { name: /Cricket near you/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/\|/);
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/notifications/mark-read')?.body).toEqual({
        notificationIds: [2],
      }),
    );
  });

  it('shows a notification of a type it does not know as text with no link, and the rest as before', async () => {
    const fromNewerServer: unknown[] = [
      {
        id: 9,
        type: 'tournament_reminder',
        message: 'Your match starts soon',
        created_at: now,
        is_read: false,
        data: { match_id: 3 },
      },
      { id: 8, type: 'follow' },
      ...notifications,
    ];
    mockFetch((call) =>
      call.url.pathname === '/api/notifications'
        ? jsonResponse(fromNewerServer)
        : call.url.pathname === '/api/auth/me'
          ? jsonResponse(testUser)
          : jsonResponse({ count: 4 }),
    );
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    await screen.findByText(/Your match starts soon/);
    // The malformed item (no message) is left out; everything else shows.
    expect(shownMessages()).toEqual([
      'Your match starts soon',
      'New message from asha',
      'rahul started following you',
      'meera is interested',
      'Cricket near you',
    ]);
    expect(screen.queryByRole('link', { name: /Your match starts soon/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Cricket near you/ })).toHaveAttribute('href', '/');
  });

  it('shows the failure text when mark all read fails', async () => {
    failMarking = true;
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    await user.click(await screen.findByRole('button', { name: 'Mark all read (3)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to mark all notifications as read. Please try again.',
    );
  });

  it('loads older notifications with the cursor, below the newer ones', async () => {
    older = [note(1, 'follow', 'asha started following you', true)];
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    await screen.findByText(/rahul started following you/);
    await user.click(screen.getByRole('button', { name: 'Load older notifications' }));
    await screen.findByText(/asha started following you/);
    expect(shownMessages().at(-1)).toBe('asha started following you');
    expect(screen.queryByRole('button', { name: 'Load older notifications' })).toBeNull();
    expect(calls.some((c) => c.url.searchParams.get('cursor') === 'page-2')).toBe(true);
  });

  it('offers no older page when the server sends no cursor', async () => {
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    await screen.findByText(/rahul started following you/);
    expect(screen.queryByRole('button', { name: 'Load older notifications' })).toBeNull();
  });
});

describe('comment notifications', () => {
  it('show under Comments and lead to the game page', async () => {
    const user = userEvent.setup();
    notifications = [
      {
        ...note(9, 'comment', 'asha commented on your game "Box cricket"'),
        data: { post_id: 42, comment_id: 5 },
      },
      ...notifications,
    ];
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    const link = await screen.findByRole('link', { name: /asha commented on your game/ });
    expect(link).toHaveAttribute('href', '/posts/42');
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    expect(shownMessages()).toEqual(['asha commented on your game "Box cricket"']);
  });
});
