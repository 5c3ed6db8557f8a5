import { formatMessageTime, truncatePreview } from '@gameon/shared';
import type { DirectConversation, GroupChatSummary } from '@gameon/shared';
import { MessagesSquare, PenSquare, UserRound, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { badgeText, cx, viewerFormat } from '../../../lib/format';
import { ConversationSearch } from './ConversationSearch';
import { RetryNote } from '../../../components/LoadStates';

interface ConversationListProps {
  chats: GroupChatSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  activeChatId: number | null;
  onSelect: (groupChatId: number) => void;
  directs?: DirectConversation[];
  /** The other member of the open direct conversation. */
  activeDirectUserId?: number | null;
  onSelectDirect?: (conversation: DirectConversation) => void;
  onNewMessage?: () => void;
}

interface ConversationRowProps {
  name: string;
  /** The round picture at the start: a person, or a group. */
  avatar: ReactNode;
  /** The last message's text and time, null before any. */
  lastContent: string | null;
  lastAt: string | null;
  unreadCount: number;
  active: boolean;
  onSelect: () => void;
}

/** One conversation in the list: name, time of the last message, its preview and the badge. */
function ConversationRow({
  name,
  avatar,
  lastContent,
  lastAt,
  unreadCount,
  active,
  onSelect,
}: ConversationRowProps) {
  const unread = unreadCount > 0;
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={active || undefined}
        className={cx(
          'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left transition-colors',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600',
          active ? 'bg-emerald-50' : 'hover:bg-slate-50',
        )}
      >
        {avatar}
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span
              className={cx(
                'truncate text-sm text-slate-900',
                unread ? 'font-bold' : 'font-semibold',
              )}
            >
              {name}
            </span>
            {lastAt !== null && (
              <time dateTime={lastAt} className="shrink-0 text-[11px] text-slate-500">
                {formatMessageTime(lastAt, new Date(), viewerFormat())}
              </time>
            )}
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span
              className={cx(
                'truncate text-xs',
                unread ? 'font-medium text-slate-700' : 'text-slate-500',
              )}
            >
              {lastContent === null ? 'No messages yet' : truncatePreview(lastContent)}
            </span>
            {unread && (
              <span className="shrink-0 rounded-full bg-emerald-700 px-1.5 text-[11px] leading-5 font-bold text-white">
                {badgeText(unreadCount)}
                <span className="sr-only"> unread</span>
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

/** A titled part of the list ('Direct messages', 'Group chats'). */
function ListSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-3">
      <h2
        id={id}
        className="px-5 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        {title}
      </h2>
      <ul className="space-y-0.5 px-2">{children}</ul>
    </section>
  );
}

/**
 * The conversation sidebar (spec part 1 §2 "Messages"): a search box with a dropdown, then the
 * member's direct conversations and group chats with preview, time and unread badge. The box
 * suggests conversations to open; it does not filter the list.
 */
export function ConversationList({
  chats,
  loading,
  failed,
  onRetry,
  activeChatId,
  onSelect,
  directs = [],
  activeDirectUserId = null,
  onSelectDirect,
  onNewMessage,
}: ConversationListProps) {
  const groupChats = chats ?? [];

  let body: ReactNode;
  if (loading) {
    body = (
      <ul aria-hidden="true" className="space-y-2 px-3">
        {[0, 1, 2, 3].map((row) => (
          <li key={row} className="flex animate-pulse items-center gap-3 py-2">
            <span className="size-11 rounded-full bg-slate-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-3 w-2/3 rounded bg-slate-200" />
              <span className="block h-3 w-1/2 rounded bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (failed) {
    body = (
      <RetryNote className="px-5 py-8" onRetry={onRetry}>
        We could not load your conversations.
      </RetryNote>
    );
  } else if (groupChats.length === 0 && directs.length === 0) {
    body = (
      <div className="flex flex-col items-center px-5 py-10 text-center">
        <MessagesSquare aria-hidden="true" className="size-8 text-slate-300" />
        <p className="mt-3 text-sm font-semibold text-slate-800">No conversations yet</p>
        <p className="mt-1 text-xs text-slate-500">
          Say you&apos;re interested in a game and you&apos;ll join its group chat.
        </p>
        <Link
          to="/"
          className="mt-3 text-sm font-semibold text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          Browse games
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        {directs.length > 0 && (
          <ListSection id="direct-messages-heading" title="Direct messages">
            {directs.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                name={conversation.other_user_username}
                avatar={
                  <span className="grid size-11 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700">
                    <UserRound aria-hidden="true" className="size-5" />
                  </span>
                }
                lastContent={conversation.last_message_content}
                lastAt={conversation.last_message?.created_at ?? null}
                unreadCount={conversation.unread_count}
                active={
                  conversation.other_user_id !== null &&
                  conversation.other_user_id === activeDirectUserId
                }
                onSelect={() => onSelectDirect?.(conversation)}
              />
            ))}
          </ListSection>
        )}
        {groupChats.length > 0 && (
          <ListSection id="group-chats-heading" title="Group chats">
            {groupChats.map((chat) => (
              <ConversationRow
                key={chat.id}
                name={chat.name}
                avatar={
                  <span className="grid size-11 shrink-0 place-items-center rounded-full bg-gradient-to-br from-emerald-500 to-teal-600 text-white">
                    <UsersRound aria-hidden="true" className="size-5" />
                  </span>
                }
                lastContent={chat.last_message?.content ?? null}
                lastAt={chat.last_message?.created_at ?? null}
                unreadCount={chat.unread_count}
                active={chat.id === activeChatId}
                onSelect={() => onSelect(chat.id)}
              />
            ))}
          </ListSection>
        )}
      </>
    );
  }

  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-slate-100 p-4">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-xl font-bold text-slate-900">Messages</h1>
          {onNewMessage && (
            <Button variant="secondary" size="sm" onClick={onNewMessage}>
              <PenSquare aria-hidden="true" className="size-4" />
              New message
            </Button>
          )}
        </div>
        <label
          htmlFor="conversation-search"
          className="mt-3 mb-1 block text-xs font-medium text-slate-500"
        >
          Search conversations
        </label>
        <ConversationSearch
          id="conversation-search"
          directs={directs}
          chats={groupChats}
          onSelect={onSelect}
          onSelectDirect={onSelectDirect}
        />
      </div>
      <div className="flex-1 overflow-y-auto py-3">{body}</div>
    </div>
  );
}
