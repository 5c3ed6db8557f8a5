/** The game page of a member offered a freed place: its hold, Accept and Decline. */
import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { Post } from '@gameon/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/app';
import { jsonResponse, mockFetch, testProfile, testUser } from '../../../test/utils';

const names: Record<number, string> = { 3: 'rahul', 7: 'priya', 12: 'vikram' };

/** Priya (the signed-in member) holds the one place of Rahul's game until the hold ends. */
const offered: Post = {
  id: 42,
  author_id: 3,
  author: { id: 3, username: 'rahul' },
  sport: 'Cricket',
  heading: 'Box cricket at Powai',
  description: 'Eight overs a side, tennis ball.',
  tags: [],
  location: { type: 'Point', coordinates: [72.9, 19.1] },
  location_name: 'Powai, Mumbai',
  event_time: '2099-03-02T01:30:00.000Z',
  players_needed: 1,
  interested_users: [],
  offered: [{ user_id: testUser.id, expires_at: '2099-03-01T14:30:00.000Z' }],
  waitlist: [{ user_id: 12 }],
  is_full: true,
  created_at: '2030-03-01T10:00:00.000Z',
};

function renderOffer(reply: 'accept' | 'decline') {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  let answered = false;
  const calls = mockFetch(({ url, method }) => {
    const member = /^\/api\/users\/(\d+)$/.exec(url.pathname);
    if (member) {
      const id = Number(member[1]);
      return jsonResponse(testProfile(id, { username: names[id] ?? `user${id}` }));
    }
    switch (url.pathname) {
      case '/api/auth/me':
        return jsonResponse(testUser);
      case '/api/messages/unread-count':
        return jsonResponse({ total: 0 });
      case '/api/posts/42':
        if (!answered) return jsonResponse(offered);
        return jsonResponse(
          reply === 'accept'
            ? { ...offered, interested_users: [{ user_id: testUser.id }], offered: [] }
            : {
                ...offered,
                offered: [{ user_id: 12, expires_at: offered.offered![0]!.expires_at }],
                waitlist: [],
              },
        );
      case `/api/posts/42/offer/${reply}`:
        if (method !== 'POST') break;
        answered = true;
        return jsonResponse({ status: reply === 'accept' ? 'joined' : 'declined' });
    }
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  renderApp('/posts/42');
  return { calls, user: userEvent.setup() };
}

describe('a place offered from the waitlist', () => {
  it('shows its hold in the viewer’s time, counts as taken, and is accepted', async () => {
    const { calls, user } = renderOffer('accept');
    const panel = await screen.findByRole('region', { name: 'A place is yours to take' });
    expect(within(panel).getByText(/Held for you until/)).toBeInTheDocument();
    expect(within(panel).getByText(/1 Mar, 2099/)).toHaveAttribute(
      'datetime',
      '2099-03-01T14:30:00.000Z',
    );
    expect(screen.getByText('1 of 1 players')).toBeInTheDocument();
    const players = screen.getByRole('region', { name: 'Players (1)' });
    expect(within(players).getByText('Place offered')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Accept place' }));
    expect(calls.some((c) => c.url.pathname === '/api/posts/42/offer/accept')).toBe(true);
    await screen.findByRole('button', { name: 'Leave game' });
    expect(screen.queryByRole('region', { name: 'A place is yours to take' })).toBeNull();
  });

  it('asks before a decline, which leaves the waitlist', async () => {
    const { calls, user } = renderOffer('decline');
    const panel = await screen.findByRole('region', { name: 'A place is yours to take' });
    await user.click(within(panel).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the place' });
    expect(calls.some((c) => c.url.pathname === '/api/posts/42/offer/decline')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(calls.some((c) => c.url.pathname === '/api/posts/42/offer/decline')).toBe(true);
    expect(await screen.findByRole('region', { name: 'Waitlist (0)' })).toBeInTheDocument();
  });
});
