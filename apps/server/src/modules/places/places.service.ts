/**
 * Place autocomplete (spec part 1 §7 "maps service"): the offline gazetteer by default, or a
 * Nominatim-compatible search endpoint when PLACES_URL is set (ARCHITECTURE.md).
 */
import type { Place } from '@gameon/shared';
import { AppError } from '../../lib/errors.js';
import { searchGazetteer } from './gazetteer.js';

interface NominatimResult {
  name?: string;
  display_name: string;
  lat: string;
  lon: string;
}

export function createPlacesService(placesUrl: string | undefined) {
  return {
    /** Up to 8 places for `q` (already at least 3 characters). @throws AppError 502 upstream. */
    async autocomplete(q: string): Promise<Place[]> {
      if (!placesUrl) return searchGazetteer(q);
      const url = new URL(placesUrl);
      url.searchParams.set('q', q);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', '8');
      const response = await fetch(url, {
        headers: { 'User-Agent': 'GameOn/0.1' },
        signal: AbortSignal.timeout(5000),
      }).catch(() => null);
      if (!response?.ok)
        throw new AppError('places_unavailable', 502, 'Place search is unavailable right now');
      const results: unknown = await response.json().catch(() => null);
      if (!Array.isArray(results))
        throw new AppError('places_unavailable', 502, 'Place search is unavailable right now');
      return (results as NominatimResult[]).map((r) => ({
        name: r.name || r.display_name.split(',')[0] || r.display_name,
        address: r.display_name,
        coordinates: [Number(r.lon), Number(r.lat)],
      }));
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
