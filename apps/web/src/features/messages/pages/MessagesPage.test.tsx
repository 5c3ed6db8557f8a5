import type { DirectConversation, GroupChatSummary, GroupMessage } from '@gameon/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openSignedInApp } from '../../../test/app';
import { sockets } from '../../../test/fake-socket';
import { jsonResponse, mockFetch, testUser } from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';

const now = new Date().toISOString();
const rahul = { id: 3, username: 'rahul' };
const me = { id: testUser.id, username: testUser.username };

const chats: GroupChatSummary[] = [
  {
    id: 5,
    name: 'Cricket: Box cricket at Powai',
    post_id: 1,
    members: [rahul, me],
    last_message: { content: 'See you at 7', created_at: now },
    unread_count: 0,
  },
  {
    id: 6,
    name: 'BGMI: Erangel scrims',
    post_id: 2,
    members: [me],
    last_message: null,
    unread_count: 2,
  },
  {
    id: 7,
    name: 'Football - Sunday 5-a-side',
    post_id: null,
    members: [me],
    last_message: { content: 'This game was cancelled', created_at: now },
    unread_count: 0,
    is_cancelled: true,
  },
];

function message(id: number, sender: { id: number; username: string }, content: string) {
  return {
    id,
    group_chat_id: 5,
    sender_id: sender.id,
    sender,
    content,
    created_at: now,
  } satisfies GroupMessage;
}

const cricketFan: DirectConversation = {
  id: 9,
  other_user_id: 4,
  other_user_username: 'cricketfan',
  last_message_content: 'Nets at 6?',
  last_message: { created_at: now },
  unread_count: 0,
};

let thread: GroupMessage[];
let directs: DirectConversation[];
let calls: FetchCall[];

function server(call: FetchCall): Response {
  const path = call.url.pathname;
  if (path === '/api/auth/me') return jsonResponse(testUser);
  if (path === '/api/messages/unread-count') return jsonResponse({ total: 2 });
  if (path === '/api/messages/conversations') return jsonResponse({ groupChats: chats });
  if (path === '/api/direct-messages/conversations') return jsonResponse(directs);
  if (path === '/api/notifications') return jsonResponse([]);
  if (path === '/api/notifications/unread-count') return jsonResponse({ count: 0 });
  if (path === '/api/messages/group/5') return jsonResponse(thread);
  if (path === '/api/messages/group/6') return jsonResponse([]);
  if (path === '/api/messages/group/7')
    return jsonResponse([
      {
        id: 30,
        group_chat_id: 7,
        sender_id: null,
        sender: { id: 0, username: 'GameOn' },
        content: 'This game was cancelled',
        created_at: now,
        system: true,
      } satisfies GroupMessage,
    ]);
  if (path.endsWith('/mark-read')) return jsonResponse({ success: true });
  return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
}

async function openMessages(state?: unknown) {
  const opened = await openSignedInApp({ pathname: '/messages', state }, sockets);
  await screen.findByRole('heading', { name: 'Messages' });
  return opened;
}

beforeEach(() => {
  thread = [message(1, rahul, 'See you at 7'), message(2, me, 'I am in')];
  directs = [];
  calls = mockFetch((call) => server(call));
});

