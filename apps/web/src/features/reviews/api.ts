/**
 * Community reviews (spec part 2 §2 "Reviews", "Create review", §7; CONTRACT.md reviews calls):
 * the list by category, the member's own reviews, the stats, and writing, editing and deleting.
 */
import {
  lenientListSchema,
  PAGE_SIZE_DEFAULT,
  reviewSchema,
  reviewStatsSchema,
  successSchema,
} from '@gameon/shared';
import type { Review, ReviewBody, ReviewCategory } from '@gameon/shared';
import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { useRefetchingMutation } from '../../lib/use-refetching-mutation';

/** The list filter: one category, or `all` (spec part 2 §9 "the list filter adds all"). */
export type CategoryFilter = ReviewCategory | 'all';

interface ReviewPage {
  reviews: Review[];
  /** Cursor of the next, older page (`X-Next-Cursor`), null at the oldest. */
  nextCursor: string | null;
}

/** Every loaded page's reviews in one list. */
function allLoaded(data: InfiniteData<ReviewPage, string | null>): Review[] {
  return data.pages.flatMap((page) => page.reviews);
}

/** `?category=` of a filter: left out for `all`. */
function categoryQuery(category: CategoryFilter): string | undefined {
  return category === 'all' ? undefined : category;
}

/** Infinite query options of a newest-first review list at `path`, 20 a page (CONTRACT.md). */
function reviewPages<K extends readonly unknown[]>(
  queryKey: K,
  path: string,
  category?: CategoryFilter,
) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ReviewPage> => {
      const { data, nextCursor } = await apiRequest(path, {
        query: {
          category: category === undefined ? undefined : categoryQuery(category),
          limit: PAGE_SIZE_DEFAULT,
          cursor: pageParam ?? undefined,
        },
        schema: lenientListSchema(reviewSchema),
        signal,
      });
      return { reviews: data, nextCursor };
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Query options of the reviews feature; other places reuse their `queryKey`. */
export const reviewQueries = {
  /** Prefix of every reviews query. */
  all: () => ['reviews'] as const,
  /** `GET /reviews?category=`: members' reviews, newest first, a page at a time. */
  list: (category: CategoryFilter) =>
    reviewPages([...reviewQueries.all(), 'list', category] as const, '/reviews', category),
  /** `GET /reviews/my-reviews`: the member's own reviews, newest first, a page at a time. */
  mine: () => reviewPages([...reviewQueries.all(), 'mine'] as const, '/reviews/my-reviews'),
  /**
   * `GET /reviews/stats?category=` (CONTRACT.md): count, average (null when 0), the count per
   * star and every category's count and average.
   */
  stats: (category: CategoryFilter) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'stats', category] as const,
      queryFn: async ({ signal }) =>
        (
          await apiRequest('/reviews/stats', {
            query: { category: categoryQuery(category) },
            schema: reviewStatsSchema,
            signal,
          })
        ).data,
    }),
};

/** Reviews of a category ({@link reviewQueries.list}), every loaded page in one list. */
export function useReviews(category: CategoryFilter) {
  return useInfiniteQuery({
    ...reviewQueries.list(category),
    select: allLoaded,
  });
}

/** The member's own reviews ({@link reviewQueries.mine}), every loaded page in one list. */
export function useMyReviews() {
  return useInfiniteQuery({
    ...reviewQueries.mine(),
    select: allLoaded,
  });
}

/** Review stats for a category ({@link reviewQueries.stats}). */
export function useReviewStats(category: CategoryFilter) {
  return useQuery(reviewQueries.stats(category));
}

/**
 * `POST /reviews` (spec part 2 §5, §7) -> the new review (201); 400 with the server's message.
 * Like an edit and a delete, it makes the app refetch the profiles (app/cache-rules.ts), whose
 * Reviews (n) show it.
 */
export const createReviewMutation = () =>
  mutationOptions({
    mutationKey: ['reviews', 'create'] as const,
    mutationFn: async (body: ReviewBody) =>
      (await apiRequest('/reviews', { method: 'POST', body, schema: reviewSchema })).data,
  });

/** `PUT /reviews/{id}` by its author (CONTRACT.md) -> the changed review; 403 for anyone else. */
export const updateReviewMutation = () =>
  mutationOptions({
    mutationKey: ['reviews', 'update'] as const,
    mutationFn: async ({ id, body }: { id: number; body: ReviewBody }) =>
      (await apiRequest(`/reviews/${id}`, { method: 'PUT', body, schema: reviewSchema })).data,
  });

/** `DELETE /reviews/{id}` by its author (CONTRACT.md); 403 for anyone else, 404 unknown. */
export const deleteReviewMutation = () =>
  mutationOptions({
    mutationKey: ['reviews', 'delete'] as const,
    mutationFn: async (id: number) => {
      await apiRequest(`/reviews/${id}`, { method: 'DELETE', schema: successSchema });
    },
  });

/** Writes a review ({@link createReviewMutation}). */
export function useCreateReview() {
  return useRefetchingMutation(createReviewMutation(), reviewQueries.all());
}

/** Edits one of the member's reviews ({@link updateReviewMutation}). */
export function useUpdateReview() {
  return useRefetchingMutation(updateReviewMutation(), reviewQueries.all());
}

/** Deletes one of the member's reviews ({@link deleteReviewMutation}). */
export function useDeleteReview() {
  return useRefetchingMutation(deleteReviewMutation(), reviewQueries.all());
}
