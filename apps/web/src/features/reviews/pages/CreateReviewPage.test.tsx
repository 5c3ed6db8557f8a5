import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  LocationProbe,
  jsonResponse,
  mockFetch,
  renderWithProviders,
  testReview,
} from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';
import { CreateReviewPage } from './CreateReviewPage';

function renderPage() {
  renderWithProviders(<CreateReviewPage />, {
    route: '/create-review',
    path: '/create-review',
    extraRoutes: <Route path="/reviews" element={<LocationProbe />} />,
  });
  return userEvent.setup();
}

/** A server that creates every review it is sent. */
function acceptingServer() {
  return mockFetch(({ body }) =>
    jsonResponse({ ...testReview(1), ...(body as object) }, { status: 201 }),
  );
}

const posts = (calls: FetchCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/reviews');

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, tags = 'turf') {
  await user.click(screen.getByRole('radio', { name: '4 stars' }));
  await user.selectOptions(screen.getByLabelText('Category'), 'Venue');
  await user.type(screen.getByLabelText('Title'), 'Great turf');
  await user.type(screen.getByLabelText('Content'), 'Well kept, fair price.');
  await user.type(screen.getByLabelText(/Tags/), tags);
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Post review' }));

describe('CreateReviewPage (spec part 2 §5, §8)', () => {
  it('names every missing field and sends nothing', async () => {
    const calls = acceptingServer();
    const user = renderPage();
    await submit(user);
    for (const message of [
      'Please select a rating',
      'Please select a category',
      'Title is required',
      'Content is required',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Rating' })).toHaveAccessibleDescription(
      'Please select a rating',
    );
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(posts(calls)).toHaveLength(0);
  });

  it("asks for a rating when everything else is filled: 'Please select a rating'", async () => {
    const calls = acceptingServer();
    const user = renderPage();
    await user.selectOptions(screen.getByLabelText('Category'), 'Venue');
    await user.type(screen.getByLabelText('Title'), 'Great turf');
    await user.type(screen.getByLabelText('Content'), 'Well kept.');
    await submit(user);
    expect(await screen.findByText('Please select a rating')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('counts the content as n/2000', async () => {
    const user = renderPage();
    expect(screen.getByText('0/2000')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Content'), 'Great turf');
    expect(screen.getByText('10/2000')).toBeInTheDocument();
  });

  it('refuses a title over 100 and content over 2000 characters', async () => {
    const calls = acceptingServer();
    const user = renderPage();
    await user.click(screen.getByLabelText('Title'));
    await user.paste('t'.repeat(101));
    await user.click(screen.getByLabelText('Content'));
    await user.paste('c'.repeat(2001));
    await submit(user);
    expect(await screen.findByText('Title must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Content must be at most 2000 characters')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('chooses the rating with the arrow keys', async () => {
    const user = renderPage();
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
  });

  it('sends the review with its tags split, trimmed and empties dropped, then opens /reviews', async () => {
    const calls = acceptingServer();
    const user = renderPage();
    await fillValidForm(user, ' turf ,, floodlights , ,');
    await submit(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/reviews'));
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        rating: 4,
        category: 'venue',
        title: 'Great turf',
        content: 'Well kept, fair price.',
        tags: ['turf', 'floodlights'],
      },
    ]);
  });

  it("shows the server's message when creating fails, else 'Failed to create review'", async () => {
    let failure: unknown = { success: false, message: 'You are posting too fast' };
    mockFetch(() => jsonResponse(failure, { status: 400 }));
    const user = renderPage();
    await fillValidForm(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are posting too fast');
    failure = {};
    await submit(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to create review'),
    );
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('links Cancel back to /reviews', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/reviews');
  });
});
