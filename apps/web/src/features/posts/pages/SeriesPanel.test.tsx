/**
 * The series panel under a game: a regular's held place (claim or pass), a held game's notice to
 * others, and a host's single game offered to repeat; each answer sent as the API takes it.
 */
import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { Post, PostSeriesResponse, Series } from '@gameon/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/app';
import { jsonResponse, mockFetch, testPost, testUser } from '../../../test/utils';

const HELD_UNTIL = '2099-03-02T13:30:00.000Z';

const series = (overrides: Partial<Series> = {}): Series => ({
  id: 5,
  host_id: 99,
  every_weeks: 1,
  until: null,
  time_zone: 'Asia/Kolkata',
  claim_window_hours: 24,
  ended: false,
  heading: 'Box cricket at Powai',
  sport: 'Cricket',
  description: 'Eight overs a side, tennis ball.',
  players_needed: 2,
  upcoming: [{ slot: '2099-03-02T01:30:00.000Z', post_id: 42, hidden_until: HELD_UNTIL }],
  skipped: [],
  regulars: [],
  past_players: [],
  ...overrides,
});

function renderGame(post: Post, answer: PostSeriesResponse) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  const calls = mockFetch(({ url, method }) => {
    if (method === 'POST' && url.pathname === '/api/series/claims/42')
      return jsonResponse({ status: 'claimed', interest: { groupChatId: 3, status: 'joined' } });
    if (method === 'PATCH' && url.pathname === '/api/series/5')
      return jsonResponse(series({ host_id: testUser.id }));
    if (method === 'POST' && url.pathname === '/api/series')
      return jsonResponse(series({ host_id: testUser.id }), { status: 201 });
    switch (url.pathname) {
      case '/api/auth/me':
        return jsonResponse(testUser);
      case '/api/messages/unread-count':
        return jsonResponse({ total: 0 });
      case '/api/messages/conversations':
        return jsonResponse({ groupChats: [] });
      case '/api/posts/42':
        return jsonResponse(post);
      case '/api/posts/42/series':
        return jsonResponse(answer);
      default:
        return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
    }
  });
  renderApp('/posts/42');
  return { calls, user: userEvent.setup() };
}

const others = testPost(42, { author_id: 99, author: { id: 99, username: 'rahul' } });

describe('the series panel', () => {
  it('lets a regular claim their held place', async () => {
    const { calls, user } = renderGame(others, {
      series: series(),
      claim: { status: 'offered', hidden_until: HELD_UNTIL },
    });
    expect(await screen.findByRole('heading', { name: 'Weekly game' })).toBeInTheDocument();
    expect(screen.getByText(/your place is held until/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "I'm in" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/series/claims/42')?.body).toEqual({
        answer: 'claim',
      }),
    );
  });

  it('tells anyone else the game is held for its regulars', async () => {
    renderGame(others, { series: series(), claim: null });
    expect(await screen.findByText(/Held for the regulars until/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I'm in" })).not.toBeInTheDocument();
  });

  it('offers the host to repeat their single game, every week by default', async () => {
    const { calls, user } = renderGame(testPost(42), { series: null, claim: null });
    await user.click(await screen.findByRole('button', { name: 'Repeat this game' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/series')?.body).toEqual({
        postId: 42,
        everyWeeks: 1,
        until: null,
      }),
    );
  });

  it('lets the host change the series from a date on, sending only what changed', async () => {
    const { calls, user } = renderGame(testPost(42), {
      series: series({ host_id: testUser.id }),
      claim: null,
    });
    await user.click(await screen.findByRole('button', { name: 'Change from a date' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Box cricket at Powai, 10 overs');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        from: '2099-03-02T01:30:00.000Z',
        heading: 'Box cricket at Powai, 10 overs',
      }),
    );
    expect(await screen.findByText('Saved. Their players are told.')).toBeInTheDocument();
  });
});

describe('the series panel: a new day and time from a date on', () => {
  it('shows the date’s day and time in India and sends only the new day and time', async () => {
    const { calls, user } = renderGame(testPost(42), {
      series: series({ host_id: testUser.id }),
      claim: null,
    });
    await user.click(await screen.findByRole('button', { name: 'Change from a date' }));
    // 2 March 2099, 01:30 UTC is a Monday, 7:00 am in India.
    const day = screen.getByRole('combobox', { name: 'Day' });
    const time = screen.getByLabelText('Time (India)');
    expect(day).toHaveValue('1');
    expect(time).toHaveValue('07:00');
    await user.selectOptions(day, 'Tuesday');
    await user.clear(time);
    await user.type(time, '20:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        from: '2099-03-02T01:30:00.000Z',
        time: '20:00',
        weekday: 2,
      }),
    );
    expect(await screen.findByText('Saved. Their players are told.')).toBeInTheDocument();
  });
});
