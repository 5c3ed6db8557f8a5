import type { DirectConversation, GroupChatSummary } from '@gameon/shared';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { cx } from '../../../lib/format';
import { useGroupChats } from '../api';
import { ChatThread } from '../components/ChatThread';
import { BackToConversations } from '../components/BackToConversations';
import { ConversationList } from '../components/ConversationList';
import { DirectThread } from '../components/DirectThread';
import { NewMessageModal } from '../components/NewMessageModal';
import { useDirectConversations } from '../direct-api';
import { LoadingLine } from '../../../components/LoadStates';

/** The open conversation: a group chat, or a direct one known by its id and/or other member. */
type Selection =
  | { type: 'group'; id: number }
  | { type: 'post'; postId: number }
  | { type: 'direct'; conversationId: number | null; userId: number | null; username: string };

/** Navigation state that selects a chat (CONTRACT.md "Ids and conversations"). */
const navigationStateSchema = z.union([
  z.object({
    startConversation: z.object({ userId: z.number(), username: z.string() }),
  }),
  z.object({
    activeChat: z.object({ type: z.enum(['group', 'direct']), id: z.number() }),
  }),
]);

function selectionFromState(state: unknown): Selection | null {
  const parsed = navigationStateSchema.safeParse(state);
  if (!parsed.success) return null;
  if ('startConversation' in parsed.data) {
    const { userId, username } = parsed.data.startConversation;
    return { type: 'direct', conversationId: null, userId, username };
  }
  const { type, id } = parsed.data.activeChat;
  return type === 'group'
    ? { type: 'group', id }
    : { type: 'direct', conversationId: id, userId: null, username: '' };
}

