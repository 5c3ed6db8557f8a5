import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { SportsEvent } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/app';
import { testEvent, testRegistration } from '../../../test/events';
import { jsonResponse, mockFetch, testUser } from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';

afterEach(() => Reflect.deleteProperty(navigator, 'geolocation'));

interface ServerOptions {
  /** The events of `GET /events` (one page). */
  events?: SportsEvent[];
  /** Signed in as priya (id 7) with a stored token. */
  signedIn?: boolean;
}

/** The app at `path` against a server with `events`; returns the calls made. */
function openEvents(path: string, { events = [testEvent()], signedIn = false }: ServerOptions) {
  if (signedIn) localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  const calls = mockFetch(({ url, method }) => {
    const path = url.pathname;
    if (method === 'DELETE') return jsonResponse({ success: true });
    if (path === '/api/auth/me') return jsonResponse(testUser);
    if (path === '/api/auth/login')
      return jsonResponse({ token: 'good', user: testUser }, { status: 200 });
    if (path === '/api/messages/unread-count') return jsonResponse({ total: 0 });
    if (path === '/api/events') return jsonResponse(events);
    if (path === '/api/events/11') return jsonResponse(events[0]);
    if (path === '/api/events/11/registrations') return jsonResponse([testRegistration]);
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  const router = renderApp(path);
  return { calls, router, user: userEvent.setup() };
}

function eventsQueries(calls: FetchCall[]): URLSearchParams[] {
  return calls
    .filter((call) => call.url.pathname === '/api/events' && call.method === 'GET')
    .map((call) => call.url.searchParams);
}

describe('EventsPage (spec part 2 §2 "Events")', () => {
  it("shows a visitor the events with the card's facts, in the public frame", async () => {
    const getCurrentPosition = vi.fn();
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition },
      configurable: true,
    });
    openEvents('/events', {});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sports Events' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Koramangala 5-a-side Cup' });
    for (const text of [
      'Football',
      'Upcoming',
      '₹50 per person',
      '₹1,500 prize pool',
      'Intermediate',
      'Equipment provided',
      '3 of 16 places left',
      'Koramangala, Bengaluru',
      'rahul',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      '/api/events/11/calendar.ics',
    );
    // The position is asked only when the viewer presses "Use my position".
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('labels cards Today, Tomorrow, This Week and Upcoming in local time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = new Date(2026, 6, 15, 9, 0);
    vi.setSystemTime(now);
    const at = (day: number, hour: number) => new Date(2026, 6, day, hour).toISOString();
    const events = [
      { id: 1, title: 'Evening sprint', event_date: at(15, 19), end_date: at(15, 21) },
      { id: 2, title: 'Morning doubles', event_date: at(16, 7), end_date: at(16, 9) },
      { id: 3, title: 'Weekend league', event_date: at(19, 10), end_date: at(19, 18) },
      { id: 4, title: 'Monsoon cup', event_date: at(30, 10), end_date: at(30, 18) },
    ].map((fields) => testEvent({ ...fields, registration_deadline: fields.event_date }, now));
    openEvents('/events', { events });
    for (const [title, label] of [
      ['Evening sprint', 'Today'],
      ['Morning doubles', 'Tomorrow'],
      ['Weekend league', 'This Week'],
      ['Monsoon cup', 'Upcoming'],
    ] as const) {
      const card = await screen.findByRole('article', { name: title });
      expect(within(card).getByText(label)).toBeInTheDocument();
    }
  });

  it('sends the filters as the GET /events query', async () => {
    const { calls, user } = openEvents('/events', {});
    await screen.findByRole('article', { name: 'Koramangala 5-a-side Cup' });
    const [first] = eventsQueries(calls);
    expect([...(first?.keys() ?? [])]).toEqual(['limit']);

    await user.selectOptions(screen.getByLabelText('Sport'), 'Rocket League');
    await user.selectOptions(screen.getByLabelText('Skill level'), 'advanced');
    await user.type(screen.getByLabelText('Date'), '2026-07-19');
    await user.type(screen.getByLabelText('Max cost (₹)'), '100');
    await user.selectOptions(screen.getByLabelText('Equipment'), 'Provided');
    await waitFor(() => {
      const last = eventsQueries(calls).at(-1);
      expect(Object.fromEntries(last ?? [])).toEqual({
        sport: 'Rocket League',
        skill_level: 'advanced',
        date: '2026-07-19',
        tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
        max_cost: '100',
        equipment_provided: 'true',
        limit: '20',
      });
    });
  });

  it('filters by distance once the viewer shares their position', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (success: PositionCallback) =>
          success({
            coords: { latitude: 12.97, longitude: 77.59 },
            timestamp: Date.now(),
          } as GeolocationPosition),
      },
      configurable: true,
    });
    const { calls, user } = openEvents('/events', {});
    await screen.findByRole('article', { name: 'Koramangala 5-a-side Cup' });
    expect(screen.queryByLabelText('Distance')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    await waitFor(() => {
      const last = eventsQueries(calls).at(-1);
      expect(last?.get('lat')).toBe('12.97');
      expect(last?.get('lng')).toBe('77.59');
      expect(last?.get('radius')).toBe('25000');
    });
    await user.selectOptions(screen.getByLabelText('Distance'), 'Any distance');
    await waitFor(() => expect(eventsQueries(calls).at(-1)?.has('radius')).toBe(false));
    expect(eventsQueries(calls).at(-1)?.get('lat')).toBe('12.97');
  });

  it("takes a visitor's Register through sign-in to the event's registration form", async () => {
    const { router, user } = openEvents('/events', {});
    const card = await screen.findByRole('article', { name: 'Koramangala 5-a-side Cup' });
    await user.click(within(card).getByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Event Registration' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events/register');
    expect(router.state.location.search).toBe('?event=11');
  });

  it('offers a member Register and, once registered, Cancel registration', async () => {
    const { user, calls } = openEvents('/events', {
      signedIn: true,
      events: [
        testEvent(),
        testEvent({ id: 12, title: 'Sunday smash', is_registered: true, registration_id: 31 }),
      ],
    });
    const open = await screen.findByRole('article', { name: 'Koramangala 5-a-side Cup' });
    expect(within(open).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/events/register?event=11',
    );
    const mine = screen.getByRole('article', { name: 'Sunday smash' });
    expect(within(mine).getByText('Registered')).toBeInTheDocument();
    expect(within(mine).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Cancel registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel registration' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel registration' })).not.toBeInTheDocument(),
    );
    const cancel = calls.find((call) => call.method === 'DELETE');
    expect(cancel?.url.pathname).toBe('/api/event-registrations/31');
  });

  it('says Full instead of Register on a full event', async () => {
    openEvents('/events', { events: [testEvent({ current_participants: 16 })] });
    const card = await screen.findByRole('article', { name: 'Koramangala 5-a-side Cup' });
    expect(within(card).getAllByText('Full')).not.toHaveLength(0);
    expect(within(card).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows the organizer the registered teams and cancels the event after asking', async () => {
    const { user, calls } = openEvents('/events', {
      signedIn: true,
      events: [testEvent({ organizer: { id: 7, username: 'priya' } })],
    });
    const card = await screen.findByRole('article', { name: 'Koramangala 5-a-side Cup' });
    expect(within(card).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Manage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage event' });
    const teams = await within(dialog).findByRole('list', { name: 'Registered teams' });
    for (const text of ['Indiranagar Strikers', 'Asha Rao', '+91 9876543210', 'asha@example.com']) {
      expect(within(teams).getByText(text)).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Cancel event' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel event' });
    expect(
      within(confirm).getByText(/Are you sure you want to cancel this event/),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe('/api/events/11');
  });

  it('loads the next page with the cursor of X-Next-Cursor', async () => {
    const calls = mockFetch(({ url }) =>
      url.searchParams.get('cursor') === 'c2'
        ? jsonResponse([testEvent({ id: 12, title: 'Sunday smash' })])
        : jsonResponse([testEvent()], { headers: { 'X-Next-Cursor': 'c2' } }),
    );
    renderApp('/events');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Koramangala 5-a-side Cup' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Sunday smash' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Koramangala 5-a-side Cup' })).toBeInTheDocument();
    expect(eventsQueries(calls).at(-1)?.get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers a member Create Event when no event matches', async () => {
    openEvents('/events', { signedIn: true, events: [] });
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    const empty = screen.getByText('No events found').parentElement as HTMLElement;
    expect(within(empty).getByRole('link', { name: 'Create Event' })).toHaveAttribute(
      'href',
      '/create-event',
    );
  });

  it('asks a visitor to sign in when no event matches', async () => {
    openEvents('/events', { events: [] });
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.getByText('Sign in to create an event of your own.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Event' })).not.toBeInTheDocument();
  });
});
