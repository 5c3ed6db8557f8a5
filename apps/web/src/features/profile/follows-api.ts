/**
 * A member's follower and following lists a page at a time (`GET /users/{id}/followers` and
 * `/following`, newest follow first), optionally only usernames containing a search text. The
 * profile's own answer holds the first page; these lists go on from there.
 */
import { followListResponseSchema } from '@gameon/shared';
import type { FollowListMember } from '@gameon/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { profileQueries } from './api';

/** Members a page. */
export const FOLLOW_PAGE_SIZE = 20;

export type FollowDirection = 'followers' | 'following';

interface FollowPage {
  members: FollowListMember[];
  /** Cursor of the next, older page (`X-Next-Cursor`), null at the end. */
  nextCursor: string | null;
}

const allLoaded = (data: InfiniteData<FollowPage, string | null>) =>
  data.pages.flatMap((page) => page.members);

/**
 * Query options of a follow list of `userId`; under the profile prefix, so that a follow or a
 * block (which refetch every profile query, app/cache-rules.ts) refetches them too.
 */
export const followListQuery = (userId: number, direction: FollowDirection, q: string) =>
  infiniteQueryOptions({
    queryKey: [...profileQueries.all(), userId, 'follows', direction, q] as const,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<FollowPage> => {
      const { data, nextCursor } = await apiRequest(`/users/${userId}/${direction}`, {
        query: { limit: FOLLOW_PAGE_SIZE, cursor: pageParam ?? undefined, q: q || undefined },
        schema: followListResponseSchema,
        signal,
      });
      return { members: data, nextCursor };
    },
    getNextPageParam: (page) => page.nextCursor,
  });

/** A follow list of `userId` ({@link followListQuery}), every loaded page in one array. */
export function useFollowList(userId: number, direction: FollowDirection, q = '', enabled = true) {
  return useInfiniteQuery({ ...followListQuery(userId, direction, q), select: allLoaded, enabled });
}
