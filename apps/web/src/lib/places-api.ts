/** Place search (spec part 1 §3 "Location picked", §5; `GET /api/places/autocomplete`). */
import { SEARCH_MIN_CHARS, lenientListSchema, placeSchema } from '@gameon/shared';
import type { Place } from '@gameon/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, apiRequest } from './api-client';

const placesSchema = lenientListSchema(placeSchema);

/**
 * How many times, a second apart, a search is asked again while the server answers 503: for a
 * few seconds after it starts, its offline gazetteer is still loading ("Places are still
 * loading"). Other failures are retried once unless the server said no (4xx), as elsewhere.
 */
const LOADING_RETRIES = 10;

/** Query options of the place search; other places reuse their `queryKey`. */
export const placeQueries = {
  /**
   * Places matching `q` (trimmed); only asked once it has more than 2 characters. Kept fresh
   * for 5 minutes: a gazetteer changes slowly.
   */
  search: (q: string) =>
    queryOptions({
      queryKey: ['places', q] as const,
      queryFn: async ({ signal }): Promise<Place[]> =>
        (await apiRequest('/places/autocomplete', { query: { q }, schema: placesSchema, signal }))
          .data,
      enabled: q.length >= SEARCH_MIN_CHARS,
      staleTime: 5 * 60_000,
      retry: (failureCount, error) =>
        error instanceof HttpError && error.status === 503
          ? failureCount < LOADING_RETRIES
          : failureCount < 1 && !(error instanceof HttpError && error.status < 500),
      retryDelay: 1000,
    }),
};

/**
 * `GET /places/reverse`: the place that names a position (the nearest neighbourhood within
 * 3 km, else the nearest city), in degrees.
 */
export async function reversePlace(lat: number, lng: number): Promise<Place> {
  return (await apiRequest('/places/reverse', { query: { lat, lng }, schema: placeSchema })).data;
}

/** Places matching what was typed ({@link placeQueries.search}). */
export function usePlaceSearch(query: string) {
  return useQuery(placeQueries.search(query.trim()));
}
