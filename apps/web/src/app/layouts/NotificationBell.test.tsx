import type { Notification } from '@gameon/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LAST_SEEN_NOTIFICATION_KEY } from '../../features/notifications/api';
import { openSignedInApp } from '../../test/app';
import { sockets } from '../../test/fake-socket';
import { jsonResponse, mockFetch, testUser } from '../../test/utils';
import type { FetchCall } from '../../test/utils';

const now = new Date().toISOString();

function note(id: number, type: Notification['type'], message: string, extra = {}): Notification {
  return { id, type, message, created_at: now, is_read: false, data: extra };
}

let notifications: Notification[];
let unread: number;
let markAllStatus: number;
let calls: FetchCall[];

function server(call: FetchCall): Response {
  const path = call.url.pathname;
  if (path === '/api/auth/me') return jsonResponse(testUser);
  if (path === '/api/messages/unread-count') return jsonResponse({ total: 0 });
  if (path === '/api/notifications/unread-count') return jsonResponse({ count: unread });
  if (path === '/api/notifications') return jsonResponse(notifications);
  if (path === '/api/notifications/mark-all-read')
    return markAllStatus === 200
      ? jsonResponse({ success: true })
      : jsonResponse({ message: 'boom' }, { status: markAllStatus });
  if (path === '/api/notifications/mark-read') return jsonResponse({ success: true });
  if (path === '/api/messages/conversations') return jsonResponse({ groupChats: [] });
  if (path === '/api/direct-messages/conversations') return jsonResponse([]);
  return jsonResponse({ message: 'Not found' }, { status: 404 });
}

async function openApp(path = '/settings') {
  const opened = await openSignedInApp(path, sockets);
  const bell = await screen.findByRole('button', { name: /^Notifications/ });
  return { ...opened, bell };
}

beforeEach(() => {
  notifications = [
    note(3, 'follow', 'rahul started following you', { follower_id: 3 }),
    note(2, 'message', 'New message from asha', { conversation_id: 9 }),
    { ...note(1, 'interest', 'Someone is interested in your post'), is_read: true },
  ];
  unread = 2;
  markAllStatus = 200;
  calls = mockFetch(server);
});

describe('NotificationBell', () => {
  it('shows the badge, the items with relative time and the View all link', async () => {
    const { bell, user } = await openApp();
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 2 unread'));
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText(/rahul started following you/)).toHaveTextContent(
      'rahul started following you (Just now)',
    );
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('shows the empty state without Mark all read', async () => {
    notifications = [];
    unread = 0;
    const { bell, user } = await openApp();
    await user.click(bell);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View all notifications' })).not.toBeInTheDocument();
  });

  it.each([
    ['rahul started following you', '/profile/3', ''],
    ['New message from asha', '/messages', '?conversation=9'],
  ])('clicking "%s" marks it read and goes to %s%s', async (text, pathname, search) => {
    const { router, bell, user } = await openApp();
    await user.click(bell);
    await user.click(await screen.findByRole('button', { name: new RegExp(text) }));
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/notifications/mark-read')?.body).toEqual({
        notificationIds: [Number(notifications.find((n) => n.message === text)?.id)],
      }),
    );
  });

  it('marks all read, falling back to mark-read with the unread ids', async () => {
    markAllStatus = 500;
    const { bell, user } = await openApp();
    await user.click(bell);
    await screen.findByText(/rahul started following you/);
    unread = 0;
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/notifications/mark-read')?.body).toEqual({
      notificationIds: [3, 2],
    });
  });

  it('adds live notifications newer than lastSeenNotificationId, once each', async () => {
    localStorage.setItem(LAST_SEEN_NOTIFICATION_KEY, '5');
    const { socket, bell, user } = await openApp();
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await within(panel).findByText(/rahul started following you/);
    act(() => socket.serverEmit('notification', note(4, 'nearby_post', 'Old nearby game')));
    act(() => socket.serverEmit('notification', note(6, 'nearby_post', 'Cricket near you')));
    act(() => socket.serverEmit('notification', note(6, 'nearby_post', 'Cricket near you')));
    expect(await within(panel).findAllByText(/Cricket near you/)).toHaveLength(1);
    expect(within(panel).queryByText(/Old nearby game/)).not.toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Cricket near you');
    expect(localStorage.getItem(LAST_SEEN_NOTIFICATION_KEY)).toBe('6');
  });
});
