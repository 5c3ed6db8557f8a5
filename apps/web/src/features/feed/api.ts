/**
 * The feed (spec part 1 §2 "Feed", §3 "Filter set", §7 `GET /posts`, `POST /posts/{id}/interest`,
 * `DELETE /posts/{id}/interest`).
 */
import {
  PAGE_SIZE_DEFAULT,
  interestResponseSchema,
  lenientListSchema,
  postSchema,
  settingsSchema,
  successSchema,
} from '@gameon/shared';
import type { FeedOrder, FilterType, Post, Settings } from '@gameon/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import type { QueryValue } from '../../lib/api-client';
import { parseCommaList } from '../../lib/format';

/** The filter panel's values. */
export interface FeedFilters {
  filterType: FilterType;
  sports: string[];
  esports: string[];
  /** Comma-separated. */
  tags: string;
  /** `YYYY-MM-DD`, or '' for any day. */
  date: string;
}

export const defaultFeedFilters: FeedFilters = {
  filterType: 'ALL',
  sports: [],
  esports: [],
  tags: '',
  date: '',
};

/** Where the member is: the device's position or a picked place (`name` is then set). */
export interface FeedLocation {
  lat: number;
  lng: number;
  name: string | null;
}

export type FeedQueryParams = Record<string, QueryValue>;

/**
 * Whether the feed can be ordered nearest first (CONTRACT.md `order`): only around a
 * known location and within a radius (metres), not at "Any distance".
 */
export function canOrderNearest(location: FeedLocation | null, radius: number): boolean {
  return location !== null && radius > 0;
}

/**
 * The `GET /posts` query for the filters: lists only for the categories the type allows, the
 * viewer's time zone for `date`, lat/lng/radius only when a location is known (CONTRACT.md "Feed
 * filters"; radius -1 = no distance limit), and `order`, `nearest` only when
 * {@link canOrderNearest}.
 */
export function buildFeedQuery(
  filters: FeedFilters,
  location: FeedLocation | null,
  radius: number,
  order: FeedOrder,
  timeZone: string,
): FeedQueryParams {
  return {
    filterType: filters.filterType,
    sports: filters.filterType === 'ESPORTS_ONLY' ? [] : filters.sports,
    esports: filters.filterType === 'SPORTS_ONLY' ? [] : filters.esports,
    tags: parseCommaList(filters.tags),
    date: filters.date,
    tz: timeZone,
    location: location?.name ?? undefined,
    lat: location?.lat,
    lng: location?.lng,
    radius: location ? radius : undefined,
    order: order === 'nearest' && canOrderNearest(location, radius) ? 'nearest' : 'soonest',
    limit: PAGE_SIZE_DEFAULT,
  };
}

const postsSchema = lenientListSchema(postSchema);

interface FeedPage {
  posts: Post[];
  nextCursor: string | null;
}

/** Query options of the feed feature; other places reuse their `queryKey`. */
export const feedQueries = {
  /** Prefix of every feed query. */
  all: () => ['feed'] as const,
  /**
   * `GET /posts`: upcoming posts of others, soonest or nearest first (`query.order`), a page at
   * a time ("Load more").
   */
  list: (query: FeedQueryParams) =>
    infiniteQueryOptions({
      queryKey: [...feedQueries.all(), query] as const,
      initialPageParam: null as string | null,
      queryFn: async ({ pageParam, signal }): Promise<FeedPage> => {
        const { data, nextCursor } = await apiRequest('/posts', {
          query: { ...query, cursor: pageParam ?? undefined },
          schema: postsSchema,
          signal,
        });
        return { posts: data, nextCursor };
      },
      getNextPageParam: (page) => page.nextCursor,
    }),
};

/**
 * The member's home area: their home city's name and point `[lng, lat]` (settings
 * `location_city`, `location_coordinates`; spec part 2 §7), where the feed starts.
 */
export interface HomeArea {
  name: string;
  coordinates: [number, number];
}

/** The home area of `settings`, or null when the member has none. */
export function homeAreaOf(settings: Settings): HomeArea | null {
  return settings.location_coordinates === null
    ? null
    : { name: settings.location_city ?? 'your area', coordinates: settings.location_coordinates };
}

/** Query options of the member's home area; the app refreshes it when settings change. */
export const homeAreaQuery = () =>
  queryOptions({
    queryKey: ['home-area'] as const,
    queryFn: async ({ signal }): Promise<HomeArea | null> =>
      homeAreaOf((await apiRequest('/settings', { schema: settingsSchema, signal })).data),
  });

/** The member's home area ({@link homeAreaQuery}). */
export function useHomeArea() {
  return useQuery(homeAreaQuery());
}

/**
 * `PUT /settings` with the home city's name and point: the member's home point, counted against
 * its limits (a first one is free; 429 past them). Answers all settings; the app puts them in
 * the settings and home area caches (app/cache-rules.ts).
 */
export const saveHomeAreaMutation = () =>
  mutationOptions({
    mutationKey: ['feed', 'home-area'] as const,
    mutationFn: async (area: HomeArea): Promise<Settings> =>
      (
        await apiRequest('/settings', {
          method: 'PUT',
          body: { location_city: area.name, location_coordinates: area.coordinates },
          schema: settingsSchema,
        })
      ).data,
  });

/** Saves the home area ({@link saveHomeAreaMutation}). */
export function useSaveHomeArea() {
  return useMutation(saveHomeAreaMutation());
}

/** The feed for `query` ({@link feedQueries.list}), keeping the last page while filters change. */
export function useFeed(query: FeedQueryParams, enabled: boolean) {
  return useInfiniteQuery({
    ...feedQueries.list(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * `POST /posts/{id}/interest` (spec part 1 §4 "Interest"): joins the game while places
 * are free, else its waitlist, and its group chat either way; answers `{groupChatId, status,
 * position?}`. The app refreshes the game's other views after it (app/cache-rules.ts).
 */
export const joinGameMutation = () =>
  mutationOptions({
    mutationKey: ['feed', 'join'] as const,
    mutationFn: async (postId: number) =>
      (
        await apiRequest(`/posts/${postId}/interest`, {
          method: 'POST',
          schema: interestResponseSchema,
        })
      ).data,
  });

/** Joins a game or its waitlist ({@link joinGameMutation}). */
export function useExpressInterest() {
  return useMutation(joinGameMutation());
}

/**
 * `DELETE /posts/{id}/interest`: leaves the game or its waitlist, and its group chat;
 * 400 with the server's message once the game has started. The app refetches the feed and the
 * game's other views after it (app/cache-rules.ts).
 */
export const leaveGameMutation = () =>
  mutationOptions({
    mutationKey: ['feed', 'leave'] as const,
    mutationFn: async (postId: number) => {
      await apiRequest(`/posts/${postId}/interest`, { method: 'DELETE', schema: successSchema });
    },
  });

/** Leaves a game or its waitlist ({@link leaveGameMutation}). */
export function useLeaveGame() {
  return useMutation(leaveGameMutation());
}
