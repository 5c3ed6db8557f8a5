import type { Notification } from '@gameon/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { LAST_SEEN_NOTIFICATION_KEY, notificationQueries, receiveNotification } from './api';

const at = '2026-11-27T10:00:00.000Z';
const interest = (id: number, message: string, data: Notification['data']): Notification => ({
  id,
  type: 'interest',
  message,
  created_at: at,
  is_read: false,
  data,
});

function cached(client: QueryClient) {
  const data = client.getQueryData(notificationQueries.list().queryKey);
  return data?.pages.flatMap((page) => page.notifications.map((n) => [n.id, n.message]));
}

describe('a live grouped notification', () => {
  let client: QueryClient;
  beforeEach(() => {
    localStorage.removeItem(LAST_SEEN_NOTIFICATION_KEY);
    client = new QueryClient();
    client.setQueryData(notificationQueries.list().queryKey, {
      pageParams: [null],
      pages: [
        {
          nextCursor: null,
          notifications: [
            interest(5, 'asha is interested in your post "Nets"', { post_id: 1 }),
            interest(4, 'old is interested in your post "Turf"', { post_id: 2 }),
          ],
        },
      ],
    });
  });

  it('replaces the row it names in data.replaced_id, so the list shows one', () => {
    receiveNotification(
      client,
      interest(7, 'ravi and 1 other are interested in your game "Nets"', {
        post_id: 1,
        count: 2,
        replaced_id: 5,
      }),
    );
    expect(cached(client)).toEqual([
      [7, 'ravi and 1 other are interested in your game "Nets"'],
      [4, 'old is interested in your post "Turf"'],
    ]);
  });

  it('keeps every row when the new one replaced none', () => {
    receiveNotification(
      client,
      interest(8, 'new is interested in your post "Nets"', { post_id: 1 }),
    );
    expect(cached(client)?.map(([id]) => id)).toEqual([8, 5, 4]);
  });
});
