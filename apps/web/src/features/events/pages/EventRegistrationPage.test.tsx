import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testEvent, testRegistration } from '../../../test/events';
import {
  LocationProbe,
  jsonResponse,
  mockFetch,
  renderSignedIn,
  testUser,
} from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';
import { EventRegistrationPage } from './EventRegistrationPage';

type Answer = (call: FetchCall) => Response | Promise<Response>;

/** The page at `route` for priya; `register` answers `POST /event-registrations`. */
function renderPage(route: string, register: Answer = () => jsonResponse({}, { status: 500 })) {
  const calls = mockFetch((call) => {
    switch (call.url.pathname) {
      case '/api/auth/me':
        return jsonResponse(testUser);
      case '/api/events/11':
        return jsonResponse(testEvent());
      case '/api/event-registrations':
        return register(call);
      default:
        return jsonResponse({ success: false, message: 'Event not found' }, { status: 404 });
    }
  });
  renderSignedIn(<EventRegistrationPage />, {
    route,
    path: '/events/register',
    extraRoutes: <Route path="/events" element={<LocationProbe />} />,
  });
  return { calls, user: userEvent.setup() };
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full Name'), 'Priya Nair');
  await user.type(screen.getByLabelText('Phone'), '9876543210');
  await user.type(screen.getByLabelText(/^Team name/), 'Powai Panthers');
  await user.type(screen.getByLabelText(/^Additional info/), 'Two substitutes');
}

const registered = (call: FetchCall) =>
  jsonResponse(
    { success: true, registration: { ...testRegistration, ...(call.body as object) } },
    { status: 201 },
  );

describe('EventRegistrationPage (spec part 2 §2, §3, §5, §8)', () => {
  it('says "No event selected" without an event', async () => {
    renderPage('/events/register');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No event selected' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/events');
  });

  it('says "No event selected" for an unknown event', async () => {
    renderPage('/events/register?event=99');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No event selected' }),
    ).toBeInTheDocument();
  });

  it("offers no form for the member's own event", async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/auth/me'
        ? jsonResponse(testUser)
        : jsonResponse(testEvent({ organizer: { id: 7, username: 'priya' } })),
    );
    renderSignedIn(<EventRegistrationPage />, {
      route: '/events/register?event=11',
      path: '/events/register',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This is your event' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
  });

  it("shows the event's title, the account's e-mail read-only and +91 first", async () => {
    renderPage('/events/register?event=11');
    expect(await screen.findByText('Koramangala 5-a-side Cup')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('priya@example.com');
    expect(email).toHaveAttribute('readonly');
    const code = screen.getByLabelText('Code');
    expect(code).toHaveValue('+91');
    expect(Array.from(code.querySelectorAll('option'), (option) => option.textContent)).toEqual([
      '+91',
      '+1',
      '+44',
      '+61',
      '+81',
    ]);
  });

  it('wants a full name and a phone of exactly 10 digits', async () => {
    const { calls, user } = renderPage('/events/register?event=11');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be exactly 10 digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveFocus();

    const phone = screen.getByLabelText('Phone');
    await user.type(phone, '98-76x5 4321099');
    expect(phone).toHaveValue('9876543210');
    await user.clear(phone);
    await user.type(phone, '987654321');
    await user.type(screen.getByLabelText('Full Name'), 'Priya Nair');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Phone number must be exactly 10 digits')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it.each(['+91 98765 43210', '098765 43210', '98765 43210'])(
    'cleans the phone %j, typed or pasted, to 9876543210',
    async (typed) => {
      const { user } = renderPage('/events/register?event=11');
      const phone = await screen.findByLabelText('Phone');
      await user.type(phone, typed);
      expect(phone).toHaveValue('9876543210');
      await user.clear(phone);
      await user.click(phone);
      await user.paste(typed);
      expect(phone).toHaveValue('9876543210');
    },
  );

  it("registers with the account's e-mail, no additional info, then offers Back to Events", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls, user } = renderPage(
      '/events/register?event=11',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Code'), '+44');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const pending = await screen.findByRole('button', { name: 'Registering...' });
    expect(pending).toBeDisabled();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.url.pathname).toBe('/api/event-registrations');
    expect(sent?.body).toEqual({
      event_title: 'Koramangala 5-a-side Cup',
      event_id: 11,
      name: 'Priya Nair',
      email: 'priya@example.com',
      phone: '9876543210',
      country_code: '+44',
      team_name: 'Powai Panthers',
    });

    answer(registered(sent as FetchCall));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registration successful!' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Events' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/events'));
  });

  it('sends no team name as null', async () => {
    const { calls, user } = renderPage('/events/register?event=11', registered);
    await user.type(await screen.findByLabelText('Full Name'), 'Priya Nair');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Registration successful!' });
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      team_name: null,
      country_code: '+91',
    });
  });

  it('says "Registration failed. Please try again." when the server fails', async () => {
    const { user } = renderPage('/events/register?event=11');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it("shows the server's reason for a 409 (full, closed, already registered)", async () => {
    const { user } = renderPage('/events/register?event=11', () =>
      jsonResponse({ success: false, message: 'This event is full' }, { status: 409 }),
    );
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This event is full');
  });
});
