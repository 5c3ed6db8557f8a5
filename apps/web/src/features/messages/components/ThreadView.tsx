import { formatMessageTime } from '@gameon/shared';
import { MessageSquareDashed } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { cx, viewerFormat } from '../../../lib/format';
import { LoadingLine, RetryNote } from '../../../components/LoadStates';
import { BackToConversations } from './BackToConversations';

/** What {@link ThreadView} needs of a thread's infinite query. */
interface ThreadQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

interface ThreadViewProps {
  title: string;
  /** Under the title: the typing indicator, or what kind of chat this is. */
  subtitle: string;
  avatar: ReactNode;
  /** At the end of the header, such as a group chat's link to its game. */
  actions?: ReactNode;
  /** Back to the list (shown at 768 px or less). */
  onBack: () => void;
  thread: ThreadQuery;
  /** Id of the newest message: the log scrolls to it whenever it changes. */
  lastId: number | undefined;
  /** The message bubbles, oldest first; none shows the empty thread. */
  children: ReactNode[];
  /** The message box under the log. */
  composer: ReactNode;
}

/**
 * The frame of a direct or group thread (spec part 1 §2 "Messages"): header with the back
 * button and any actions, the log with loading, failure, 'Load earlier messages' and the empty text, kept
 * scrolled to the newest message, and the composer.
 */
export function ThreadView({
  title,
  subtitle,
  avatar,
  actions,
  onBack,
  thread,
  lastId,
  children,
  composer,
}: ThreadViewProps) {
  const logRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && lastId !== undefined) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  useEffect(() => {
    if (thread.error) console.error('Could not load messages', thread.error);
  }, [thread.error]);

  let body: ReactNode;
  if (thread.isPending) {
    body = <LoadingLine className="h-full justify-center">Loading messages…</LoadingLine>;
  } else if (thread.isError) {
    body = (
      <RetryNote
        className="flex h-full flex-col items-center justify-center"
        onRetry={() => void thread.refetch()}
      >
        We could not load these messages.
      </RetryNote>
    );
  } else {
    // The log is the scrolling box around the list: `role="log"` on the list itself would
    // replace its list semantics, leaving the messages as list items outside any list.
    body = (
      <div
        ref={logRef}
        role="log"
        aria-label={`Chat history: ${title}`}
        className="h-full overflow-y-auto px-3 py-4 sm:px-5"
      >
        <ol className="flex min-h-full flex-col gap-3">
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
          {children.length === 0 ? (
            <li className="flex flex-1 flex-col items-center justify-center gap-2 text-center text-sm text-slate-500">
              <MessageSquareDashed aria-hidden="true" className="size-8 text-slate-300" />
              No messages yet. Start the conversation!
            </li>
          ) : (
            children
          )}
        </ol>
      </div>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-3 sm:px-5">
        <BackToConversations onBack={onBack} />
        {avatar}
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">{title}</h2>
          <p className="text-xs text-slate-500" aria-live="polite">
            {subtitle}
          </p>
        </div>
        {actions}
      </div>
      <div className="min-h-0 flex-1 bg-slate-50">{body}</div>
      {composer}
    </div>
  );
}

interface MessageBubbleProps {
  own: boolean;
  content: string;
  createdAt: string;
  /** Shown above others' messages in group chats. */
  senderName?: string;
  /** After the time of own messages: the read ticks of direct messages. */
  status?: ReactNode;
}

/** One message: own on the right in green, others' on the left, with its time. */
export function MessageBubble({ own, content, createdAt, senderName, status }: MessageBubbleProps) {
  return (
    <li className={cx('flex', own ? 'justify-end' : 'justify-start')}>
      <div className="max-w-[85%] sm:max-w-[70%]">
        {!own && senderName !== undefined && (
          <p className="mb-0.5 ml-3 text-xs font-semibold text-slate-600">{senderName}</p>
        )}
        <div
          className={cx(
            'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap shadow-xs',
            own
              ? 'rounded-br-md bg-emerald-700 text-white'
              : 'rounded-bl-md bg-white text-slate-800 ring-1 ring-slate-200',
          )}
        >
          {own && <span className="sr-only">You: </span>}
          {content}
        </div>
        <p
          className={cx(
            'mt-0.5 flex items-center gap-1 text-[11px] text-slate-500',
            own ? 'mr-2 justify-end' : 'ml-3',
          )}
        >
          <time dateTime={createdAt}>
            {formatMessageTime(createdAt, new Date(), viewerFormat())}
          </time>
          {status}
        </p>
      </div>
    </li>
  );
}

/** A line from GameOn itself in a group chat, centred ("This game was cancelled"). */
export function SystemLine({ content }: { content: string }) {
  return (
    <li className="flex justify-center">
      <p className="rounded-full bg-slate-200/70 px-3 py-1 text-xs font-medium text-slate-600">
        {content}
      </p>
    </li>
  );
}
