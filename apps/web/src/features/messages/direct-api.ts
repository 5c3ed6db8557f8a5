/**
 * Direct conversations (spec part 1 §2 "Messages", §3, §4; CONTRACT.md "Ids and conversations"):
 * the list, one thread per other member, mark read and the cache updates of live events.
 */
import {
  conversationWithResponseSchema,
  directConversationSchema,
  userSummarySchema,
} from '@gameon/shared';
import type { DirectConversation, DirectMessage } from '@gameon/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useSocketEvent } from '../../lib/socket';
import { conversationNotificationsRead } from '../notifications/api';
import { messageKeys, THREAD_PAGE_SIZE } from './api';

export const directKeys = {
  conversations: ['messages', 'direct-conversations'] as const,
  threads: ['messages', 'direct'] as const,
  thread: (otherUserId: number) => ['messages', 'direct', otherUserId] as const,
  following: (userId: number) => ['messages', 'following', userId] as const,
};

/**
 * One page of a direct thread: messages oldest first, the conversation id (null before the first
 * message) and the cursor of the older page.
 */
export interface DirectThreadPage {
  messages: DirectMessage[];
  conversationId: number | null;
  nextCursor: string | null;
}

type DirectThreadData = InfiniteData<DirectThreadPage, string | null>;

const conversationsSchema = z.array(directConversationSchema);
const followingSchema = z.object({ following: z.array(userSummarySchema) });

/** `GET /direct-messages/conversations`: newest first. */
export function useDirectConversations() {
  return useQuery({
    queryKey: directKeys.conversations,
    queryFn: async ({ signal }): Promise<DirectConversation[]> =>
      (await apiRequest('/direct-messages/conversations', { schema: conversationsSchema, signal }))
        .data,
  });
}

/**
 * `GET /direct-messages/conversation/{otherUserId}`: the thread, newest page first, each page
 * oldest first; `fetchNextPage` loads earlier messages.
 */
export function useDirectThread(otherUserId: number) {
  return useInfiniteQuery({
    queryKey: directKeys.thread(otherUserId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<DirectThreadPage> => {
      const { data, nextCursor } = await apiRequest(
        `/direct-messages/conversation/${otherUserId}`,
        {
          query: { limit: THREAD_PAGE_SIZE, cursor: pageParam ?? undefined },
          schema: conversationWithResponseSchema,
          signal,
        },
      );
      return { ...data, nextCursor };
    },
    getNextPageParam: (page) => page.nextCursor,
    refetchOnMount: 'always',
  });
}

/** Applies `update` to every page of a cached direct thread. */
function updatePages(
  data: DirectThreadData,
  update: (page: DirectThreadPage) => DirectThreadPage,
): DirectThreadData {
  return { ...data, pages: data.pages.map(update) };
}

/** The people the member follows, for the new-message modal (`GET /users/{id}`). */
export function useFollowing(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: directKeys.following(userId),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest(`/users/${userId}`, { schema: followingSchema, signal })).data.following,
  });
}

function invalidateDirectSummaries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: directKeys.conversations }),
    queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount }),
  ]).then(() => undefined);
}

/** Adds `message` to the cached thread with `otherUserId` (if cached), once. */
export function addDirectMessage(
  queryClient: QueryClient,
  otherUserId: number | null,
  message: DirectMessage,
): void {
  if (otherUserId === null) return;
  queryClient.setQueryData<DirectThreadData>(directKeys.thread(otherUserId), (data) => {
    const [newest, ...older] = data?.pages ?? [];
    if (!data || !newest) return data;
    if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const { conversation_id: conversationId } = message;
    return {
      ...data,
      pages: [
        { ...newest, conversationId, messages: [...newest.messages, message] },
        ...older.map((page) => ({ ...page, conversationId })),
      ],
    };
  });
}

/** Marks the member's own messages up to `lastReadMessageId` of `conversationId` read. */
export function applyMessagesRead(
  queryClient: QueryClient,
  conversationId: number,
  lastReadMessageId: number,
): void {
  queryClient.setQueriesData<DirectThreadData>({ queryKey: directKeys.threads }, (data) => {
    if (!data || !Array.isArray(data.pages)) return data;
    return updatePages(data, (page) => ({
      ...page,
      messages: page.messages.map((m) =>
        m.conversation_id === conversationId && m.id <= lastReadMessageId && !m.is_read
          ? { ...m, is_read: true }
          : m,
      ),
    }));
  });
}

/**
 * `POST /direct-messages/mark-read/{conversationId}`, then the list, the badge and the
 * conversation's message notification refresh.
 */
export function useMarkDirectRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (conversationId: number) => {
      await apiRequest(`/direct-messages/mark-read/${conversationId}`, {
        method: 'POST',
        schema: z.unknown(),
      });
    },
    onSuccess: (_data, conversationId) =>
      conversationNotificationsRead(queryClient, conversationId),
    onError: (error) => console.error('Could not mark the conversation read', error),
    onSettled: () => invalidateDirectSummaries(queryClient),
  });
}

/** Live direct-message events for the signed-in layout (spec part 1 §4 "Messages"). */
export function useDirectMessagesRealtime(): void {
  const queryClient = useQueryClient();
  useSocketEvent('newDirectMessage', (message) => {
    addDirectMessage(queryClient, message.sender_id, message);
    void invalidateDirectSummaries(queryClient);
  });
  useSocketEvent('directMessageDelivered', (message) => {
    addDirectMessage(queryClient, message.recipient_id, message);
    void queryClient.invalidateQueries({ queryKey: directKeys.conversations });
  });
  useSocketEvent('messagesRead', ({ conversationId, lastReadMessageId }) =>
    applyMessagesRead(queryClient, conversationId, lastReadMessageId),
  );
}
