import type { Post } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LocationProbe, jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import { PostCard } from './PostCard';

const viewerId = 7;

const post: Post = {
  id: 42,
  author_id: 3,
  author: { id: 3, username: 'rahul' },
  sport: 'Cricket',
  heading: 'Box cricket at Powai',
  description: 'Eight overs a side, tennis ball.',
  tags: ['weekend', 'beginner'],
  location: { type: 'Point', coordinates: [72.9, 19.1] },
  location_name: 'Powai, Mumbai',
  event_time: '2030-03-02T01:30:00.000Z',
  players_needed: 3,
  interested_users: [{ user_id: 11 }],
  created_at: '2030-03-01T10:00:00.000Z',
};

function renderCard(value: Post) {
  return renderWithProviders(<PostCard post={value} viewerId={viewerId} />, {
    path: '/',
    extraRoutes: <Route path="/messages" element={<LocationProbe />} />,
  });
}

describe('PostCard', () => {
  it('shows the distance in km to one decimal', () => {
    renderCard({ ...post, distance: 30150 });
    expect(screen.getByText('30.2 km')).toBeInTheDocument();
  });

  it('shows no distance on an online game', () => {
    renderCard({ ...post, sport: 'Valorant', distance: 1150300 });
    expect(screen.queryByText(/km$/)).not.toBeInTheDocument();
  });

  it('shows no distance when the post has none', () => {
    renderCard(post);
    expect(screen.queryByText(/km$/)).not.toBeInTheDocument();
  });

  it('shows the post details', () => {
    renderCard(post);
    const card = screen.getByRole('article', { name: 'Box cricket at Powai' });
    expect(card).toHaveTextContent('Cricket');
    expect(card).toHaveTextContent('Sport');
    expect(card).toHaveTextContent('#weekend');
    expect(card).toHaveTextContent('#beginner');
    expect(card).toHaveTextContent('Powai, Mumbai');
    expect(card).toHaveTextContent('3 players needed');
    expect(card).toHaveTextContent('1 interested');
    expect(card).toHaveTextContent('rahul');
  });

  it('marks online games as esports', () => {
    renderCard({ ...post, sport: 'BGMI' });
    expect(screen.getByRole('article')).toHaveTextContent('Esport');
  });

  it('shows how many of the places are taken', () => {
    renderCard(post);
    const card = screen.getByRole('article', { name: 'Box cricket at Powai' });
    expect(card).toHaveTextContent('1 of 3 players');
    expect(card).not.toHaveTextContent('Full');
  });

  it('links to the game page and to the host profile', () => {
    renderCard(post);
    expect(screen.getByRole('link', { name: 'Box cricket at Powai' })).toHaveAttribute(
      'href',
      '/posts/42',
    );
    expect(screen.getByRole('link', { name: 'rahul' })).toHaveAttribute('href', '/profile/3');
  });

  it('offers the waitlist on a full game', () => {
    renderCard({
      ...post,
      players_needed: 1,
      interested_users: [{ user_id: 11 }],
      waitlist: [],
      is_full: true,
    });
    expect(screen.getByRole('article')).toHaveTextContent('1 of 1 players');
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join waitlist' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: "I'm interested" })).not.toBeInTheDocument();
  });

  it("shows the viewer's waitlist place and lets them leave it", () => {
    renderCard({
      ...post,
      players_needed: 1,
      waitlist: [{ user_id: 12 }, { user_id: viewerId }],
      is_full: true,
    });
    expect(screen.getByText('Waitlist, place 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave waitlist' })).toBeEnabled();
  });

  it('lets a joined member leave the game', async () => {
    const calls = mockFetch(() => jsonResponse({ success: true }));
    renderCard({ ...post, interested_users: [{ user_id: viewerId }] });
    expect(screen.queryByRole('button', { name: "I'm interested" })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Leave game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave game' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.url.pathname).toBe('/api/posts/42/interest');
  });

  it("shows the server's message when leaving fails", async () => {
    mockFetch(() =>
      jsonResponse({ success: false, message: 'This game has already started' }, { status: 400 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCard({ ...post, interested_users: [{ user_id: viewerId }] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Leave game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave game' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('This game has already started')).toBeVisible();
  });

  it("opens the post's group chat after interest", async () => {
    const calls = mockFetch(() => jsonResponse({ groupChatId: 9 }));
    renderCard(post);
    await userEvent.setup().click(screen.getByRole('button', { name: "I'm interested" }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/messages|{"activeChat":{"type":"group","id":9}}',
      ),
    );
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/api/posts/42/interest');
  });

  it('treats an answer without a group chat id as a failure', async () => {
    mockFetch(() => jsonResponse({}));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCard(post);
    await userEvent.setup().click(screen.getByRole('button', { name: "I'm interested" }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "I'm interested" })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
