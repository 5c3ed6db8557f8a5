/** Place search (spec part 1 §3 "Location picked", §5; `GET /api/places/autocomplete`). */
import { SEARCH_MIN_CHARS, placeSchema } from '@gameon/shared';
import type { Place } from '@gameon/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';

const placesSchema = z.array(placeSchema);

/** Places matching `query`; only asked once the query has more than 2 characters. */
export function usePlaceSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['places', q],
    queryFn: async ({ signal }): Promise<Place[]> =>
      (await apiRequest('/places/autocomplete', { query: { q }, schema: placesSchema, signal }))
        .data,
    enabled: q.length >= SEARCH_MIN_CHARS,
    staleTime: 5 * 60_000,
  });
}
