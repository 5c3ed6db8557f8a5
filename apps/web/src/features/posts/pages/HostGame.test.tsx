/**
 * The host runs their game from its page: "Open chat" whenever the game has a chat, editing it
 * (only what changed is sent; players needed never below the joined count), removing a player
 * (asked first), deleting it (the spec's confirm and texts); and a member's leave, asked first,
 * and the read-only chat of a game they left.
 */
import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { GroupChatSummary, Post } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toDateTimeLocal } from '../../../lib/format';
import { renderApp } from '../../../test/app';
import { jsonResponse, mockFetch, testPost, testProfile, testUser } from '../../../test/utils';

const names: Record<number, string> = { 11: 'asha', 12: 'vikram' };

/** The profile of member `id`, by the name the game shows. */
const profile = (id: number) => testProfile(id, { username: names[id] ?? `user${id}` });

const hosted = testPost(42, {
  interested_users: [{ user_id: 11 }, { user_id: 12 }],
  is_full: true,
});

const chat = (overrides: Partial<GroupChatSummary> = {}): GroupChatSummary => ({
  id: 7,
  name: 'Cricket - Box cricket at Powai',
  post_id: 42,
  members: [{ id: testUser.id, username: testUser.username }],
  last_message: null,
  unread_count: 0,
  ...overrides,
});

function renderGame(
  post: Post,
  { chats = [] as GroupChatSummary[], path = '/posts/42', write = jsonResponse(post) } = {},
) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  const calls = mockFetch(({ url, method }) => {
    const member = /^\/api\/users\/(\d+)$/.exec(url.pathname);
    if (member) return jsonResponse(profile(Number(member[1])));
    if (method !== 'GET') return write.clone();
    switch (url.pathname) {
      case '/api/auth/me':
        return jsonResponse(testUser);
      case '/api/messages/unread-count':
        return jsonResponse({ total: 0 });
      case '/api/messages/conversations':
        return jsonResponse({ groupChats: chats });
      case '/api/messages/group/7':
        return jsonResponse([]);
      case '/api/posts/42':
        return jsonResponse(post);
      case '/api/posts/my-posts':
      case '/api/posts/joined':
        return jsonResponse([]);
      default:
        return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
    }
  });
  const router = renderApp(path);
  return { calls, router, user: userEvent.setup() };
}

const writes = (calls: ReturnType<typeof mockFetch>) => calls.filter((c) => c.method !== 'GET');

describe('the host on their game page', () => {
  it('keeps "Open chat" when the last player has left: the game still has its chat', async () => {
    renderGame({ ...hosted, interested_users: [], is_full: false }, { chats: [chat()] });
    expect(await screen.findByRole('link', { name: 'Open chat' })).toHaveAttribute(
      'href',
      '/messages?post=42',
    );
  });

  it('edits the time: only the time is sent, and the players are told', async () => {
    const { calls, user } = renderGame(hosted);
    await user.click(await screen.findByRole('button', { name: 'Edit game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit game' });
    expect(within(dialog).getByText('Cricket')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Sport' })).not.toBeInTheDocument();
    const time = within(dialog).getByLabelText('Date & time');
    const later = new Date('2099-03-03T12:00:00.000Z');
    await user.clear(time);
    await user.type(time, toDateTimeLocal(later));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PATCH',
      body: { eventTime: later.toISOString() },
    });
    expect(writes(calls)[0]?.url.pathname).toBe('/api/posts/42');
    expect(await screen.findByText('Game updated. Your players have been told.')).toBeVisible();
  });

  it('refuses fewer players needed than have joined, without asking the server', async () => {
    const { calls, user } = renderGame(hosted);
    await user.click(await screen.findByRole('button', { name: 'Edit game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit game' });
    const players = within(dialog).getByLabelText('Players needed');
    await user.clear(players);
    await user.type(players, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('2 players have joined: enter 2 to 20')).toBeVisible();
    expect(players).toHaveFocus();
    expect(writes(calls)).toEqual([]);
  });

  it('removes a player after asking', async () => {
    const { calls, user } = renderGame(hosted, { write: jsonResponse({ success: true }) });
    const list = await screen.findByRole('region', { name: 'Players (2)' });
    await within(list).findByRole('link', { name: 'asha' });
    await user.click(within(list).getByRole('button', { name: 'Remove asha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove player' });
    expect(within(dialog).getByText('asha')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.method).toBe('DELETE');
    expect(writes(calls)[0]?.url.pathname).toBe('/api/posts/42/players/11');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove player' })).not.toBeInTheDocument(),
    );
  });

  it("deletes the game from its page with the spec's confirm, landing on My Posts", async () => {
    const { calls, router, user } = renderGame(hosted, {
      write: jsonResponse({ success: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete post' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this post?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/past-posts'));
    expect(writes(calls)[0]).toMatchObject({ method: 'DELETE' });
    expect(writes(calls)[0]?.url.pathname).toBe('/api/posts/42');
    expect(await screen.findByText('Post deleted successfully!')).toBeVisible();
  });

  it('offers no edit, remove or delete once the game has started', async () => {
    renderGame({ ...hosted, event_time: '2020-01-01T10:00:00.000Z' });
    await screen.findByRole('heading', { level: 1, name: 'Box cricket at Powai' });
    expect(screen.queryByRole('button', { name: 'Edit game' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete game' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});

describe('a player', () => {
  const joined: Post = {
    ...hosted,
    author_id: 3,
    author: { id: 3, username: 'rahul' },
    interested_users: [{ user_id: testUser.id }],
    is_full: false,
  };

  it('leaves only after confirming; "Stay" keeps them in', async () => {
    const { calls, user } = renderGame(joined, { write: jsonResponse({ success: true }) });
    await user.click(await screen.findByRole('button', { name: 'Leave game' }));
    let dialog = await screen.findByRole('dialog', { name: 'Leave game' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(writes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Leave game' }));
    dialog = await screen.findByRole('dialog', { name: 'Leave game' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.method).toBe('DELETE');
    expect(writes(calls)[0]?.url.pathname).toBe('/api/posts/42/interest');
  });

  it('reads the chat of a game they left, with no composer', async () => {
    renderGame(joined, { chats: [chat({ has_left: true })], path: '/messages?post=42' });
    expect(
      await screen.findByText('You are no longer in this game: this chat is read-only'),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /message/i })).not.toBeInTheDocument();
  });
});
