import type { Notification, Post, ReviewBody } from '@gameon/shared';
import { MutationObserver } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { feedQueries } from '../features/feed/api';
import { markDirectReadMutation } from '../features/messages/direct-api';
import { notificationQueries } from '../features/notifications/api';
import { followMutation } from '../features/people/api';
import { createPostMutation } from '../features/posts/api';
import { profileQueries, saveProfileFieldsMutation } from '../features/profile/api';
import {
  createReviewMutation,
  deleteReviewMutation,
  updateReviewMutation,
} from '../features/reviews/api';
import { settingsQueries } from '../features/settings/api';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  testReview,
  testSettings,
  testUser,
} from '../test/utils';

const post: Post = {
  id: 42,
  author_id: 7,
  author: { id: 7, username: 'priya' },
  sport: 'Cricket',
  heading: 'Box cricket at Powai',
  description: 'Eight overs a side.',
  tags: [],
  location: { type: 'Point', coordinates: [72.9, 19.1] },
  location_name: 'Powai, Mumbai',
  event_time: '2030-03-02T01:30:00.000Z',
  players_needed: 3,
  interested_users: [],
  created_at: '2030-03-01T10:00:00.000Z',
};

function note(id: number, conversationId: number): Notification {
  return {
    id,
    type: 'message',
    message: 'New message from asha',
    created_at: '2030-03-01T10:00:00.000Z',
    is_read: false,
    data: { conversation_id: conversationId },
  };
}

/** Caches `data` under `queryKey` as a fetched, fresh answer. */
function cached(client: QueryClient, queryKey: QueryKey, data: unknown) {
  client.setQueryData(queryKey, data);
  return () => client.getQueryState(queryKey)?.isInvalidated;
}

describe("app cache rules: one feature's change in another's cache", () => {
  it('a new post refetches the feed', async () => {
    mockFetch(() => jsonResponse(post, { status: 201 }));
    const client = createTestQueryClient();
    const feedInvalidated = cached(client, feedQueries.list({ limit: 20 }).queryKey, {
      pages: [{ posts: [], nextCursor: null }],
      pageParams: [null],
    });
    await new MutationObserver(client, createPostMutation()).mutate({
      sport: 'Cricket',
      heading: post.heading,
      description: post.description,
      tags: [],
      location: { type: 'Point', coordinates: [72.9, 19.1] },
      locationName: post.location_name,
      eventTime: post.event_time,
      playersNeeded: 3,
    });
    expect(feedInvalidated()).toBe(true);
  });

  it('a follow refetches every profile', async () => {
    mockFetch(() => jsonResponse({ success: true, following: true }));
    const client = createTestQueryClient();
    const profileInvalidated = cached(client, profileQueries.posts(3).queryKey, {
      items: [],
      more: false,
    });
    await new MutationObserver(client, followMutation()).mutate({ userId: 3, follow: true });
    expect(profileInvalidated()).toBe(true);
  });

  /** Whether the author's profile reviews are to be refetched after `mutate` succeeds. */
  async function profileReviewsRefetchedAfter(mutate: (client: QueryClient) => Promise<unknown>) {
    mockFetch(({ method }) =>
      jsonResponse(method === 'DELETE' ? { success: true } : testReview(5)),
    );
    const client = createTestQueryClient();
    const invalidated = cached(client, profileQueries.reviews(testUser.id).queryKey, {
      items: [],
      more: false,
    });
    await mutate(client);
    return invalidated();
  }
  const review: ReviewBody = {
    rating: 4,
    category: 'venue',
    title: 'Great turf',
    content: 'Well kept.',
  };

  it("a new review refetches its author's profile reviews", async () => {
    expect(
      await profileReviewsRefetchedAfter((client) =>
        new MutationObserver(client, createReviewMutation()).mutate(review),
      ),
    ).toBe(true);
  });

  it("an edited review refetches its author's profile reviews", async () => {
    expect(
      await profileReviewsRefetchedAfter((client) =>
        new MutationObserver(client, updateReviewMutation()).mutate({
          id: 5,
          body: review,
        }),
      ),
    ).toBe(true);
  });

  it("a deleted review refetches its author's profile reviews", async () => {
    expect(
      await profileReviewsRefetchedAfter((client) =>
        new MutationObserver(client, deleteReviewMutation()).mutate(5),
      ),
    ).toBe(true);
  });

  it('saved profile fields become the cached settings', async () => {
    const saved = { ...testSettings, phone_number: '9123456780' };
    mockFetch(() => jsonResponse(saved));
    const client = createTestQueryClient();
    client.setQueryData(settingsQueries.settings().queryKey, testSettings);
    await new MutationObserver(client, saveProfileFieldsMutation()).mutate({
      phone_number: '9123456780',
    });
    expect(client.getQueryData(settingsQueries.settings().queryKey)).toEqual(saved);
  });

  it('reading a direct conversation reads its message notification and refetches the count', async () => {
    mockFetch(() => jsonResponse({ success: true }));
    const client = createTestQueryClient();
    client.setQueryData(notificationQueries.list().queryKey, {
      pages: [{ notifications: [note(1, 9), note(2, 5)], nextCursor: null }],
      pageParams: [null],
    });
    const countInvalidated = cached(client, notificationQueries.unreadCount().queryKey, 2);
    await new MutationObserver(client, markDirectReadMutation()).mutate(9);
    const pages = client.getQueryData(notificationQueries.list().queryKey)?.pages;
    expect(pages?.[0]?.notifications.map((item) => [item.id, item.is_read])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(countInvalidated()).toBe(true);
  });
});
