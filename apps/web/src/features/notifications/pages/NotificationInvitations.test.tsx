import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'react-router';
import { testEvent } from '../../../test/events';
import {
  LocationProbe,
  jsonResponse,
  mockAppFetch,
  renderSignedIn,
  testNotification,
} from '../../../test/utils';
import { notificationTarget } from '../api';
import { NotificationsPage } from './NotificationsPage';

const now = new Date().toISOString();

const invitationNote = (id: number, invitationId: number) =>
  testNotification(id, 'event_invitation', `rahul invited you to "Cup ${invitationId}"`, {
    created_at: now,
    data: { event_id: 11, invitation_id: invitationId },
  });

/** The page with two invitation rows: 41 still pending, 42 answered or no longer open. */
function openPage() {
  const calls = mockAppFetch(({ url }) => {
    const path = url.pathname;
    if (path === '/api/notifications')
      return jsonResponse([
        invitationNote(2, 42),
        invitationNote(1, 41),
        {
          ...invitationNote(3, 0),
          type: 'follow',
          message: 'asha started following you',
          data: {},
        },
      ]);
    if (path === '/api/notifications/unread-count') return jsonResponse({ count: 3 });
    if (path === '/api/event-invitations')
      return jsonResponse([{ id: 41, status: 'pending', created_at: now, event: testEvent() }]);
    if (path.startsWith('/api/notifications/mark')) return jsonResponse({ success: true });
    if (path === '/api/event-invitations/41/accept')
      return jsonResponse({ success: true, event_id: 11 });
    if (path === '/api/event-invitations/41/decline') return jsonResponse({ success: true });
    return undefined;
  });
  renderSignedIn(<NotificationsPage />, {
    route: '/notifications',
    path: '/notifications',
    extraRoutes: <Route path="/events/register" element={<LocationProbe />} />,
  });
  return { calls, user: userEvent.setup() };
}

const row = async (text: string) =>
  (await screen.findByText(new RegExp(text))).closest('li') as HTMLElement;

describe('event_invitation notifications', () => {
  it('lead to /events', () => {
    expect(notificationTarget(invitationNote(1, 41))).toBe('/events');
  });

  it('offer Accept and Decline only while the invitation is pending; Accept opens the form', async () => {
    const { calls, user } = openPage();
    const pending = await row('Cup 41');
    await within(pending).findByRole('button', { name: 'Accept' });
    expect(within(pending).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(await row('Cup 42')).queryByRole('button', { name: 'Accept' })).toBeNull();
    await user.click(within(pending).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/events/register');
    expect(calls.some((c) => c.url.pathname === '/api/event-invitations/41/accept')).toBe(true);
  });

  it('Decline answers the invitation', async () => {
    const { calls, user } = openPage();
    const pending = await row('Cup 41');
    await user.click(await within(pending).findByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/event-invitations/41/decline')).toBe(true),
    );
  });

  it('have their own filter', async () => {
    const { user } = openPage();
    await row('Cup 41');
    await user.click(screen.getByRole('button', { name: 'Invitations' }));
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryByText(/asha started following you/)).toBeNull();
  });
});
