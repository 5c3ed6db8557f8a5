/**
 * Notifications (spec part 1 §2 "Notification dropdown", §4 "Notifications"; spec part 2 §2):
 * TanStack Query hooks, the live `notification` event and the targets of each type.
 */
import { notificationCountSchema, notificationSchema } from '@gameon/shared';
import type { Notification } from '@gameon/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useSocket, useSocketReconnect } from '../../lib/socket';

/** Notifications fetched per request (spec part 1 §9). */
export const NOTIFICATIONS_PAGE_SIZE = 50;

/** Local storage key of the newest notification id seen live (spec part 1 §3). */
export const LAST_SEEN_NOTIFICATION_KEY = 'lastSeenNotificationId';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

const notificationsSchema = z.array(notificationSchema);
const anySchema = z.unknown();

/** `GET /notifications?limit=50`: newest first. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/notifications', {
          query: { limit: NOTIFICATIONS_PAGE_SIZE },
          schema: notificationsSchema,
          signal,
        })
      ).data,
  });
}

/** `GET /notifications/unread-count`. */
export function useNotificationCount() {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: async ({ signal }) =>
      (await apiRequest('/notifications/unread-count', { schema: notificationCountSchema, signal }))
        .data.count,
  });
}

function setRead(queryClient: QueryClient, ids: readonly number[] | 'all'): void {
  queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
    list?.map((item) =>
      ids === 'all' || ids.includes(item.id) ? { ...item, is_read: true } : item,
    ),
  );
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount }),
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
      queryClient.setQueryData(notificationKeys.unreadCount, 0);
    },
    onError: (error) => console.error('Could not mark all notifications read', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount }),
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
 * `lastSeenNotificationId` (or none is stored), once per id, and stores the newest id seen.
 */
export function receiveNotification(queryClient: QueryClient, notification: Notification): void {
  const lastSeen = readLastSeen();
  if (lastSeen === null || notification.id > lastSeen) {
    queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) => {
      if (!list) return list;
      if (list.some((item) => item.id === notification.id)) return list;
      return [notification, ...list];
    });
    storeLastSeen(notification.id);
  }
  void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
}

/** Keeps notifications live for the signed-in layout; refetches them after a reconnect. */
export function useNotificationsRealtime(): void {
  const queryClient = useQueryClient();
  const { socket } = useSocket();
  const clientRef = useRef(queryClient);
  useEffect(() => {
    clientRef.current = queryClient;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = (notification: Notification) =>
      receiveNotification(clientRef.current, notification);
    socket.on('notification', listener);
    return () => {
      socket.off('notification', listener);
    };
  }, [socket]);
  useSocketReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
}

/** Where a notification leads (spec part 1 §2), or null for an unknown type. */
export function notificationTarget(notification: Notification): string | null {
  const { data } = notification;
  switch (notification.type) {
    case 'follow':
      return data.follower_id == null ? null : `/profile/${data.follower_id}`;
    case 'interest':
      return '/past-posts';
    case 'nearby_post':
      return '/';
    case 'message':
      return data.conversation_id == null
        ? '/messages'
        : `/messages?conversation=${data.conversation_id}`;
    default:
      return null;
  }
}