function idParam(params: URLSearchParams, name: string): number | null {
  const id = Number(params.get(name));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * `?conversation={id}` a direct conversation; `?group={id}` a group chat (a cancelled
 * game's notification); `?post={id}` the group chat of that game (the game page's
 * "Open chat").
 */
function selectionFromSearch(params: URLSearchParams): Selection | null {
  const conversationId = idParam(params, 'conversation');
  if (conversationId !== null) {
    return { type: 'direct', conversationId, userId: null, username: '' };
  }
  const groupId = idParam(params, 'group');
  if (groupId !== null) return { type: 'group', id: groupId };
  const postId = idParam(params, 'post');
  return postId === null ? null : { type: 'post', postId };
}

/**
 * Fills in the other member of a direct selection known only by conversation id, and the group
 * chat of a selection known only by its game.
 */
function resolve(
  selection: Selection | null,
  directs: DirectConversation[] | undefined,
  chats: GroupChatSummary[] | undefined,
): Selection | null {
  if (selection?.type === 'post') {
    const chat = chats?.find((c) => c.post_id === selection.postId);
    return chat ? { type: 'group', id: chat.id } : selection;
  }
  if (selection?.type !== 'direct' || selection.userId !== null) return selection;
  const found = directs?.find((c) => c.id === selection.conversationId);
  if (!found || found.other_user_id === null) return selection;
  return { ...selection, userId: found.other_user_id, username: found.other_user_username };
}

/**
 * What the thread pane shows with no thread open. With `onBack`, a back arrow for 768 px or
 * less, where the list is hidden while a conversation is selected.
 */
function ThreadPlaceholder({
  title,
  text,
  onBack,
}: {
  title: string;
  text: string;
  onBack?: () => void;
}) {
  return (
    <div className="relative flex h-full flex-col items-center justify-center gap-3 bg-slate-50 px-6 text-center">
      {onBack && <BackToConversations onBack={onBack} className="absolute top-3 left-3" />}
      <span className="grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-700">
        <MessagesSquare aria-hidden="true" className="size-7" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      <p className="max-w-xs text-sm text-slate-500">{text}</p>
    </div>
  );
}

/**
 * Messages (spec part 1 §2 "Messages"): direct conversations and group chats beside the open
 * thread; at 768 px or less either the list or the thread. Navigation state `activeChat` or
 * `startConversation`, or `?conversation={id}`, opens a conversation.
 */
export function MessagesPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const chats = useGroupChats();
  const directs = useDirectConversations();
  const [selected, setSelected] = useState<Selection | null>(
    () => selectionFromState(location.state) ?? selectionFromSearch(searchParams),
  );
  const [composing, setComposing] = useState(false);

  // A later navigation with state or `?conversation=` switches to it.
  useEffect(() => {
    const next = selectionFromState(location.state) ?? selectionFromSearch(searchParams);
    if (next !== null) setSelected(next);
  }, [location.key, location.state, searchParams]);

  useEffect(() => {
    if (chats.error) console.error('Could not load conversations', chats.error);
  }, [chats.error]);
  useEffect(() => {
    if (directs.error) console.error('Could not load direct conversations', directs.error);
  }, [directs.error]);

  const active = resolve(selected, directs.data, chats.data);
  // A direct conversation chosen by id that the loaded list does not hold (its first message
  // just arrived, or a notification led here): refetch the list once before giving up.
  const unresolvedId =
    active?.type === 'direct' && active.userId === null ? active.conversationId : null;
  const [refetchedFor, setRefetchedFor] = useState<number | null>(null);
  const refetchDirects = directs.refetch;
  useEffect(() => {
    if (unresolvedId === null || directs.isPending || refetchedFor === unresolvedId) return;
    setRefetchedFor(unresolvedId);
    void refetchDirects();
  }, [unresolvedId, directs.isPending, refetchedFor, refetchDirects]);
  // A game's chat the loaded list does not hold (the member just joined): refetch it once too.
  const unresolvedPostId = active?.type === 'post' ? active.postId : null;
  const [refetchedPost, setRefetchedPost] = useState<number | null>(null);
  const refetchChats = chats.refetch;
  useEffect(() => {
    if (unresolvedPostId === null || chats.isPending || refetchedPost === unresolvedPostId) return;
    setRefetchedPost(unresolvedPostId);
    void refetchChats();
  }, [unresolvedPostId, chats.isPending, refetchedPost, refetchChats]);
  const unresolvedPost = unresolvedPostId !== null;
  const resolving =
    (unresolvedId !== null &&
      (directs.isPending || directs.isFetching || refetchedFor !== unresolvedId)) ||
    (unresolvedPostId !== null &&
      (chats.isPending || chats.isFetching || refetchedPost !== unresolvedPostId));

  const activeChat =
    active?.type === 'group' ? chats.data?.find((chat) => chat.id === active.id) : undefined;
  const open = active !== null;

  let thread = null;
  if (active?.type === 'group') {
    thread = (
      <ChatThread
        key={`group-${active.id}`}
        groupChatId={active.id}
        name={activeChat?.name ?? 'Group chat'}
        members={activeChat?.members ?? []}
        postId={activeChat?.post_id ?? null}
        cancelled={activeChat?.is_cancelled === true}
        left={activeChat?.has_left === true}
        onBack={() => setSelected(null)}
      />
    );
  } else if (active?.type === 'direct' && active.userId !== null) {
    thread = (
      <DirectThread
        key={`direct-${active.userId}`}
        otherUserId={active.userId}
        username={active.username}
        onBack={() => setSelected(null)}
      />
    );
  }

  return (
    <div className="flex h-[calc(100dvh-69px)] min-h-[28rem] border-slate-200 bg-white">
      <div
        className={cx(
          'w-full border-r border-slate-200 min-[769px]:w-80 min-[769px]:shrink-0 lg:w-96',
          open && 'max-[769px]:hidden',
        )}
      >
        <ConversationList
          chats={chats.data}
          loading={chats.isPending}
          failed={chats.isError}
          onRetry={() => void chats.refetch()}
          activeChatId={active?.type === 'group' ? active.id : null}
          onSelect={(id) => setSelected({ type: 'group', id })}
          directs={directs.data}
          activeDirectUserId={active?.type === 'direct' ? active.userId : null}
          onSelectDirect={(conversation) =>
            setSelected({
              type: 'direct',
              conversationId: conversation.id,
              userId: conversation.other_user_id,
              username: conversation.other_user_username,
            })
          }
          onNewMessage={() => setComposing(true)}
        />
      </div>
      <div className={cx('min-w-0 flex-1', !open && 'max-[769px]:hidden')}>
        {thread ??
          (resolving ? (
            <LoadingLine className="h-full justify-center bg-slate-50">
              Opening conversation…
            </LoadingLine>
          ) : unresolvedId !== null || unresolvedPost ? (
            <ThreadPlaceholder
              title="Conversation not found"
              text="It may have been removed. Choose a conversation from the list, or start a new message."
              onBack={() => setSelected(null)}
            />
          ) : (
            <ThreadPlaceholder
              title="Pick a conversation"
              text="Choose a conversation from the list, or start a new message."
            />
          ))}
      </div>
      {composing && (
        <NewMessageModal
          onClose={() => setComposing(false)}
          onPick={({ userId, username }) => {
            setComposing(false);
            setSelected({ type: 'direct', conversationId: null, userId, username });
          }}
        />
      )}
    </div>
  );
}