describe('MessagesPage', () => {
  it('lists group chats with preview and unread badge, not filtered by the search box', async () => {
    const { user } = await openMessages();
    const list = await screen.findByRole('region', { name: 'Group chats' });
    expect(within(list).getByText('Cricket: Box cricket at Powai')).toBeInTheDocument();
    expect(within(list).getByText('See you at 7')).toBeInTheDocument();
    expect(within(list).getByText('BGMI: Erangel scrims').closest('button')).toHaveTextContent(
      '2 unread',
    );
    await user.type(screen.getByLabelText('Search conversations'), 'bgmi');
    expect(screen.getByRole('option', { name: /BGMI: Erangel scrims/ })).toBeInTheDocument();
    expect(within(list).getByText('Cricket: Box cricket at Powai')).toBeInTheDocument();
  });

  it('shows no search dropdown at 2 characters', async () => {
    const { user } = await openMessages();
    await screen.findByRole('region', { name: 'Group chats' });
    const box = screen.getByRole('combobox', { name: 'Search conversations' });
    await user.type(box, 'bg');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('lists matching direct conversations and group chats from 3 characters', async () => {
    directs = [cricketFan];
    const { user } = await openMessages();
    await screen.findByRole('region', { name: 'Direct messages' });
    await user.type(screen.getByRole('combobox', { name: 'Search conversations' }), 'ICK');
    const options = within(screen.getByRole('listbox', { name: 'Matching conversations' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'cricketfanDirect message',
      'Cricket: Box cricket at PowaiGroup chat',
    ]);
  });

  it('opens the conversation picked with the keyboard and clears the box', async () => {
    const { user } = await openMessages();
    await screen.findByRole('region', { name: 'Group chats' });
    const box = screen.getByRole('combobox', { name: 'Search conversations' });
    await user.type(box, 'scrims{ArrowDown}');
    expect(screen.getByRole('option', { name: /BGMI: Erangel scrims/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'BGMI: Erangel scrims' }),
    ).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says when no conversation matches the search', async () => {
    const { user } = await openMessages();
    await screen.findByRole('region', { name: 'Group chats' });
    await user.type(screen.getByRole('combobox', { name: 'Search conversations' }), 'tennis');
    expect(screen.getByRole('status')).toHaveTextContent('No conversations found');
  });

  it('opens the chat named in navigation state, joins its room and shows its messages', async () => {
    const { socket } = await openMessages({ activeChat: { type: 'group', id: 5 } });
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('See you at 7')).toBeInTheDocument();
    expect(within(log).getByText('rahul')).toBeInTheDocument();
    expect(within(log).getByText(/I am in/)).toHaveTextContent('You: I am in');
    expect(socket.emitted).toContainEqual({ event: 'join', args: [testUser.id] });
    expect(socket.emitted).toContainEqual({ event: 'joinGroupChat', args: [5] });
  });

  it('shows the empty-thread text', async () => {
    const { user } = await openMessages();
    await user.click(await screen.findByRole('button', { name: /BGMI: Erangel scrims/ }));
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeInTheDocument();
  });

  it('sends with Enter through the socket, ignores blank text and shows live messages once', async () => {
    const { socket, user } = await openMessages({ activeChat: { type: 'group', id: 5 } });
    const log = await screen.findByRole('log');
    await within(log).findByText('See you at 7');
    socket.ackWith = (event, args) =>
      event === 'sendGroupMessage'
        ? { success: true, message: message(10, me, (args[0] as { content: string }).content) }
        : { success: true };

    const input = screen.getByLabelText('Message');
    await user.type(input, '   {Enter}');
    expect(socket.emitted.some((entry) => entry.event === 'sendGroupMessage')).toBe(false);

    await user.clear(input);
    await user.type(input, 'Bringing the ball{Enter}');
    expect(await within(log).findByText(/Bringing the ball/)).toBeInTheDocument();
    expect(socket.emitted).toContainEqual({
      event: 'sendGroupMessage',
      args: [{ groupChat: 5, content: 'Bringing the ball' }],
    });
    expect(input).toHaveValue('');

    // The server echoes the sender's own message and delivers one from someone else.
    act(() => socket.serverEmit('newGroupMessage', message(10, me, 'Bringing the ball')));
    act(() => socket.serverEmit('newGroupMessage', message(11, rahul, 'Great, see you')));
    expect(await within(log).findByText('Great, see you')).toBeInTheDocument();
    expect(within(log).getAllByText(/Bringing the ball/)).toHaveLength(1);
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/messages/group/5/mark-read')).toBe(
        true,
      ),
    );
  });

  it('shows who is typing in a group chat and emits groupTyping', async () => {
    const { socket, user } = await openMessages({ activeChat: { type: 'group', id: 5 } });
    await within(await screen.findByRole('log')).findByText('See you at 7');
    act(() => socket.serverEmit('userGroupTyping', { groupChatId: 5, userId: 3, isTyping: true }));
    expect(await screen.findByText('rahul is typing…')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'a');
    expect(socket.emitted).toContainEqual({
      event: 'groupTyping',
      args: [{ groupChatId: 5, isTyping: true }],
    });
  });

  it('shows a failed send inline and keeps the text', async () => {
    const { socket, user } = await openMessages({ activeChat: { type: 'group', id: 5 } });
    await within(await screen.findByRole('log')).findByText('See you at 7');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    socket.ackWith = () => ({ success: false, message: 'You are not a member of this chat' });
    await user.type(screen.getByLabelText('Message'), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Message not sent: You are not a member of this chat',
    );
    expect(screen.getByLabelText('Message')).toHaveValue('Hello?');
  });

  it('refetches conversations, the open thread and the unread count after a reconnect', async () => {
    const { socket } = await openMessages({ activeChat: { type: 'group', id: 5 } });
    await within(await screen.findByRole('log')).findByText('See you at 7');
    calls.length = 0;
    act(() => socket.serverEmit('connect'));
    await waitFor(() => {
      const paths = calls.map((call) => call.url.pathname);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/messages/conversations',
          '/api/messages/group/5',
          '/api/messages/unread-count',
        ]),
      );
    });
  });

  it('shows a cancelled game\'s chat with "This game was cancelled" and no message box', async () => {
    await openSignedInApp('/messages?group=7', sockets);
    const log = await screen.findByRole('log', {
      name: 'Chat history: Football - Sunday 5-a-side',
    });
    expect(within(log).getByText('This game was cancelled')).toBeInTheDocument();
    expect(within(log).queryByText('GameOn')).not.toBeInTheDocument();
    expect(
      screen.getAllByRole('status').some((node) => node.textContent === 'This game was cancelled'),
    ).toBe(true);
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
  });

  it('puts a chat from groupChatUpdated in the open list at once, and groupChatRemoved drops it', async () => {
    const { socket } = await openMessages();
    const list = await screen.findByRole('region', { name: 'Group chats' });
    await within(list).findByText('Cricket: Box cricket at Powai');
    const joined: GroupChatSummary = {
      id: 8,
      name: 'Badminton - Doubles at Koramangala',
      post_id: 4,
      members: [me, rahul],
      last_message: null,
      unread_count: 0,
    };
    calls.length = 0;
    act(() => socket.serverEmit('groupChatUpdated', joined));
    expect(await within(list).findByText('Badminton - Doubles at Koramangala')).toBeInTheDocument();
    expect(calls).toEqual([]);

    act(() => socket.serverEmit('groupChatRemoved', { groupChatId: 8 }));
    await waitFor(() =>
      expect(
        within(list).queryByText('Badminton - Doubles at Koramangala'),
      ).not.toBeInTheDocument(),
    );
  });

  it('lists the members in the chat header, live, and links to the game', async () => {
    const { socket } = await openMessages({ activeChat: { type: 'group', id: 6 } });
    await screen.findByRole('heading', { name: 'BGMI: Erangel scrims' });
    expect(screen.getByText(`Members: ${me.username}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Game page' })).toHaveAttribute('href', '/posts/2');

    act(() => socket.serverEmit('groupChatUpdated', { ...chats[1], members: [me, rahul] }));
    expect(await screen.findByText(`Members: ${me.username}, rahul`)).toBeInTheDocument();
  });

  it("opens a game's group chat from ?post= (the game page's Open chat)", async () => {
    await openSignedInApp('/messages?post=2', sockets);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'BGMI: Erangel scrims' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toBeInTheDocument();
  });
});
