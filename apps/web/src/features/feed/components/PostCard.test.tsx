import type { Post } from '@gameon/shared';
import { screen, waitFor } from '@testing-library/react';
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

  it('shows Interested (disabled) when the viewer is already in', () => {
    renderCard({ ...post, interested_users: [{ user_id: viewerId }] });
    expect(screen.getByRole('button', { name: 'Interested' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: "I'm interested" })).not.toBeInTheDocument();
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
