/**
 * Notifications (spec part 1 §2 "Notification dropdown", §4 "Notifications"; spec part 2 §2):
 * TanStack Query hooks, the live `notification` event and the targets of each type.
 */
import {
  eventInvitationSchema,
  invitationAcceptedSchema,
  lenientListSchema,
  notificationCountSchema,
  notificationTarget as sharedNotificationTarget,
  receivedNotificationSchema,
  successSchema,
} from '@gameon/shared';
import type { ReceivedNotification } from '@gameon/shared';
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

/** Notifications fetched per request (spec part 1 §9). */
export const NOTIFICATIONS_PAGE_SIZE = 50;

/** Local storage key of the newest notification id seen live (spec part 1 §3). */
export const LAST_SEEN_NOTIFICATION_KEY = 'lastSeenNotificationId';

/** Read item by item: a notification of a type this app does not know still shows. */
const notificationsSchema = lenientListSchema(receivedNotificationSchema);
const anySchema = z.unknown();

interface NotificationPage {
  notifications: ReceivedNotification[];
  /** Cursor of the next, older page (`X-Next-Cursor`), null at the oldest. */
  nextCursor: string | null;
}

type NotificationPages = InfiniteData<NotificationPage, string | null>;

/** Query options of the notifications feature; other places reuse their `queryKey`. */
export const notificationQueries = {
  /** Prefix of every notifications query. */
  all: () => ['notifications'] as const,
  /**
   * `GET /notifications?limit=50`, newest first; `fetchNextPage` loads older pages (CONTRACT.md
   * "Pagination").
   */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), 'list'] as const,
      initialPageParam: null as string | null,
      queryFn: async ({ pageParam, signal }): Promise<NotificationPage> => {
        const { data, nextCursor } = await apiRequest('/notifications', {
          query: { limit: NOTIFICATIONS_PAGE_SIZE, cursor: pageParam ?? undefined },
          schema: notificationsSchema,
          signal,
        });
        return { notifications: data, nextCursor };
      },
      getNextPageParam: (page) => page.nextCursor,
    }),
  /** `GET /notifications/unread-count`. */
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'unread-count'] as const,
      queryFn: async ({ signal }) =>
        (
          await apiRequest('/notifications/unread-count', {
            schema: notificationCountSchema,
            signal,
          })
        ).data.count,
    }),
};

/**
 * The ids of the member's pending invitations (`GET /event-invitations`): an `event_invitation`
 * row offers Accept and Decline only while its invitation is among them (not yet answered, and
 * still open: the event not full, closed, cancelled or hidden by a block).
 */
export function usePendingInvitationIds(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationQueries.all(), 'pending-invitations'] as const,
    queryFn: async ({ signal }) =>
      new Set(
        (
          await apiRequest('/event-invitations', {
            schema: lenientListSchema(eventInvitationSchema),
            signal,
          })
        ).data
          .filter((invitation) => invitation.status === 'pending')
          .map((invitation) => invitation.id),
      ),
    enabled,
  });
}

/**
 * Answers invitation `id` from its notification: `accept` answers the event's id (for its
 * registration form), `decline` nothing; the pending invitations are refetched either way.
 */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
      answer === 'accept'
        ? (
            await apiRequest(`/event-invitations/${id}/accept`, {
              method: 'POST',
              schema: invitationAcceptedSchema,
            })
          ).data.event_id
        : (await apiRequest(`/event-invitations/${id}/decline`, {
            method: 'POST',
            schema: successSchema,
          }),
          null),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: [...notificationQueries.all(), 'pending-invitations'],
      }),
  });
}

/** The member's notifications ({@link notificationQueries.list}), every loaded page in one list. */
export function useNotifications() {
  return useInfiniteQuery({
    ...notificationQueries.list(),
    select: (data) => data.pages.flatMap((page) => page.notifications),
  });
}

/** Applies `update` to every cached notification. */
function updateCachedNotifications(
  queryClient: QueryClient,
  update: (item: ReceivedNotification) => ReceivedNotification,
): void {
  queryClient.setQueryData<NotificationPages>(notificationQueries.list().queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map(update),
          })),
        }
      : data,
  );
}

/** The member's unread notification count ({@link notificationQueries.unreadCount}). */
export function useNotificationCount() {
  return useQuery(notificationQueries.unreadCount());
}

