/**
 * Find People and follows (spec part 1 §2 "Find People", §4 "Follow", §7; spec part 2 §4
 * "Follow toggle"): `GET /users/search`, `POST /users/{id}/follow` and `/unfollow`.
 */
import {
  followResponseSchema,
  lenientListSchema,
  PAGE_SIZE_DEFAULT,
  SEARCH_MIN_CHARS,
  userSearchResultSchema,
} from '@gameon/shared';
import type { UserSearchResult } from '@gameon/shared';
import {
  infiniteQueryOptions,
  mutationOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

interface SearchPage {
  users: UserSearchResult[];
  nextCursor: string | null;
}

const searchResultsSchema = lenientListSchema(userSearchResultSchema);

/** Query options of the people feature; other places reuse their `queryKey`. */
export const peopleQueries = {
  /** Prefix of every people search. */
  searches: () => ['people', 'search'] as const,
  /**
   * Members matching `q` (trimmed) by name, sport or interest, best match first, a page at a
   * time. Asked only once `q` has more than 2 characters (spec part 1 §5).
   */
  search: (q: string) =>
    infiniteQueryOptions({
      queryKey: [...peopleQueries.searches(), q] as const,
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
    }),
};

/** The people search for what was typed ({@link peopleQueries.search}). */
export function usePeopleSearch(query: string) {
  return useInfiniteQuery(peopleQueries.search(query.trim()));
}

export interface FollowChange {
  userId: number;
  /** True to follow, false to unfollow. */
  follow: boolean;
}

/**
 * `POST /users/{id}/follow` or `/unfollow`: answers whether the viewer now follows the member.
 * The app refetches every profile after it (app/cache-rules.ts; spec part 2 §4).
 */
export const followMutation = () =>
  mutationOptions({
    mutationKey: ['people', 'follow'] as const,
    mutationFn: async ({ userId, follow }: FollowChange) =>
      (
        await apiRequest(`/users/${userId}/${follow ? 'follow' : 'unfollow'}`, {
          method: 'POST',
          schema: followResponseSchema,
        })
      ).data.following,
  });

/** Follows or unfollows ({@link followMutation}); cached search results take the new state. */
export function useFollowToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    ...followMutation(),
    onSuccess: (following, { userId }) => {
      queryClient.setQueriesData<InfiniteData<SearchPage>>(
        { queryKey: peopleQueries.searches() },
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
    },
  });
}
