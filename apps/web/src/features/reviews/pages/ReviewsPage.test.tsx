import { REVIEW_CATEGORIES, TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { Review, ReviewStats } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/app';
import {
  jsonResponse,
  mockAppFetch,
  mockFetch,
  renderSignedIn,
  testReview,
  testUser,
} from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';
import { ReviewsPage } from './ReviewsPage';

const emptyStats: ReviewStats = {
  count: 0,
  average_rating: null,
  distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
  categories: REVIEW_CATEGORIES.map((category) => ({
    category,
    count: 0,
    average_rating: null,
  })),
};

const stats: ReviewStats = {
  count: 12,
  average_rating: 4.25,
  distribution: { '1': 1, '2': 0, '3': 2, '4': 2, '5': 7 },
  categories: REVIEW_CATEGORIES.map((category) =>
    category === 'venue'
      ? { category, count: 3, average_rating: 4.5 }
      : { category, count: 0, average_rating: null },
  ),
};

const rahulsReview = testReview(1, {
  author_id: 3,
  author_username: 'rahul',
  title: 'Great turf',
  rating: 4,
  tags: ['turf', 'floodlights'],
  updated_at: '2025-01-02T10:00:00.000Z',
});

interface Server {
  /** `GET /reviews` answer for a cursor (null = first page). */
  list?: (cursor: string | null) => Response;
  mine?: Review[];
  stats?: ReviewStats;
}

/** A server answering the reviews calls; DELETE and PUT succeed. */
function renderPage(route: string, server: Server = {}) {
  const calls = mockFetch(({ url, method, body }) => {
    if (url.pathname === '/api/auth/me') return jsonResponse(testUser);
    if (url.pathname === '/api/reviews/stats') return jsonResponse(server.stats ?? emptyStats);
    if (url.pathname === '/api/reviews/my-reviews') return jsonResponse(server.mine ?? []);
    if (url.pathname === '/api/reviews')
      return server.list?.(url.searchParams.get('cursor')) ?? jsonResponse([]);
    if (method === 'DELETE') return jsonResponse({ success: true });
    if (method === 'PUT')
      return jsonResponse({ ...testReview(5), ...(body as object), updated_at: 'now' });
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  renderSignedIn(<ReviewsPage />, { route, path: '/reviews' });
  return { calls, user: userEvent.setup() };
}

const callsTo = (calls: FetchCall[], pathname: string, method = 'GET') =>
  calls.filter((call) => call.url.pathname === pathname && call.method === method);

describe('Reviews page: ratings and list (spec part 2 §2 "Reviews"; CONTRACT.md stats)', () => {
  it('shows the count, the average with stars, the bars per star and each category', async () => {
    renderPage('/reviews', { stats });
    const ratings = await screen.findByRole('region', { name: 'Ratings' });
    expect(await within(ratings).findByText('12 reviews')).toBeInTheDocument();
    expect(within(ratings).getByText('4.3')).toBeInTheDocument();
    expect(within(ratings).getByRole('img', { name: '4.3 out of 5 stars' })).toBeInTheDocument();
    const bars = within(
      within(ratings).getByRole('list', { name: 'Ratings by stars' }),
    ).getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '5 stars7 reviews',
      '4 stars2 reviews',
      '3 stars2 reviews',
      '2 stars0 reviews',
      '1 star1 review',
    ]);
    const categories = within(ratings).getByRole('table', { name: 'By category' });
    expect(within(categories).getAllByRole('row', { name: /reviews/ })).toHaveLength(6);
    expect(
      within(categories).getByRole('row', { name: 'Venue 3 reviews 4.5' }),
    ).toBeInTheDocument();
    expect(
      within(categories).getByRole('row', { name: 'App 0 reviews No ratings' }),
    ).toBeInTheDocument();
  });

  it('shows each review with its stars, category, author, tags and "edited"', async () => {
    renderPage('/reviews', { list: () => jsonResponse([rahulsReview]) });
    const card = await screen.findByRole('article', { name: 'Great turf' });
    expect(within(card).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(card).getByText('Venue')).toBeInTheDocument();
    expect(within(card).getByText('Good turf, fair price.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'rahul' })).toHaveAttribute('href', '/profile/3');
    expect(
      within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(within(card).getByText('#turf')).toBeInTheDocument();
    expect(within(card).getByText('edited')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('shows "A member", with no link, for a review whose author the server does not name', async () => {
    const unnamed = testReview(2, { author_id: null, author_username: null, title: 'Quiet turf' });
    renderPage('/reviews', { list: () => jsonResponse([unnamed]) });
    const card = await screen.findByRole('article', { name: 'Quiet turf' });
    expect(within(card).getByText('A member')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Report Quiet turf' })).toBeInTheDocument();
  });

  it("offers Report on others' reviews and not on the member's own", async () => {
    renderPage('/reviews', { list: () => jsonResponse([rahulsReview, testReview(9)]) });
    const theirs = await screen.findByRole('article', { name: 'Great turf' });
    expect(within(theirs).getByRole('button', { name: 'Report Great turf' })).toBeInTheDocument();
    const own = screen.getByRole('article', { name: 'Review 9' });
    expect(within(own).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });

  it('filters by category behind the Filters toggle: the list and the ratings ask ?category=', async () => {
    const { calls, user } = renderPage('/reviews');
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const filter = screen.getByRole('radiogroup', { name: 'Category' });
    expect(within(filter).getAllByRole('radio')).toHaveLength(7);
    for (const name of ['All', 'General', 'Venue', 'Event', 'Equipment', 'Coaching', 'App'])
      expect(within(filter).getByRole('radio', { name })).toBeInTheDocument();
    expect(within(filter).getByRole('radio', { name: 'All' })).toBeChecked();
    expect(callsTo(calls, '/api/reviews')[0]?.url.searchParams.has('category')).toBe(false);

    await user.click(within(filter).getByRole('radio', { name: 'Venue' }));
    expect(await screen.findByRole('region', { name: 'Venue ratings' })).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, '/api/reviews').at(-1)?.url.searchParams.get('category')).toBe('venue'),
    );
    expect(callsTo(calls, '/api/reviews/stats').at(-1)?.url.searchParams.get('category')).toBe(
      'venue',
    );
    expect(await screen.findByText('No Venue reviews yet')).toBeInTheDocument();
  });

  it('opens on the category in the address', async () => {
    const { calls } = renderPage('/reviews?category=coaching');
    expect(await screen.findByRole('radio', { name: 'Coaching' })).toBeChecked();
    await waitFor(() => expect(callsTo(calls, '/api/reviews')).toHaveLength(1));
    expect(callsTo(calls, '/api/reviews')[0]?.url.searchParams.get('category')).toBe('coaching');
  });

  it('says there are no reviews yet, with a link to write one', async () => {
    renderPage('/reviews');
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Write a review' }))
      expect(link).toHaveAttribute('href', '/create-review');
  });

  it('loads the next page with the cursor of the previous one', async () => {
    const { calls, user } = renderPage('/reviews', {
      list: (cursor) =>
        cursor === null
          ? jsonResponse([rahulsReview], { headers: { 'X-Next-Cursor': 'c2' } })
          : jsonResponse([testReview(2, { title: 'Older review' })]),
    });
    await screen.findByRole('article', { name: 'Great turf' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Older review' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/reviews').at(-1)?.url.searchParams.get('cursor')).toBe('c2');
    expect(screen.getByRole('article', { name: 'Great turf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers Try again when the list cannot be loaded', async () => {
    const { calls, user } = renderPage('/reviews', {
      list: () => jsonResponse({ success: false, message: 'Boom' }, { status: 500 }),
    });
    expect(await screen.findByText('We could not load these reviews.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(calls, '/api/reviews')).toHaveLength(2));
  });
});

describe('Reviews page: my reviews (CONTRACT.md my-reviews, PUT and DELETE by the author)', () => {
  const mine = [testReview(5, { title: 'Coach Ravi', category: 'coaching', tags: ['batting'] })];

  it('lists my reviews from my-reviews under "My reviews" (?view=mine)', async () => {
    const { calls } = renderPage('/reviews?view=mine', { mine });
    expect(await screen.findByRole('article', { name: 'Coach Ravi' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My reviews' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(callsTo(calls, '/api/reviews')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Edit Coach Ravi' })).toBeInTheDocument();
  });

  it('switches to my reviews with the tab', async () => {
    const { calls, user } = renderPage('/reviews', { mine });
    await user.click(await screen.findByRole('tab', { name: 'My reviews' }));
    expect(await screen.findByRole('article', { name: 'Coach Ravi' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/reviews/my-reviews')).toHaveLength(1);
  });

  it('says I have written none yet, with a link to write one', async () => {
    renderPage('/reviews?view=mine');
    expect(await screen.findByText('You have not written a review yet')).toBeInTheDocument();
  });

  it('asks before deleting, then deletes and refetches my reviews', async () => {
    const { calls, user } = renderPage('/reviews?view=mine', { mine });
    await user.click(await screen.findByRole('button', { name: 'Delete Coach Ravi' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete review' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this review?');
    expect(callsTo(calls, '/api/reviews/5', 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Review deleted.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/reviews/5', 'DELETE')).toHaveLength(1);
    expect(callsTo(calls, '/api/reviews/my-reviews')).toHaveLength(2);
  });

  it('deletes nothing when I cancel', async () => {
    const { calls, user } = renderPage('/reviews?view=mine', { mine });
    await user.click(await screen.findByRole('button', { name: 'Delete Coach Ravi' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete review' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('edits a review in a dialog filled with it', async () => {
    const { calls, user } = renderPage('/reviews?view=mine', { mine });
    await user.click(await screen.findByRole('button', { name: 'Edit Coach Ravi' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit review' });
    expect(within(dialog).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(dialog).getByLabelText('Category')).toHaveValue('coaching');
    expect(within(dialog).getByLabelText(/Tags/)).toHaveValue('batting');
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Coach Ravi is great');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Review updated.');
    expect(callsTo(calls, '/api/reviews/5', 'PUT').map((call) => call.body)).toEqual([
      {
        rating: 5,
        category: 'coaching',
        title: 'Coach Ravi is great',
        content: 'Good turf, fair price.',
        tags: ['batting'],
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Reviews in the app (spec part 2 §2 route table, §4 "Review creation")', () => {
  it('goes to /reviews once a review is written, the sidebar marking Reviews as the current page', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    let written: Review[] = [];
    const calls = mockAppFetch(({ url, method, body }) => {
      switch (`${method} ${url.pathname}`) {
        case 'POST /api/reviews':
          written = [{ ...testReview(9), ...(body as object) }];
          return jsonResponse(written[0], { status: 201 });
        case 'GET /api/reviews':
          return jsonResponse(written);
        case 'GET /api/reviews/stats':
          return jsonResponse(emptyStats);
      }
    });
    const router = renderApp('/create-review');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.selectOptions(screen.getByLabelText('Category'), 'App');
    await user.type(screen.getByLabelText('Title'), 'Found a team in a day');
    await user.type(screen.getByLabelText('Content'), 'Easy to use.');
    await user.click(screen.getByRole('button', { name: 'Post review' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reviews');
    expect(
      await screen.findByRole('article', { name: 'Found a team in a day' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    expect(callsTo(calls, '/api/reviews', 'POST')).toHaveLength(1);
  });
});
