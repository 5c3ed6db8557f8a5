/**
 * Direct conversations (spec part 1 §2 "Messages", §3, §4; CONTRACT.md "Ids and conversations"):
 * the list, one thread per other member, mark read and the cache updates of live events.
 */
import {
  conversationWithResponseSchema,
  directConversationSchema,
  followListResponseSchema,
  lenientListSchema,
} from '@gameon/shared';
import type { DirectConversation, DirectMessage } from '@gameon/shared';
import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useSocketEvent } from '../../lib/socket';
import { messageQueries, THREAD_PAGE_SIZE } from './api';

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

const conversationsSchema = lenientListSchema(directConversationSchema);
/** People the new-message modal lists a page. */
const FOLLOWING_PAGE_SIZE = 20;

/** Query options of direct conversations; other places reuse their `queryKey`. */
export const directQueries = {
  /** `GET /direct-messages/conversations`: newest first. */
  conversations: () =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'direct-conversations'] as const,
      queryFn: async ({ signal }): Promise<DirectConversation[]> =>
        (
          await apiRequest('/direct-messages/conversations', {
            schema: conversationsSchema,
            signal,
          })
        ).data,
    }),
  /** Prefix of every direct thread. */
  threads: () => [...messageQueries.all(), 'direct'] as const,
  /**
   * `GET /direct-messages/conversation/{otherUserId}`: the thread, newest page first, each page
   * oldest first; `fetchNextPage` loads earlier messages.
   */
  thread: (otherUserId: number) =>
    infiniteQueryOptions({
      queryKey: [...directQueries.threads(), otherUserId] as const,
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
    }),
  /**
   * The people `userId` follows whose username contains `q` (all when empty), for the
   * new-message modal: `GET /users/{id}/following`, a page at a time, newest follow first.
   */
  following: (userId: number, q: string) =>
    infiniteQueryOptions({
      queryKey: [...messageQueries.all(), 'following', userId, q] as const,
      initialPageParam: null as string | null,
      queryFn: async ({ pageParam, signal }) => {
        const { data, nextCursor } = await apiRequest(`/users/${userId}/following`, {
          query: { limit: FOLLOWING_PAGE_SIZE, cursor: pageParam ?? undefined, q: q || undefined },
          schema: followListResponseSchema,
          signal,
        });
        return { people: data, nextCursor };
      },
      getNextPageParam: (page) => page.nextCursor,
    }),
};

/** The member's direct conversations ({@link directQueries.conversations}). */
export function useDirectConversations() {
  return useQuery(directQueries.conversations());
}

/** The direct thread with `otherUserId` ({@link directQueries.thread}). */
export function useDirectThread(otherUserId: number) {
  return useInfiniteQuery(directQueries.thread(otherUserId));
}

/** Applies `update` to every page of a cached direct thread. */
function updatePages(
  data: DirectThreadData,
  update: (page: DirectThreadPage) => DirectThreadPage,
): DirectThreadData {
  return { ...data, pages: data.pages.map(update) };
}

/**
 * The people the member follows whose username contains `q` ({@link directQueries.following}),
 * every loaded page in one array; asked only when `enabled`.
 */
export function useFollowing(userId: number, q: string, enabled: boolean) {
  return useInfiniteQuery({
    ...directQueries.following(userId, q),
    select: (data) => data.pages.flatMap((page) => page.people),
    enabled,
  });
}

function invalidateDirectSummaries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: directQueries.conversations().queryKey }),
    queryClient.invalidateQueries({ queryKey: messageQueries.unreadCount().queryKey }),
  ]).then(() => undefined);
}

/** Adds `message` to the cached thread with `otherUserId` (if cached), once. */
export function addDirectMessage(
  queryClient: QueryClient,
  otherUserId: number | null,
  message: DirectMessage,
): void {
  if (otherUserId === null) return;
  queryClient.setQueryData<DirectThreadData>(directQueries.thread(otherUserId).queryKey, (data) => {
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
  queryClient.setQueriesData<DirectThreadData>({ queryKey: directQueries.threads() }, (data) => {
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
 * `POST /direct-messages/mark-read/{conversationId}`. The server reads the conversation's
 * message notification too, which the app shows in the notifications cache (app/cache-rules.ts).
 */
export const markDirectReadMutation = () =>
  mutationOptions({
    mutationKey: ['messages', 'direct-mark-read'] as const,
    mutationFn: async (conversationId: number) => {
      await apiRequest(`/direct-messages/mark-read/${conversationId}`, {
        method: 'POST',
        schema: z.unknown(),
      });
    },
  });

/** Marks a direct conversation read ({@link markDirectReadMutation}); the list and badge refresh. */
export function useMarkDirectRead() {
  const queryClient = useQueryClient();
  return useMutation({
    ...markDirectReadMutation(),
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
    void queryClient.invalidateQueries({ queryKey: directQueries.conversations().queryKey });
  });
  useSocketEvent('messagesRead', ({ conversationId, lastReadMessageId }) =>
    applyMessagesRead(queryClient, conversationId, lastReadMessageId),
  );
}
