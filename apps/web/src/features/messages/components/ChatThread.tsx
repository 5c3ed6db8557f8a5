import type { UserRef } from '@gameon/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, LogOut, UsersRound } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSocket, useSocketEvent } from '../../../lib/socket';
import { useCurrentUser } from '../../../lib/session';
import { addMessageToThread, threadMessages, useGroupMessages, useMarkGroupChatRead } from '../api';
import { useTypingEmitter, useTypingUsers } from '../use-typing';
import { MessageComposer } from './MessageComposer';
import { MessageBubble, SystemLine, ThreadView } from './ThreadView';

interface ChatThreadProps {
  groupChatId: number;
  name: string;
  /** The members the viewer sees, listed in the header. */
  members: UserRef[];
  /** The chat's game, linked from the header; null once it was cancelled. */
  postId: number | null;
  /** The game of the chat was cancelled: readable, no composer. */
  cancelled?: boolean;
  /**
   * The member left the game (or its host removed them): they read the chat up to then, no
   * composer, no live room.
   */
  left?: boolean;
  /** Back to the list (shown at 768 px or less). */
  onBack: () => void;
}

/**
 * One group chat (spec part 1 §2 "Messages"): the messages, oldest first with own messages on
 * the right, live updates through the socket, and the composer (blank text is ignored, Enter
 * sends, failures show inline, with the server's message). The header lists the members and
 * links to the game. A cancelled game's chat shows "This
 * game was cancelled" instead of the composer, and a chat the member left "You are no longer in
 * this game" (read-only); GameOn's own lines are centred.
 */
export function ChatThread({
  groupChatId,
  name,
  members,
  postId,
  cancelled = false,
  left = false,
  onBack,
}: ChatThreadProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { connected, joinGroupChat, leaveGroupChat, sendGroupMessage, groupTyping } = useSocket();
  const thread = useGroupMessages(groupChatId);
  const { mutate: markChatRead } = useMarkGroupChatRead();
  const messages = threadMessages(thread.data);
  const typing = useTypingEmitter((isTyping) => groupTyping(groupChatId, isTyping));
  const { typing: typingUsers, update: updateTyping } = useTypingUsers();
  useSocketEvent('userGroupTyping', (payload) => {
    if (payload.groupChatId === groupChatId && payload.userId !== user.id) {
      updateTyping(payload.userId, payload.isTyping);
    }
  });
  const typingNames = [...typingUsers].map(
    (id) => messages.find((m) => m.sender_id === id)?.sender.username ?? 'Someone',
  );

  // Join the chat's room, again after every reconnect; leave it when the thread closes.
  useEffect(() => {
    if (!connected || left) return;
    joinGroupChat(groupChatId);
    return () => leaveGroupChat(groupChatId);
  }, [connected, groupChatId, joinGroupChat, leaveGroupChat, left]);

  // A message from someone else arriving in the open thread is read at once.
  useSocketEvent('newGroupMessage', (message) => {
    if (message.group_chat_id === groupChatId && message.sender_id !== user.id) {
      if (message.sender_id !== null) updateTyping(message.sender_id, false);
      markChatRead(groupChatId);
    }
  });

  const send = async (content: string) => {
    const result = await sendGroupMessage(groupChatId, content);
    if (!result.ok) return `Message not sent: ${result.error}`;
    addMessageToThread(queryClient, result.message);
    return null;
  };

  return (
    <ThreadView
      title={name}
      subtitle={
        typingNames.length > 0
          ? `${typingNames.join(', ')} is typing…`
          : members.length > 0
            ? `Members: ${members.map((m) => m.username).join(', ')}`
            : 'Group chat'
      }
      avatar={
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-gradient-to-br from-emerald-500 to-teal-600 text-white">
          <UsersRound aria-hidden="true" className="size-5" />
        </span>
      }
      actions={
        postId !== null && (
          <Link
            to={`/posts/${postId}`}
            className="shrink-0 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-emerald-700 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            Game page
          </Link>
        )
      }
      onBack={onBack}
      thread={thread}
      lastId={messages.at(-1)?.id}
      composer={
        cancelled ? (
          <p
            role="status"
            className="flex items-center justify-center gap-2 border-t border-slate-200 bg-amber-50 p-4 text-sm font-semibold text-amber-800"
          >
            <Ban aria-hidden="true" className="size-4" />
            This game was cancelled
          </p>
        ) : left ? (
          <p
            role="status"
            className="flex items-center justify-center gap-2 border-t border-slate-200 bg-slate-50 p-4 text-sm font-semibold text-slate-700"
          >
            <LogOut aria-hidden="true" className="size-4" />
            You are no longer in this game: this chat is read-only
          </p>
        ) : (
          <MessageComposer onSend={send} connected={connected} typing={typing} />
        )
      }
    >
      {messages.map((message) =>
        message.system === true ? (
          <SystemLine key={message.id} content={message.content} />
        ) : (
          <MessageBubble
            key={message.id}
            own={message.sender_id === user.id}
            content={message.content}
            createdAt={message.created_at}
            senderName={message.sender.username}
          />
        ),
      )}
    </ThreadView>
  );
}
