import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toDateTimeLocal } from '../../../lib/format';
import { testEvent } from '../../../test/events';
import { LocationProbe, jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';
import { CreateEventPage } from './CreateEventPage';

const bengaluru = {
  name: 'Koramangala, Bengaluru',
  address: 'Koramangala, Bengaluru, Karnataka, India',
  coordinates: [77.62, 12.93],
};

function renderPage(create: (call: FetchCall) => Response) {
  const calls = mockFetch((call) =>
    call.url.pathname === '/api/places/autocomplete' ? jsonResponse([bengaluru]) : create(call),
  );
  renderWithProviders(<CreateEventPage />, {
    route: '/create-event',
    path: '/create-event',
    extraRoutes: <Route path="/events" element={<LocationProbe />} />,
  });
  return { calls, user: userEvent.setup() };
}

/** Puts `text` into the field labelled `label` at once (a paste: one change, as fast as can be). */
async function fill(
  user: ReturnType<typeof userEvent.setup>,
  label: string | RegExp,
  text: string,
) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/** Local `datetime-local` text `days` from now at `hour`:00. */
function inDays(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 24 * 3600_000);
  date.setHours(hour, 0, 0, 0);
  return toDateTimeLocal(date);
}

describe('CreateEventPage', () => {
  it('names every missing field and sends nothing', async () => {
    const { calls, user } = renderPage(() => jsonResponse({}));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    for (const message of [
      'Title is required',
      'Description is required',
      'Please select a sport or game',
      'Please select a skill level: beginner, intermediate or advanced',
      'Start date and time is required',
      'End date and time is required',
      'Maximum participants must be a whole number from 1 to 1000',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('creates the event and goes to /events', async () => {
    const { calls, user } = renderPage(() => jsonResponse(testEvent(), { status: 201 }));
    await fill(user, 'Title', 'Koramangala 5-a-side Cup');
    await fill(user, 'Description', 'Knockout.');
    await user.selectOptions(screen.getByLabelText('Sport'), 'Football');
    await user.selectOptions(screen.getByLabelText('Skill level'), 'intermediate');
    await user.type(screen.getByLabelText(/^Location/), 'Kora');
    await user.click(await screen.findByRole('option', { name: /Koramangala/ }));
    await user.type(screen.getByLabelText('Starts'), inDays(10, 10));
    await user.type(screen.getByLabelText('Ends'), inDays(10, 18));
    await fill(user, 'Maximum teams', '16');
    await fill(user, 'Cost per person (₹)', '50');
    await fill(user, 'Prize pool (₹)', '1500');
    await user.click(screen.getByLabelText('Equipment provided'));
    await user.type(screen.getByLabelText(/^Registration deadline/), inDays(9, 23));
    await user.type(screen.getByLabelText(/^Tags/), 'turf ');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/events'));
    const sent = calls.find((call) => call.url.pathname === '/api/events');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({
      title: 'Koramangala 5-a-side Cup',
      description: 'Knockout.',
      sport: 'Football',
      location: { type: 'Point', coordinates: [77.62, 12.93] },
      locationName: 'Koramangala, Bengaluru',
      eventDate: new Date(inDays(10, 10)).toISOString(),
      endDate: new Date(inDays(10, 18)).toISOString(),
      maxParticipants: 16,
      skillLevel: 'intermediate',
      equipmentProvided: true,
      cost: 50,
      prize: 1500,
      registrationDeadline: new Date(inDays(9, 23)).toISOString(),
      paymentDeadline: null,
      tags: ['turf'],
    });
  });

  it("shows the server's message when creating fails", async () => {
    const { user } = renderPage(() =>
      jsonResponse(
        { success: false, message: 'Start date must be in the future' },
        { status: 400 },
      ),
    );
    await fill(user, 'Title', 'Online cup');
    await fill(user, 'Description', 'Best of three.');
    await user.selectOptions(screen.getByLabelText('Sport'), 'Rocket League');
    await user.selectOptions(screen.getByLabelText('Skill level'), 'advanced');
    await user.type(screen.getByLabelText('Starts'), inDays(3, 20));
    await user.type(screen.getByLabelText('Ends'), inDays(3, 23));
    await fill(user, 'Maximum teams', '8');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Start date must be in the future');
  });
});
