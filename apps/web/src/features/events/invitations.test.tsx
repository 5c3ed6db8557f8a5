import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { EventInvitation, SportsEvent } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/app';
import { testEvent } from '../../test/events';
import { jsonResponse, mockFetch, testProfile, testUser } from '../../test/utils';

/** The app at `path` signed in as priya (id 7), against a server with these answers. */
function openEvents(
  path: string,
  { events, invitations = [] }: { events: SportsEvent[]; invitations?: EventInvitation[] },
) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  const calls = mockFetch(({ url, method }) => {
    const path = url.pathname;
    if (path === '/api/auth/me') return jsonResponse(testUser);
    if (path === '/api/messages/unread-count') return jsonResponse({ total: 0 });
    if (path === '/api/events') return jsonResponse(events);
    if (path === '/api/events/11') return jsonResponse(events[0] ?? invitations[0]?.event);
    if (path === '/api/event-invitations') return jsonResponse(invitations);
    if (path === '/api/users/7')
      return jsonResponse(
        testProfile(7, {
          username: 'priya',
          followers: [{ id: 5, username: 'asha', bio: '', profile_picture_url: null }],
        }),
      );
    if (path === '/api/users/search')
      return jsonResponse([
        {
          id: 9,
          username: 'meera',
          bio: '',
          sports: [],
          tags: [],
          profile_picture_url: null,
          is_following: false,
        },
      ]);
    if (path === '/api/events/11/invitations' && method === 'POST')
      return jsonResponse({ success: true, message: 'Invitation sent' });
    if (path === '/api/event-invitations/41/accept')
      return jsonResponse({ success: true, event_id: 11 });
    if (path === '/api/event-invitations/41/decline') return jsonResponse({ success: true });
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  const router = renderApp(path);
  return { calls, router, user: userEvent.setup() };
}

describe('event invitations (web)', () => {
  it("offers the organizer's followers first, then search, and says Invitation sent", async () => {
    const mine = testEvent({ organizer: { id: 7, username: 'priya' } });
    const { calls, user } = openEvents('/events', { events: [mine] });
    const card = await screen.findByRole('article', { name: mine.title });
    await user.click(within(card).getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite members' });
    expect(within(dialog).getByRole('heading', { name: 'Your followers' })).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Invite asha' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Invitation sent');
    const sent = calls.find((c) => c.url.pathname === '/api/events/11/invitations');
    expect(sent?.body).toEqual({ user_id: 5 });

    await user.type(within(dialog).getByLabelText('Search people'), 'mee');
    await user.click(await within(dialog).findByRole('button', { name: 'Invite meera' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url.pathname === '/api/events/11/invitations').map((c) => c.body),
      ).toEqual([{ user_id: 5 }, { user_id: 9 }]),
    );
  });

  it('pins a pending invitation on /events; Accept opens the registration form', async () => {
    const event = testEvent();
    const invitation: EventInvitation = {
      id: 41,
      status: 'pending',
      created_at: new Date().toISOString(),
      event: { ...event, is_registered: false },
    };
    const { calls, router, user } = openEvents('/events', {
      events: [event],
      invitations: [invitation],
    });
    const pinned = await screen.findByRole('region', { name: 'Your invitations' });
    const card = within(pinned).getByRole('article', { name: event.title });
    expect(within(card).getByText('Invitation')).toBeInTheDocument();
    // Pinned, it is not listed twice.
    expect(screen.getAllByRole('article', { name: event.title })).toHaveLength(1);
    await user.click(
      within(card).getByRole('button', { name: `Accept the invitation to ${event.title}` }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/register'));
    expect(router.state.location.search).toBe('?event=11');
    expect(calls.some((c) => c.url.pathname === '/api/event-invitations/41/accept')).toBe(true);
  });

  it('shows an accepted invitation as Invited, with Register', async () => {
    const event = testEvent();
    openEvents('/events', {
      events: [],
      invitations: [
        {
          id: 41,
          status: 'accepted',
          created_at: event.created_at,
          event: { ...event, is_registered: false },
        },
      ],
    });
    const pinned = await screen.findByRole('region', { name: 'Your invitations' });
    expect(within(pinned).getByText('Invited')).toBeInTheDocument();
    expect(within(pinned).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/events/register?event=11',
    );
    expect(screen.queryByText('No events found')).not.toBeInTheDocument();
  });
});