function setRead(queryClient: QueryClient, ids: readonly number[] | 'all'): void {
  updateCachedNotifications(queryClient, (item) =>
    ids === 'all' || ids.includes(item.id) ? { ...item, is_read: true } : item,
  );
}

/**
 * The member read a direct conversation: the server read its message notification too, so the
 * cached one is shown read and the unread count is refetched.
 */
export function conversationNotificationsRead(
  queryClient: QueryClient,
  conversationId: number,
): Promise<void> {
  updateCachedNotifications(queryClient, (item) =>
    item.type === 'message' && item.data.conversation_id === conversationId
      ? { ...item, is_read: true }
      : item,
  );
  return queryClient.invalidateQueries({ queryKey: notificationQueries.unreadCount().queryKey });
}

async function markRead(ids: readonly number[]): Promise<void> {
  await apiRequest('/notifications/mark-read', {
    method: 'POST',
    body: { notificationIds: ids },
    schema: anySchema,
  });
}

/** `POST /notifications/mark-read` for the given ids. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (_data, ids) => setRead(queryClient, ids),
    onError: (error) => console.error('Could not mark notifications read', error),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: notificationQueries.unreadCount().queryKey }),
  });
}

/**
 * `POST /notifications/mark-all-read`; when it fails, `mark-read` with `unreadIds` instead
 * (spec part 1 §4). Rejects only when both fail.
 */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (unreadIds: readonly number[]) => {
      try {
        await apiRequest('/notifications/mark-all-read', { method: 'POST', schema: anySchema });
      } catch (error) {
        console.error('mark-all-read failed; marking each notification', error);
        if (unreadIds.length === 0) throw error;
        await markRead(unreadIds);
      }
    },
    onSuccess: () => {
      setRead(queryClient, 'all');
      queryClient.setQueryData(notificationQueries.unreadCount().queryKey, 0);
    },
    onError: (error) => console.error('Could not mark all notifications read', error),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: notificationQueries.unreadCount().queryKey }),
  });
}

function readLastSeen(): number | null {
  try {
    const stored = localStorage.getItem(LAST_SEEN_NOTIFICATION_KEY);
    const id = stored === null ? NaN : Number(stored);
    return Number.isFinite(id) ? id : null;
  } catch {
    return null;
  }
}

function storeLastSeen(id: number): void {
  try {
    localStorage.setItem(LAST_SEEN_NOTIFICATION_KEY, String(id));
  } catch (error) {
    console.error('Could not access local storage', error);
  }
}

/**
 * Adds a pushed notification at the top of the cached list when its id is above the stored
 * `lastSeenNotificationId` (or none is stored), once per id, and stores the newest id seen. A
 * grouped row's `data.replaced_id` (the unread row it replaced on the server) leaves the list.
 */
export function receiveNotification(
  queryClient: QueryClient,
  notification: ReceivedNotification,
): void {
  const lastSeen = readLastSeen();
  if (lastSeen === null || notification.id > lastSeen) {
    queryClient.setQueryData<NotificationPages>(notificationQueries.list().queryKey, (data) => {
      const [first, ...older] = data?.pages ?? [];
      if (!data || !first) return data;
      const known = data.pages.some((page) =>
        page.notifications.some((item) => item.id === notification.id),
      );
      if (known) return data;
      // A grouped row (interest in one game) replaces the unread row of its group: the list
      // shows the new one only.
      const replaced = notification.data.replaced_id;
      const kept = (items: ReceivedNotification[]) =>
        typeof replaced === 'number' ? items.filter((item) => item.id !== replaced) : items;
      return {
        ...data,
        pages: [
          { ...first, notifications: [notification, ...kept(first.notifications)] },
          ...older.map((page) => ({ ...page, notifications: kept(page.notifications) })),
        ],
      };
    });
    storeLastSeen(notification.id);
  }
  void queryClient.invalidateQueries({ queryKey: notificationQueries.unreadCount().queryKey });
}

/** Keeps notifications live for the signed-in layout; refetches them on every (re)connect. */
export function useNotificationsRealtime(): void {
  const queryClient = useQueryClient();
  useSocketEvent('notification', (notification) => receiveNotification(queryClient, notification));
  useSocketConnect(() => {
    void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
  });
}

/**
 * Where a notification leads, or null (an unknown type, or data without the id it needs): the
 * shared map, which web push uses too.
 */
export function notificationTarget(notification: ReceivedNotification): string | null {
  return sharedNotificationTarget(notification);
}
