import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toDateTimeLocal } from '../../../lib/format';
import { LocationProbe, jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import { CreatePostPage } from './CreatePostPage';

const pune = { name: 'Pune', address: 'Pune, Maharashtra, India', coordinates: [73.85, 18.52] };

/** The server's answer to a valid `POST /posts` body. */
function createdPost(body: unknown) {
  const sent = body as { heading: string; eventTime: string };
  return {
    id: 1,
    author_id: 7,
    author: { id: 7, username: 'priya' },
    sport: 'Football',
    heading: sent.heading,
    description: 'Turf booked.',
    tags: ['turf'],
    location: { type: 'Point', coordinates: [73.85, 18.52] },
    location_name: 'Pune',
    event_time: sent.eventTime,
    players_needed: 4,
    interested_users: [],
    created_at: new Date().toISOString(),
  };
}

function renderPage() {
  renderWithProviders(<CreatePostPage />, {
    route: '/create-post',
    path: '/create-post',
    extraRoutes: <Route path="/" element={<LocationProbe />} />,
  });
  return userEvent.setup();
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Sport'), 'Football');
  await user.type(screen.getByLabelText('Players needed'), '4');
  await user.type(screen.getByLabelText('Title'), 'Evening 5-a-side');
  await user.type(screen.getByLabelText('Description'), 'Turf booked.');
  await user.type(screen.getByLabelText(/Tags/), 'turf ');
  await user.type(screen.getByLabelText('Location'), 'Pun');
  await user.click(await screen.findByRole('option', { name: /Pune/ }));
  const later = new Date(Date.now() + 24 * 3600_000);
  await user.type(screen.getByLabelText('Date & time'), toDateTimeLocal(later));
  return later;
}

describe('CreatePostPage', () => {
  it('shows the validation messages of every missing field', async () => {
    const calls = mockFetch(() => jsonResponse([]));
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    for (const message of [
      'Please select a location for your event.',
      'Please enter the number of players needed (1-20)',
      'Title is required',
      'Description is required',
      'Please select the date and time of your event',
      'Please select a sport or game',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Sport')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('refuses players outside 1-20', async () => {
    mockFetch(() => jsonResponse([]));
    const user = renderPage();
    await user.type(screen.getByLabelText('Players needed'), '25');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByText('Please enter a number between 1 and 20')).toBeInTheDocument();
  });

  it('offers online games after switching the type', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Online Game' }));
    expect(screen.getByRole('option', { name: 'BGMI' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Cricket' })).not.toBeInTheDocument();
  });

  it('creates the post and returns to the feed with the game, to share or open it', async () => {
    const calls = mockFetch(({ url, body }) =>
      url.pathname === '/api/places/autocomplete'
        ? jsonResponse([pune])
        : jsonResponse(createdPost(body), { status: 201 }),
    );
    const user = renderPage();
    const later = await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText(/Post created/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/|{"createdPost":{"id":1,"heading":"Evening 5-a-side"}}',
      ),
    );
    const sent = calls.find((call) => call.url.pathname === '/api/posts');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({
      sport: 'Football',
      heading: 'Evening 5-a-side',
      description: 'Turf booked.',
      tags: ['turf'],
      location: { type: 'Point', coordinates: [73.85, 18.52] },
      locationName: 'Pune',
      eventTime: new Date(toDateTimeLocal(later)).toISOString(),
      playersNeeded: 4,
    });
  });

  it("shows the server's message when creating fails, else 'Failed to create post'", async () => {
    let failure: unknown = { success: false, message: 'Event time must not be earlier than now' };
    mockFetch(({ url }) =>
      url.pathname === '/api/places/autocomplete'
        ? jsonResponse([pune])
        : jsonResponse(failure, { status: 400 }),
    );
    const user = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Event time must not be earlier than now',
    );
    failure = {};
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to create post'),
    );
  });

  it('never saves an approximate place before the host confirms it, and saves it with its city', async () => {
    const colabaBazar = {
      name: 'Colaba Bazar',
      address: 'Colaba Bazar, Mumbai, Maharashtra',
      label: 'Colaba Bazar, Mumbai',
      coordinates: [72.8106, 18.9069],
      approximate: true,
    };
    const calls = mockFetch(({ url, body }) =>
      url.pathname === '/api/places/autocomplete'
        ? jsonResponse([colabaBazar, pune])
        : jsonResponse(createdPost(body), { status: 201 }),
    );
    const user = renderPage();
    await user.selectOptions(screen.getByLabelText('Sport'), 'Football');
    await user.type(screen.getByLabelText('Players needed'), '4');
    await user.type(screen.getByLabelText('Title'), 'Evening 5-a-side');
    await user.type(screen.getByLabelText('Description'), 'Turf booked.');
    await user.type(screen.getByLabelText('Location'), 'Colaba');
    const option = await screen.findByRole('option', { name: /Colaba Bazar/ });
    // The mark is whole text of its own, never cut off with the address.
    expect(option).toHaveTextContent('Approximate area');
    await user.click(option);
    await user.type(
      screen.getByLabelText('Date & time'),
      toDateTimeLocal(new Date(Date.now() + 24 * 3600_000)),
    );
    expect(
      screen.getByRole('group', { name: 'Approximate area: Colaba Bazar, Mumbai' }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByText(/This place is approximate: confirm its area/)).toBeVisible();
    const confirm = screen.getByRole('checkbox', { name: 'Use this approximate area for my game' });
    expect(confirm).toHaveFocus();
    expect(calls.filter((call) => call.url.pathname === '/api/posts')).toHaveLength(0);

    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText(/Post created/)).toBeInTheDocument();
    const sent = calls.find((call) => call.url.pathname === '/api/posts');
    expect(sent?.body).toMatchObject({
      locationName: 'Colaba Bazar, Mumbai',
      location: { type: 'Point', coordinates: [72.8106, 18.9069] },
    });
  });
});
