import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { Post } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/app';
import { jsonResponse, mockFetch, testProfile, testUser } from '../../../test/utils';

const names: Record<number, string> = { 3: 'rahul', 11: 'asha', 12: 'vikram' };

/** The profile of member `id`, by the name the game shows. */
const profile = (id: number) => testProfile(id, { username: names[id] ?? `user${id}` });

const game: Post = {
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
  interested_users: [{ user_id: 11 }],
  waitlist: [{ user_id: 12 }],
  is_full: true,
  created_at: '2030-03-01T10:00:00.000Z',
};

function renderGame(post: Post | null, path = '/posts/42', signedIn = true) {
  if (signedIn) localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  const calls = mockFetch(({ url }) => {
    const member = /^\/api\/users\/(\d+)$/.exec(url.pathname);
    if (member) {
      const id = Number(member[1]);
      return jsonResponse(profile(id));
    }
    switch (url.pathname) {
      case '/api/auth/me':
        return jsonResponse(testUser);
      case '/api/messages/unread-count':
        return jsonResponse({ total: 0 });
      case '/api/posts/42':
        return post === null
          ? jsonResponse({ success: false, message: 'Post not found' }, { status: 404 })
          : jsonResponse(post);
      case '/api/posts/42/calendar.ics':
        return new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          headers: { 'Content-Type': 'text/calendar' },
        });
      default:
        return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
    }
  });
  const router = renderApp(path);
  return { calls, router, user: userEvent.setup() };
}

describe('GamePage', () => {
  it('shows the game, its host, players and waitlist', async () => {
    renderGame(game);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Box cricket at Powai' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Eight overs a side, tennis ball.')).toBeInTheDocument();
    expect(screen.getByText('Powai, Mumbai')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'rahul' })).toHaveAttribute('href', '/profile/3');
    expect(screen.getByText('1 of 1 players')).toBeInTheDocument();
    expect(screen.getByText('Full')).toBeInTheDocument();
    const players = screen.getByRole('region', { name: 'Players (1)' });
    expect(await within(players).findByRole('link', { name: 'asha' })).toBeInTheDocument();
    const waitlist = screen.getByRole('region', { name: 'Waitlist (1)' });
    expect(await within(waitlist).findByRole('link', { name: 'vikram' })).toBeInTheDocument();
  });

  it('offers the waitlist, not the chat or calendar, to a member who is not in the game', async () => {
    renderGame(game);
    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open chat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it('gives a waitlisted member their place, Leave waitlist, the chat and the calendar', async () => {
    renderGame({ ...game, waitlist: [{ user_id: 12 }, { user_id: testUser.id }] });
    expect(await screen.findByText('Waitlist, place 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave waitlist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open chat' })).toHaveAttribute(
      'href',
      '/messages?post=42',
    );
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
  });

  it('saves the calendar file fetched with the bearer token', async () => {
    const createObjectURL = vi.fn(() => 'blob:game');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { calls, user } = renderGame({ ...game, interested_users: [{ user_id: testUser.id }] });
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = calls.find((call) => call.url.pathname === '/api/posts/42/calendar.ics');
    expect(request?.headers.get('Authorization')).toBe('Bearer good');
    expect(click.mock.contexts[0]).toHaveAttribute('download', 'game-42.ics');
  });

  it('shows the host Open chat but no join button', async () => {
    renderGame({ ...game, author_id: testUser.id, author: { id: testUser.id, username: 'priya' } });
    expect(await screen.findByRole('link', { name: 'Open chat' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();
  });

  it('says "Game not found" for a game the member may not see', async () => {
    renderGame(null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Game not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the feed' })).toHaveAttribute('href', '/');
  });

  it('shows a signed-out visitor the game with "Sign in to join", which returns here', async () => {
    const { calls, router, user } = renderGame(
      { ...game, location_name: 'Mumbai' },
      '/posts/42',
      false,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Box cricket at Powai' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Mumbai')).toBeInTheDocument();
    expect(screen.getByText('1 of 1 players')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Players (1)' })).not.toBeInTheDocument();
    // Player names are members-only: no profile is asked for.
    expect(calls.some((call) => call.url.pathname.startsWith('/api/users/'))).toBe(false);

    await user.click(screen.getByRole('link', { name: 'Sign in to join' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/posts/42' });
  });

  it('tells a visitor the place is for members when the host hides it', async () => {
    renderGame({ ...game, location: null, location_name: '' }, '/posts/42', false);
    expect(await screen.findByText('Shared with members')).toBeInTheDocument();
  });
});
