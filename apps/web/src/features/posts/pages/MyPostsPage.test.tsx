import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { Post } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/app';
import { jsonResponse, mockFetch, testUser } from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';

function game(id: number, heading: string, eventTime: string, extra: Partial<Post> = {}): Post {
  return {
    id,
    author_id: testUser.id,
    author: { id: testUser.id, username: testUser.username },
    sport: 'Badminton',
    heading,
    description: 'Doubles',
    tags: [],
    location: { type: 'Point', coordinates: [72.9, 19.1] },
    location_name: 'Andheri Sports Complex',
    event_time: eventTime,
    players_needed: 2,
    interested_users: [],
    waitlist: [],
    is_full: false,
    created_at: '2025-01-01T10:00:00.000Z',
    ...extra,
  };
}

const upcoming = game(1, 'Doubles on Sunday', '2099-03-02T01:30:00.000Z', {
  interested_users: [{ user_id: 11 }, { user_id: 12 }],
  waitlist: [{ user_id: 13 }],
  is_full: true,
});
const past = game(2, 'Last month smash', '2020-03-02T01:30:00.000Z');
const joinedGame = game(3, 'Rahul’s cricket', '2099-04-02T01:30:00.000Z', {
  author_id: 3,
  author: { id: 3, username: 'rahul' },
  players_needed: 1,
  interested_users: [{ user_id: 11 }],
  waitlist: [{ user_id: testUser.id }],
  is_full: true,
});

interface Server {
  mine?: Post[];
  joined?: Post[];
  onDelete?: (call: FetchCall) => Response;
}

function renderMyPosts(server: Server = {}) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  let mine = server.mine ?? [upcoming, past];
  const calls = mockFetch((call) => {
    const { url, method } = call;
    if (method === 'DELETE' && url.pathname.startsWith('/api/posts/')) {
      const answer = server.onDelete?.(call) ?? jsonResponse({ success: true });
      if (answer.ok) mine = mine.filter((post) => `/api/posts/${post.id}` !== url.pathname);
      return answer;
    }
    switch (url.pathname) {
      case '/api/auth/me':
        return jsonResponse(testUser);
      case '/api/messages/unread-count':
        return jsonResponse({ total: 0 });
      case '/api/posts/my-posts':
        return jsonResponse(mine);
      case '/api/posts/joined':
        return jsonResponse(server.joined ?? [joinedGame]);
      default:
        return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
    }
  });
  renderApp('/past-posts');
  return { calls, user: userEvent.setup() };
}

describe('MyPostsPage', () => {
  it('counts the games under All, Upcoming, Past Events and Joined', async () => {
    renderMyPosts();
    expect(await screen.findByRole('tab', { name: 'All (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Upcoming (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Past Events (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Joined (1)' })).toBeInTheDocument();
  });

  it('filters the games and links each to its page', async () => {
    const { user } = renderMyPosts();
    await screen.findByRole('article', { name: 'Doubles on Sunday' });
    expect(screen.getByRole('article', { name: 'Last month smash' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Past Events (1)' }));
    expect(screen.getByRole('article', { name: 'Last month smash' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Doubles on Sunday' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Upcoming (1)' }));
    const card = screen.getByRole('article', { name: 'Doubles on Sunday' });
    expect(card).toHaveTextContent('2 of 2 players');
    expect(card).toHaveTextContent('Full');
    expect(card).toHaveTextContent('1 on the waitlist');
    expect(within(card).getByRole('link', { name: 'Doubles on Sunday' })).toHaveAttribute(
      'href',
      '/posts/1',
    );
  });

  it("shows the joined games with the member's waitlist place", async () => {
    const { user } = renderMyPosts();
    await user.click(await screen.findByRole('tab', { name: 'Joined (1)' }));
    const card = screen.getByRole('article', { name: 'Rahul’s cricket' });
    expect(card).toHaveTextContent('Waitlist, place 1');
    expect(within(card).getByRole('link', { name: 'rahul' })).toHaveAttribute('href', '/profile/3');
    expect(within(card).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('offers Delete on upcoming games only', async () => {
    renderMyPosts();
    const upcomingCard = await screen.findByRole('article', { name: 'Doubles on Sunday' });
    expect(within(upcomingCard).getByRole('button', { name: /Delete/ })).toBeInTheDocument();
    const pastCard = screen.getByRole('article', { name: 'Last month smash' });
    expect(within(pastCard).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('asks before deleting, then says "Post deleted successfully!"', async () => {
    const { calls, user } = renderMyPosts();
    const card = await screen.findByRole('article', { name: 'Doubles on Sunday' });
    await user.click(within(card).getByRole('button', { name: /Delete/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete post' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this post?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Post deleted successfully!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Doubles on Sunday' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('tab', { name: 'All (1)' })).toBeInTheDocument();
    const deletes = calls.filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => call.url.pathname)).toEqual(['/api/posts/1']);
  });

  it('deletes nothing when the member cancels', async () => {
    const { calls, user } = renderMyPosts();
    const card = await screen.findByRole('article', { name: 'Doubles on Sunday' });
    await user.click(within(card).getByRole('button', { name: /Delete/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('article', { name: 'Doubles on Sunday' })).toBeInTheDocument();
  });

  it('says "Failed to delete post" when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderMyPosts({
      onDelete: () =>
        jsonResponse({ success: false, message: 'This game has already started' }, { status: 400 }),
    });
    const card = await screen.findByRole('article', { name: 'Doubles on Sunday' });
    await user.click(within(card).getByRole('button', { name: /Delete/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete post');
    expect(screen.getByRole('article', { name: 'Doubles on Sunday' })).toBeInTheDocument();
  });

  it('links the empty states to /create-post', async () => {
    const { user } = renderMyPosts({ mine: [], joined: [] });
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    const links = screen
      .getAllByRole('link', { name: 'Create a post' })
      .map((link) => link.getAttribute('href'));
    expect(links).toContain('/create-post');
    await user.click(screen.getByRole('tab', { name: 'Past Events (0)' }));
    expect(screen.getByText('No past events')).toBeInTheDocument();
  });
});
