import type { DirectConversation, DirectMessage } from '@gameon/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openSignedInApp } from '../../../test/app';
import { sockets } from '../../../test/fake-socket';
import { jsonResponse, mockFetch, testUser } from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';

const now = new Date().toISOString();
const asha = { id: 3, username: 'asha' };
const me = { id: testUser.id, username: testUser.username };

function dm(id: number, from: { id: number; username: string }, content: string, is_read = false) {
  return {
    id,
    conversation_id: 9,
    sender_id: from.id,
    recipient_id: from.id === me.id ? asha.id : me.id,
    sender: from,
    content,
    is_read,
    created_at: now,
  } satisfies DirectMessage;
}

const conversations: DirectConversation[] = [
  {
    id: 9,
    other_user_id: asha.id,
    other_user_username: 'asha',
    last_message_content: 'Hi there, are you coming to the match on Sunday morning at Powai?',
    last_message: { created_at: now },
    unread_count: 1,
  },
];
/** Conversations the server lists only from its second answer on (a first message just sent). */
let arrivedLater: DirectConversation[];
let conversationListCalls: number;
let thread: DirectMessage[];
/** Messages before `thread`, served after the cursor 'older' when not empty. */
let earlier: DirectMessage[];
let following: { id: number; username: string; bio: string; profile_picture_url: null }[];
let calls: FetchCall[];

function server(call: FetchCall): Response {
  const path = call.url.pathname;
  if (path === '/api/auth/me') return jsonResponse(testUser);
  if (path === '/api/messages/unread-count') return jsonResponse({ total: 1 });
  if (path === '/api/notifications/unread-count') return jsonResponse({ count: 0 });
  if (path === '/api/notifications') return jsonResponse([]);
  if (path === '/api/messages/conversations') return jsonResponse({ groupChats: [] });
  if (path === '/api/direct-messages/conversations')
    return jsonResponse(
      conversationListCalls++ === 0 ? conversations : [...conversations, ...arrivedLater],
    );
  if (path === '/api/direct-messages/conversation/4')
    return jsonResponse({
      messages: [{ ...dm(7, me, 'Game on?'), conversation_id: 12, recipient_id: 4 }],
      conversationId: 12,
    });
  if (path === '/api/direct-messages/conversation/3') {
    if (call.url.searchParams.get('cursor') === 'older')
      return jsonResponse({ messages: earlier, conversationId: 9 });
    return jsonResponse(
      { messages: thread, conversationId: 9 },
      earlier.length > 0 ? { headers: { 'X-Next-Cursor': 'older' } } : {},
    );
  }
  if (path === '/api/direct-messages/conversation/11')
    return jsonResponse({ messages: [], conversationId: null });
  if (path.startsWith('/api/direct-messages/mark-read/')) return jsonResponse({ success: true });
  if (path === `/api/users/${me.id}/following`) {
    // The server's paging and search over the members one follows: usernames containing q.
    const q = (call.url.searchParams.get('q') ?? '').toLowerCase();
    const from = Number(call.url.searchParams.get('cursor') ?? 0);
    const limit = Number(call.url.searchParams.get('limit'));
    const found = following.filter((p) => p.username.includes(q));
    const page = found.slice(from, from + limit).map((p) => ({ ...p, is_following: true }));
    return jsonResponse(
      page,
      from + limit < found.length ? { headers: { 'X-Next-Cursor': String(from + limit) } } : {},
    );
  }
  return jsonResponse({ message: 'Not found' }, { status: 404 });
}

async function openMessages(entry: string | { pathname: string; state?: unknown } = '/messages') {
  const opened = await openSignedInApp(entry, sockets);
  await screen.findByRole('heading', { name: 'Messages' });
  return opened;
}

beforeEach(() => {
  thread = [dm(1, asha, 'Hi there'), dm(2, me, 'On my way')];
  earlier = [];
  following = [];
  arrivedLater = [];
  conversationListCalls = 0;
  calls = mockFetch(server);
});

