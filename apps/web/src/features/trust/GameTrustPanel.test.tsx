/**
 * The game page's "Check-in and levels": the position is asked for at the tap and sent with
 * the check-in (nothing else keeps it); a member below the host's minimum reads why and can
 * message the host; the levels given to the viewer show without who gave them, each reportable.
 */
import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { GameTrust } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/app';
import { jsonResponse, mockAppFetch, testPost, testUser } from '../../test/utils';

const HOUR = 3600 * 1000;

function trust(overrides: Partial<GameTrust> = {}): GameTrust {
  const start = Date.now() + 10 * 60 * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    minimums: { min_show_up_percent: null, min_level: null },
    refusal: null,
    is_host: false,
    is_player: true,
    online: false,
    check_in_opens: iso(start - HOUR / 2),
    check_in_closes: iso(start + HOUR / 2),
    marks_close: iso(start + 48 * HOUR),
    ratings_close: iso(start + 72 * HOUR),
    players: [
      {
        user: { id: 3, username: 'rahul' },
        is_host: true,
        checked_in: false,
        no_show: null,
        my_rating: null,
        can_rate: false,
      },
      {
        user: { id: testUser.id, username: testUser.username },
        is_host: false,
        checked_in: false,
        no_show: null,
        my_rating: null,
        can_rate: false,
      },
    ],
    my_ratings: null,
    ...overrides,
  };
}

function renderGame(answer: GameTrust) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  const post = testPost(42, {
    author_id: 3,
    author: { id: 3, username: 'rahul' },
    event_time: new Date(Date.now() + 10 * 60 * 1000).toISOString(),
  });
  const calls = mockAppFetch(({ url, method }) => {
    if (method === 'POST' && url.pathname === '/api/posts/42/check-in')
      return jsonResponse({ success: true });
    if (method === 'POST' && url.pathname === '/api/ratings/5/report')
      return jsonResponse({ success: true, message: 'Thank you.' });
    switch (url.pathname) {
      case '/api/posts/42':
        return jsonResponse(post);
      case '/api/posts/42/trust':
        return jsonResponse(answer);
      case '/api/messages/conversations':
        return jsonResponse({ groupChats: [] });
    }
    return undefined;
  });
  renderApp('/posts/42');
  return { calls, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe("the game page's check-in and levels", () => {
  it('asks for the position at the tap and sends it with the check-in', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 19.1, longitude: 72.9, accuracy: 25 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { calls, user } = renderGame(trust());
    const panel = await screen.findByRole('region', { name: 'Check-in and levels' });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await user.click(within(panel).getByRole('button', { name: 'Check in' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/posts/42/check-in')?.body).toEqual({
        lat: 19.1,
        lng: 72.9,
        accuracy: 25,
      }),
    );
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('tells a member below the minimum why, with "Message the host"', async () => {
    renderGame(
      trust({
        is_player: false,
        players: [],
        minimums: { min_show_up_percent: 80, min_level: null },
        refusal:
          'The host asks for players who came to at least 80% of their games; your record is 2 of 4.',
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Check-in and levels' });
    expect(within(panel).getByText(/your record is 2 of 4/)).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Message the host' })).toBeVisible();
  });

  it('shows the levels given to the viewer without who gave them, and reports one', async () => {
    const { calls, user } = renderGame(
      trust({
        my_ratings: [{ id: 5, level: 'advanced' }],
        check_in_opens: new Date(0).toISOString(),
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Check-in and levels' });
    await user.click(within(panel).getByRole('button', { name: 'Report the rating Advanced' }));
    await user.type(within(panel).getByLabelText('Why report this rating?'), 'Unfair');
    await user.click(within(panel).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/ratings/5/report')?.body).toEqual({
        reason: 'Unfair',
      }),
    );
  });
});
