/**
 * Group chats and their messages (spec part 1 §2 "Messages", §4; CONTRACT.md "Ids and
 * conversations"): TanStack Query hooks plus the cache updates live socket events make.
 */
import {
  groupChatSummarySchema,
  lenientListSchema,
  groupMessageSchema,
  successSchema,
  unreadCountResponseSchema,
} from '@gameon/shared';
import type { GroupChatSummary, GroupMessage } from '@gameon/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useSocketConnect, useSocketEvent } from '../../lib/socket';

/** Messages of one thread fetched per page; the server answers the newest ones first. */
export const THREAD_PAGE_SIZE = 100;

/** One page of a thread: messages oldest first, and the cursor of the older page. */
export interface GroupMessagePage {
  messages: GroupMessage[];
  nextCursor: string | null;
}

type ThreadData = InfiniteData<GroupMessagePage, string | null>;

const groupMessagesSchema = lenientListSchema(groupMessageSchema);
const groupChatsSchema = z.object({ groupChats: lenientListSchema(groupChatSummarySchema) });

function invalidateSummaries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: messageQueries.groupChats().queryKey }),
    queryClient.invalidateQueries({ queryKey: messageQueries.unreadCount().queryKey }),
  ]).then(() => undefined);
}

/** Query options of the messages feature; other places reuse their `queryKey`. */
export const messageQueries = {
  /** Prefix of every messages query (group and direct). */
  all: () => ['messages'] as const,
  /** `GET /messages/unread-count`: the member's unread total, kept by the server. */
  unreadCount: () =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'unread-count'] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest('/messages/unread-count', { schema: unreadCountResponseSchema, signal }))
          .data.total,
    }),
  /** `GET /messages/conversations`: the member's group chats with preview and unread count. */
  groupChats: () =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'conversations'] as const,
      queryFn: async ({ signal }): Promise<GroupChatSummary[]> =>
        (
          await apiRequest('/messages/conversations', {
            schema: groupChatsSchema,
            signal,
          })
        ).data.groupChats,
    }),
  /**
   * `GET /messages/group/{id}`: the thread, newest page first, each page oldest first. Fetching
   * the newest page marks the chat read on the server, so the summaries are refreshed after it.
   */
  group: (groupChatId: number) =>
    infiniteQueryOptions({
      queryKey: [...messageQueries.all(), 'group', groupChatId] as const,
      initialPageParam: null as string | null,
      queryFn: async ({ pageParam, signal, client }): Promise<GroupMessagePage> => {
        const { data, nextCursor } = await apiRequest(`/messages/group/${groupChatId}`, {
          query: { limit: THREAD_PAGE_SIZE, cursor: pageParam ?? undefined },
          schema: groupMessagesSchema,
          signal,
        });
        if (pageParam === null) void invalidateSummaries(client);
        return { messages: data, nextCursor };
      },
      getNextPageParam: (page) => page.nextCursor,
      // Opening a chat must reach the server, which marks it read.
      refetchOnMount: 'always',
    }),
};

/** The member's unread message total ({@link messageQueries.unreadCount}). */
export function useUnreadMessageCount() {
  return useQuery(messageQueries.unreadCount());
}

/** The member's group chats ({@link messageQueries.groupChats}). */
export function useGroupChats() {
  return useQuery(messageQueries.groupChats());
}

/** A group chat's thread ({@link messageQueries.group}). */
export function useGroupMessages(groupChatId: number) {
  return useInfiniteQuery(messageQueries.group(groupChatId));
}

/** A thread's messages in display order (oldest first), each id once; pages newest first. */
export function threadMessages<M extends { id: number }>(
  data: { pages: { messages: M[] }[] } | undefined,
): M[] {
  if (!data) return [];
  const seen = new Set<number>();
  const messages: M[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}

/** Adds `message` to its cached thread (if that thread is cached), once. */
export function addMessageToThread(queryClient: QueryClient, message: GroupMessage): void {
  queryClient.setQueryData<ThreadData>(
    messageQueries.group(message.group_chat_id).queryKey,
    (data) => {
      if (!data) return data;
      if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
      const [newest, ...older] = data.pages;
      if (!newest) return data;
      return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
    },
  );
}

/**
 * Puts `chat` (a `groupChatUpdated` summary) in the cached list of group chats: it
 * replaces the chat with its id where it stands, or a new one goes first, as the server lists
 * a chat with no messages by when it was made. Nothing happens while no list is cached.
 */
function upsertGroupChat(queryClient: QueryClient, chat: GroupChatSummary): void {
  queryClient.setQueryData<GroupChatSummary[]>(messageQueries.groupChats().queryKey, (chats) => {
    if (!chats) return chats;
    return chats.some((c) => c.id === chat.id)
      ? chats.map((c) => (c.id === chat.id ? chat : c))
      : [chat, ...chats];
  });
}

/** Drops chat `groupChatId` from the cached list of group chats (`groupChatRemoved`). */
function removeGroupChat(queryClient: QueryClient, groupChatId: number): void {
  queryClient.setQueryData<GroupChatSummary[]>(messageQueries.groupChats().queryKey, (chats) =>
    chats?.filter((c) => c.id !== groupChatId),
  );
}

/** `POST /messages/group/{id}/mark-read`, then the list and the badge are refreshed. */
export function useMarkGroupChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (groupChatId: number) => {
      await apiRequest(`/messages/group/${groupChatId}/mark-read`, {
        method: 'POST',
        schema: successSchema,
      });
    },
    onError: (error) => console.error('Could not mark the chat read', error),
    onSettled: () => invalidateSummaries(queryClient),
  });
}

/**
 * Keeps message data live for the signed-in layout: every `newGroupMessage` lands in its cached
 * thread and refreshes the list and the unread badge (spec part 1 §4 "Messages"); a chat someone
 * joined or left is put in the list, and one the member left is dropped, at once; on
 * every connect and reconnect everything about messages is refetched so nothing is missed.
 */
export function useMessagesRealtime(): void {
  const queryClient = useQueryClient();
  useSocketEvent('newGroupMessage', (message) => {
    addMessageToThread(queryClient, message);
    void invalidateSummaries(queryClient);
  });
  useSocketEvent('messageDelivered', (message) => addMessageToThread(queryClient, message));
  useSocketEvent('groupChatUpdated', (chat) => upsertGroupChat(queryClient, chat));
  useSocketEvent('groupChatRemoved', ({ groupChatId }) =>
    removeGroupChat(queryClient, groupChatId),
  );
  useSocketConnect(() => {
    void queryClient.invalidateQueries({ queryKey: messageQueries.all() });
  });
}