describe('Direct messages', () => {
  it('lists direct conversations with a 50-character preview and opens ?conversation=', async () => {
    await openMessages('/messages?conversation=9');
    const section = await screen.findByRole('region', { name: 'Direct messages' });
    expect(within(section).getByText('asha')).toBeInTheDocument();
    expect(
      within(section).getByText(conversations[0]?.last_message_content?.slice(0, 50) ?? '', {
        exact: false,
      }),
    ).toBeInTheDocument();
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('Hi there')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/direct-messages/mark-read/9')).toBe(true),
    );
  });

  it('opens a conversation chosen by id that the first list did not hold yet', async () => {
    arrivedLater = [
      {
        id: 12,
        other_user_id: 4,
        other_user_username: 'ravi',
        last_message_content: 'Game on?',
        last_message: { created_at: now },
        unread_count: 0,
      },
    ];
    await openMessages('/messages?conversation=12');
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('Game on?')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ravi' })).toBeInTheDocument();
  });

  it('says a conversation chosen by id is not found when the list never holds it', async () => {
    await openMessages('/messages?conversation=77');
    expect(await screen.findByText('Conversation not found')).toBeInTheDocument();
    expect(screen.queryByRole('log')).toBeNull();
  });

  it('goes back to the list from a conversation that is not found', async () => {
    const { user } = await openMessages('/messages?conversation=77');
    await screen.findByText('Conversation not found');
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(await screen.findByText('Pick a conversation')).toBeInTheDocument();
    expect(screen.queryByText('Conversation not found')).toBeNull();
  });

  it('reads messages fetched when catching up after a reconnect', async () => {
    thread = [dm(1, asha, 'Hi there', true)];
    const { socket } = await openMessages({
      pathname: '/messages',
      state: { activeChat: { type: 'direct', id: 9 } },
    });
    const log = await screen.findByRole('log');
    await within(log).findByText('Hi there');
    thread = [...thread, dm(3, asha, 'Sent while you were away')];
    calls.length = 0;
    act(() => socket.serverEmit('connect'));
    expect(await within(log).findByText('Sent while you were away')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/direct-messages/mark-read/9')).toBe(true),
    );
  });

  it('loads earlier messages above the newest page', async () => {
    earlier = [dm(-1, asha, 'Are you free this week?', true)];
    const { user } = await openMessages({
      pathname: '/messages',
      state: { activeChat: { type: 'direct', id: 9 } },
    });
    const log = await screen.findByRole('log');
    await within(log).findByText('Hi there');
    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    await within(log).findByText('Are you free this week?');
    const texts = within(log)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts.findIndex((t) => t.includes('Are you free this week?'))).toBeLessThan(
      texts.findIndex((t) => t.includes('Hi there')),
    );
    expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('shows one tick until messagesRead, then two', async () => {
    const { socket } = await openMessages({
      pathname: '/messages',
      state: { activeChat: { type: 'direct', id: 9 } },
    });
    const log = await screen.findByRole('log');
    await within(log).findByText(/On my way/);
    expect(within(log).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    act(() =>
      socket.serverEmit('messagesRead', { conversationId: 9, readerId: 3, lastReadMessageId: 2 }),
    );
    expect(await within(log).findByRole('img', { name: 'Read' })).toBeInTheDocument();
    expect(within(log).queryByRole('img', { name: 'Sent' })).not.toBeInTheDocument();
  });

  it('shows the typing indicator and emits directTyping while typing', async () => {
    const { socket, user } = await openMessages({
      pathname: '/messages',
      state: { activeChat: { type: 'direct', id: 9 } },
    });
    await within(await screen.findByRole('log')).findByText('Hi there');
    act(() => socket.serverEmit('userDirectTyping', { userId: 3, isTyping: true }));
    expect(await screen.findByText('asha is typing…')).toBeInTheDocument();
    act(() => socket.serverEmit('userDirectTyping', { userId: 3, isTyping: false }));
    await waitFor(() => expect(screen.queryByText('asha is typing…')).not.toBeInTheDocument());

    socket.ackWith = (event) =>
      event === 'sendDirectMessage'
        ? { success: false, message: 'asha only accepts messages from friends' }
        : { success: true };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hey');
    expect(socket.emitted).toContainEqual({
      event: 'directTyping',
      args: [{ recipientId: 3, isTyping: true }],
    });
    await user.keyboard('{Enter}');
    expect(socket.emitted).toContainEqual({
      event: 'directTyping',
      args: [{ recipientId: 3, isTyping: false }],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'asha only accepts messages from friends',
    );
  });

  it('says when the member follows nobody in the new-message modal', async () => {
    const { user } = await openMessages();
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    expect(await screen.findByText('You are not following anyone yet')).toBeInTheDocument();
  });

  it('starts a conversation from navigation state', async () => {
    await openMessages({
      pathname: '/messages',
      state: { startConversation: { userId: 11, username: 'kabir' } },
    });
    expect(await screen.findByRole('heading', { name: 'kabir' })).toBeInTheDocument();
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeInTheDocument();
  });
});

describe('New message: the people one follows, paged and searched', () => {
  beforeEach(() => {
    following = Array.from({ length: 25 }, (_, i) => ({
      id: 100 + i,
      username: i === 24 ? 'zoravar' : `player${i}`,
      bio: '',
      profile_picture_url: null,
    }));
  });

  it('shows a page, loads the rest with Load more', async () => {
    const { user } = await openMessages();
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    expect(await within(dialog).findByRole('button', { name: 'player0' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'zoravar' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByRole('button', { name: 'zoravar' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(25);
  });

  it('searches the server for someone beyond the loaded page, and says when no one matches', async () => {
    const { user } = await openMessages();
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await within(dialog).findByRole('button', { name: 'player0' });
    await user.type(within(dialog).getByLabelText('Search people you follow'), 'zora');
    expect(await within(dialog).findByRole('button', { name: 'zoravar' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'player0' })).not.toBeInTheDocument();
    expect(
      calls.some(
        (c) =>
          c.url.pathname === `/api/users/${me.id}/following` &&
          c.url.searchParams.get('q') === 'zora',
      ),
    ).toBe(true);
    await user.clear(within(dialog).getByLabelText('Search people you follow'));
    await user.type(within(dialog).getByLabelText('Search people you follow'), 'nobody');
    expect(
      await within(dialog).findByText('No one you follow matches “nobody”'),
    ).toBeInTheDocument();
  });
});
