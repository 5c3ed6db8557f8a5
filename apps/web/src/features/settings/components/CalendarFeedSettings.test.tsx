import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderSignedIn, testUser } from '../../../test/utils';
import { CalendarFeedSettings } from './CalendarFeedSettings';

function renderFeed(active: boolean) {
  let made = 0;
  const calls = mockFetch(({ url, method }) => {
    if (url.pathname === '/api/auth/me') return jsonResponse(testUser);
    if (url.pathname === '/api/settings/calendar-feed' && method === 'POST') {
      made += 1;
      return jsonResponse({ url: `http://localhost:3000/api/calendar/secret${made}.ics` });
    }
    if (url.pathname === '/api/settings/calendar-feed') {
      return jsonResponse(
        made > 0 || active
          ? { active: true, created_at: '2026-11-01T10:00:00.000Z' }
          : { active: false, created_at: null },
      );
    }
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  renderSignedIn(<CalendarFeedSettings />);
  return { calls, user: userEvent.setup() };
}

describe('CalendarFeedSettings', () => {
  it('makes a private link, copies it and resets it to a new one', async () => {
    const { calls, user } = renderFeed(false);
    await user.click(await screen.findByRole('button', { name: 'Get link' }));
    const link = await screen.findByRole('textbox', { name: 'Your private calendar link' });
    expect(link).toHaveValue('http://localhost:3000/api/calendar/secret1.ics');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(
      'http://localhost:3000/api/calendar/secret1.ics',
    );
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(
      await screen.findByDisplayValue('http://localhost:3000/api/calendar/secret2.ics'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('offers a reset when a link exists but can no longer be shown', async () => {
    renderFeed(true);
    expect(await screen.findByRole('button', { name: 'Reset link' })).toBeInTheDocument();
    expect(screen.getByText(/shown only once/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
