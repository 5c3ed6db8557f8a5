import { formatMessageTime } from '@gameon/shared';
import type { DirectMessage } from '@gameon/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, CheckCheck } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { cx, viewerTimeZone } from '../../../lib/format';
import { useSocket, useSocketEvent } from '../../../lib/socket';
import { useCurrentUser } from '../../auth/auth-context';
import { threadMessages } from '../api';
import { addDirectMessage, useDirectThread, useMarkDirectRead } from '../direct-api';
import { EmptyThread, MessageComposer } from './MessageComposer';
import { useTypingEmitter } from '../use-typing';

interface DirectThreadProps {
  otherUserId: number;
  username: string;
  /** Back to the list (shown at 768 px or less). */
  onBack: () => void;
}

function DirectBubble({ message, own }: { message: DirectMessage; own: boolean }) {
  return (
    <li className={cx('flex', own ? 'justify-end' : 'justify-start')}>
      <div className="max-w-[85%] sm:max-w-[70%]">
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
        <p
          className={cx(
            'mt-0.5 flex items-center gap-1 text-[11px] text-slate-400',
            own ? 'mr-2 justify-end' : 'ml-3',
          )}
        >
          <time dateTime={message.created_at}>
            {formatMessageTime(message.created_at, new Date(), { timeZone: viewerTimeZone() })}
          </time>
          {own &&
            (message.is_read ? (
              <span role="img" aria-label="Read" className="text-emerald-600">
                <CheckCheck aria-hidden="true" className="size-3.5" />
              </span>
            ) : (
              <span role="img" aria-label="Sent">
                <Check aria-hidden="true" className="size-3.5" />
              </span>
            ))}
        </p>
      </div>
    </li>
  );
}

/**
 * One direct conversation (spec part 1 §2 "Messages", §4): messages oldest first, own ones on the
 * right with one tick (sent) or two (read), marked read on open and on arrival, sent through the
 * socket with the server's refusal shown inline, and the typing indicator both ways.
 */
export function DirectThread({ otherUserId, username, onBack }: DirectThreadProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { connected, sendDirectMessage, directTyping } = useSocket();
  const thread = useDirectThread(otherUserId);
  const { mutate: markRead } = useMarkDirectRead();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [otherTyping, setOtherTyping] = useState(false);
  const logRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const messages = threadMessages(thread.data);
  const conversationId = thread.data?.pages[0]?.conversationId ?? null;
  const lastId = messages.at(-1)?.id;
  const lastUnreadId = messages.findLast((m) => m.sender_id === otherUserId && !m.is_read)?.id;

  const typing = useTypingEmitter((isTyping) => directTyping(otherUserId, isTyping));

  // Opening the thread reads it, and so does every unread message that lands in it: live, or
  // fetched when catching up after a reconnect.
  useEffect(() => {
    if (conversationId !== null) markRead(conversationId);
  }, [conversationId, lastUnreadId, markRead]);

  useSocketEvent('newDirectMessage', (message) => {
    if (message.sender_id === otherUserId) setOtherTyping(false);
  });
  useSocketEvent('userDirectTyping', ({ userId, isTyping }) => {
    if (userId === otherUserId) setOtherTyping(isTyping);
  });

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
    const result = await sendDirectMessage(otherUserId, content);
    setSending(false);
    if (result.ok) {
      addDirectMessage(queryClient, otherUserId, result.message);
      setDraft('');
    } else setSendError(result.error);
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
        <Avatar src={null} size={40} />
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{username}</h2>
          <p className="text-xs text-slate-500" aria-live="polite">
            {otherTyping ? `${username} is typing…` : 'Direct message'}
          </p>
        </div>
      </div>

      <div className="min-h-0 flex-1 bg-slate-50">
        {body ?? (
          <ol
            ref={logRef}
            role="log"
            aria-label={`Chat history: ${username}`}
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
                <DirectBubble
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
