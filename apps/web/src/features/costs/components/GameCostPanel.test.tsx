import type { GameCost } from '@gameon/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderSignedIn, testPost, testUser } from '../../../test/utils';
import { GameCostPanel } from './GameCostPanel';

const HOST_ID = 3;
const UPI = 'arjun@okaxis';

const playerView = (overrides: Partial<NonNullable<GameCost['mine']>> = {}): GameCost => ({
  role: 'player',
  cost: {
    kind: 'total',
    amount_paise: 150_000,
    people: 7,
    share_paise: 21_428,
    total_paise: 150_000,
    remainder_paise: null,
  },
  payee: {
    upi_id: UPI,
    name: 'arjun',
    link: 'upi://pay?pa=arjun@okaxis&pn=arjun&am=214.28&cu=INR&tn=Box%20cricket',
    qr_png: 'data:image/png;base64,iVBORw0KGgo=',
  },
  mine: {
    user: { id: testUser.id, username: testUser.username },
    share_paise: 21_428,
    paid_paise: null,
    paid_at: null,
    confirmed: false,
    ...overrides,
  },
  payments: null,
});

/** The panel for `testUser` on a game hosted by someone else, the server answering `answer`. */
function renderPanel(answer: () => Response) {
  const calls = mockFetch(({ url }) => {
    if (url.pathname === '/api/auth/me') return jsonResponse(testUser);
    if (url.pathname === '/api/posts/5/cost') return answer();
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  const post = testPost(5, {
    author_id: HOST_ID,
    author: { id: HOST_ID, username: 'arjun' },
    interested_users: [{ user_id: testUser.id }],
  });
  const view = renderSignedIn(
    <>
      <h1>Game</h1>
      <GameCostPanel post={post} viewerId={testUser.id} />
    </>,
  );
  return { calls, view, user: userEvent.setup() };
}

describe('GameCostPanel', () => {
  it('shows a joined player their share, the QR code and a UPI ID to copy', async () => {
    const { user } = renderPanel(() => jsonResponse(playerView()));
    expect(await screen.findByText('Your share: ₹214.28')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'UPI QR code to pay ₹214.28 to arjun' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy UPI ID' }));
    expect(await navigator.clipboard.readText()).toBe(UPI);
    expect(screen.getByRole('button', { name: 'Mark as paid' })).toBeInTheDocument();
  });

  it('keeps what a player paid against a share that moved', async () => {
    renderPanel(() =>
      jsonResponse(playerView({ paid_paise: 25_000, paid_at: '2030-03-01T11:00:00.000Z' })),
    );
    expect(await screen.findByText(/Paid ₹250, share now ₹214.28/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I have not paid' })).toBeInTheDocument();
  });

  it('shows nothing to a member the server refuses (a waitlisted one)', async () => {
    const { calls } = renderPanel(() =>
      jsonResponse(
        {
          success: false,
          code: 'not_in_game',
          message: 'Only the host and the players of this game see its cost',
        },
        { status: 403 },
      ),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/posts/5/cost')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cost split' })).toBeNull());
    expect(screen.queryByText(/Only the host/)).toBeNull();
  });
});
