/**
 * Find People and follows (spec part 1 §2 "Find People", §4 "Follow", §7; spec part 2 §4
 * "Follow toggle"): `GET /users/search`, `POST /users/{id}/follow` and `/unfollow`.
 */
import { PAGE_SIZE_DEFAULT, SEARCH_MIN_CHARS, userSearchResultSchema } from '@gameon/shared';
import type { UserSearchResult } from '@gameon/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { followResponseSchema } from '@gameon/shared';
import { profileKeys } from '../profile/api';

export const peopleKeys = {
  searches: ['people', 'search'] as const,
  search: (q: string) => ['people', 'search', q] as const,
};

interface SearchPage {
  users: UserSearchResult[];
  nextCursor: string | null;
}

const searchResultsSchema = z.array(userSearchResultSchema);

/**
 * Members matching `query` by name, sport or interest, best match first, a page at a time.
 * Asked only once the trimmed query has more than 2 characters (spec part 1 §5).
 */
export function usePeopleSearch(query: string) {
  const q = query.trim();
  return useInfiniteQuery({
    queryKey: peopleKeys.search(q),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      const { data, nextCursor } = await apiRequest('/users/search', {
        query: { q, limit: PAGE_SIZE_DEFAULT, cursor: pageParam ?? undefined },
        schema: searchResultsSchema,
        signal,
      });
      return { users: data, nextCursor };
    },
    getNextPageParam: (page) => page.nextCursor,
    enabled: q.length >= SEARCH_MIN_CHARS,
  });
}

export interface FollowChange {
  userId: number;
  /** True to follow, false to unfollow. */
  follow: boolean;
}

/**
 * Follows or unfollows a member; answers whether the viewer now follows them. Cached search
 * results take the new state at once and every profile is refetched (spec part 2 §4).
 */
export function useFollowToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, follow }: FollowChange) =>
      (
        await apiRequest(`/users/${userId}/${follow ? 'follow' : 'unfollow'}`, {
          method: 'POST',
          schema: followResponseSchema,
        })
      ).data.following,
    onSuccess: (following, { userId }) => {
      queryClient.setQueriesData<InfiniteData<SearchPage>>(
        { queryKey: peopleKeys.searches },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              users: page.users.map((user) =>
                user.id === userId ? { ...user, is_following: following } : user,
              ),
            })),
          },
      );
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
