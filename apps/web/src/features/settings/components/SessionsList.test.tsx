import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionInfo } from '@gameon/shared';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderSignedIn, testUser } from '../../../test/utils';
import { SessionsList } from './SessionsList';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function renderSessions() {
  let sessions: SessionInfo[] = [
    {
      id: 1,
      device: 'Chrome on Windows',
      ip: '203.0.113.5',
      created_at: minutesAgo(600),
      last_seen_at: minutesAgo(0),
      current: true,
      push: false,
    },
    {
      id: 2,
      device: 'Chrome on Android',
      ip: '198.51.100.7',
      created_at: minutesAgo(3000),
      last_seen_at: minutesAgo(180),
      current: false,
      push: true,
    },
    {
      id: 3,
      device: 'Safari on iPhone',
      ip: null,
      created_at: minutesAgo(9000),
      last_seen_at: minutesAgo(3 * 24 * 60),
      current: false,
      push: false,
    },
  ];
  const calls = mockFetch(({ url, method }) => {
    if (url.pathname === '/api/auth/me') return jsonResponse(testUser);
    if (url.pathname === '/api/auth/sessions') return jsonResponse(sessions);
    const one = /^\/api\/auth\/sessions\/(\d+)$/.exec(url.pathname);
    if (one && method === 'DELETE') {
      sessions = sessions.filter((s) => s.id !== Number(one[1]));
      return jsonResponse({ success: true });
    }
    if (url.pathname === '/api/auth/sessions/sign-out-others' && method === 'POST') {
      sessions = sessions.filter((s) => s.current);
      return jsonResponse({ success: true });
    }
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  renderSignedIn(<SessionsList />);
  return { calls, user: userEvent.setup() };
}

describe('SessionsList', () => {
  it('lists the devices with when they were last seen, marking this one', async () => {
    renderSessions();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Chrome on Windows');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('Last seen just now');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('198.51.100.7 · Last seen 3 hours ago');
    expect(items[1]).not.toHaveTextContent('This device');
    expect(items[2]).toHaveTextContent('Last seen 3 days ago');
  });

  it('signs out one other device', async () => {
    const { calls, user } = renderSessions();
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome on Android' }));
    await waitForElementToBeRemoved(() => screen.queryByText('Chrome on Android'));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/auth/sessions/2'),
    ).toBe(true);
  });

  it('signs out everywhere else only after confirming', async () => {
    const { calls, user } = renderSessions();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else' });
    expect(dialog).toHaveTextContent('2 other sessions');
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Sign out everywhere else' }),
    ).not.toBeInTheDocument();
  });
});

describe('SessionsList: web push per device', () => {
  it('marks the sessions whose device gets web push "Push on", and only those', async () => {
    renderSessions();
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Push on');
    expect(items[0]).not.toHaveTextContent('Push on');
    expect(items[2]).not.toHaveTextContent('Push on');
  });
});
