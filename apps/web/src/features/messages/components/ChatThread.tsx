import { formatMessageTime } from '@gameon/shared';
import type { GroupMessage } from '@gameon/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, UsersRound } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { cx, viewerTimeZone } from '../../../lib/format';
import { useGroupMessageEvent, useSocket, useSocketEvent } from '../../../lib/socket';
import { useCurrentUser } from '../../auth/auth-context';
import { addMessageToThread, threadMessages, useGroupMessages, useMarkGroupChatRead } from '../api';
import { EmptyThread, MessageComposer } from './MessageComposer';
import { useTypingEmitter, useTypingUsers } from '../use-typing';

interface ChatThreadProps {
  groupChatId: number;
  name: string;
  /** Back to the list (shown at 768 px or less). */
  onBack: () => void;
}

function MessageBubble({ message, own }: { message: GroupMessage; own: boolean }) {
  return (
    <li className={cx('flex', own ? 'justify-end' : 'justify-start')}>
      <div className={cx('max-w-[85%] sm:max-w-[70%]', own ? 'items-end' : 'items-start')}>
        {!own && (
          <p className="mb-0.5 ml-3 text-xs font-semibold text-slate-600">
            {message.sender.username}
          </p>
        )}
        <div
          className={cx(
            'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap shadow-xs',
            own
              ? 'rounded-br-md bg-emerald-600 text-white'
              : 'rounded-bl-md bg-white text-slate-800 ring-1 ring-slate-200',
          )}
        >
          {own && <span className="sr-only">You: </span>}
          {message.content}
        </div>
        <p className={cx('mt-0.5 text-[11px] text-slate-400', own ? 'mr-2 text-right' : 'ml-3')}>
          <time dateTime={message.created_at}>
            {formatMessageTime(message.created_at, new Date(), { timeZone: viewerTimeZone() })}
          </time>
        </p>
      </div>
    </li>
  );
}

/**
 * One group chat (spec part 1 §2 "Messages"): the messages, oldest first with own messages on
 * the right, live updates through the socket, and the composer (blank text is ignored, Enter
 * sends, failures show inline).
 */
export function ChatThread({ groupChatId, name, onBack }: ChatThreadProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { connected, joinGroupChat, leaveGroupChat, sendGroupMessage, groupTyping } = useSocket();
  const thread = useGroupMessages(groupChatId);
  const markRead = useMarkGroupChatRead();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const messages = threadMessages(thread.data);
  const lastId = messages.at(-1)?.id;
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
    if (!connected) return;
    joinGroupChat(groupChatId);
    return () => leaveGroupChat(groupChatId);
  }, [connected, groupChatId, joinGroupChat, leaveGroupChat]);

  // A message from someone else arriving in the open thread is read at once.
  const { mutate: markChatRead } = markRead;
  useGroupMessageEvent('newGroupMessage', (message) => {
    if (message.group_chat_id === groupChatId && message.sender_id !== user.id) {
      if (message.sender_id !== null) updateTyping(message.sender_id, false);
      markChatRead(groupChatId);
    }
  });

  // Keep the newest message in view.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && lastId !== undefined) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  useEffect(() => {
    if (thread.error) console.error('Could not load messages', thread.error);
  }, [thread.error]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = draft.trim();
    if (content === '' || sending) return;
    typing.stop();
    setSending(true);
    setSendError(null);
    const result = await sendGroupMessage(groupChatId, content);
    setSending(false);
    if (result.ok) {
      addMessageToThread(queryClient, result.message);
      setDraft('');
    } else setSendError(`Message not sent: ${result.error}`);
    inputRef.current?.focus();
  };

  let body: ReactNode = null;
  if (thread.isPending) {
    body = (
      <div
        role="status"
        className="flex h-full items-center justify-center gap-2 text-sm text-slate-500"
      >
        <Spinner className="size-4" /> Loading messages…
      </div>
    );
  } else if (thread.isError) {
    body = (
      <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-slate-500">
        <p>We could not load these messages.</p>
        <Button variant="ghost" size="sm" onClick={() => void thread.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-3 sm:px-5">
        <button
          type="button"
          onClick={onBack}
          aria-label="Back to conversations"
          className="grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 min-[769px]:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </button>
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-gradient-to-br from-emerald-500 to-teal-600 text-white">
          <UsersRound aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{name}</h2>
          <p className="text-xs text-slate-500" aria-live="polite">
            {typingNames.length > 0 ? `${typingNames.join(', ')} is typing…` : 'Group chat'}
          </p>
        </div>
      </div>

      <div className="min-h-0 flex-1 bg-slate-50">
        {body ?? (
          <ol
            ref={logRef}
            role="log"
            aria-label={`Chat history: ${name}`}
            className="h-full space-y-3 overflow-y-auto px-3 py-4 sm:px-5"
          >
            {thread.hasNextPage && (
              <li className="flex justify-center">
                <Button
                  variant="ghost"
                  size="sm"
                  loading={thread.isFetchingNextPage}
                  onClick={() => void thread.fetchNextPage()}
                >
                  Load earlier messages
                </Button>
              </li>
            )}
            {messages.length === 0 ? (
              <EmptyThread />
            ) : (
              messages.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  own={message.sender_id === user.id}
                />
              ))
            )}
          </ol>
        )}
      </div>

      <MessageComposer
        draft={draft}
        onDraftChange={setDraft}
        onSubmit={(event) => void handleSubmit(event)}
        sending={sending}
        sendError={sendError}
        connected={connected}
        typing={typing}
        inputRef={inputRef}
      />
    </div>
  );
}
