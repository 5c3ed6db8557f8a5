/**
 * Place autocomplete and reverse lookup (spec part 1 §7 "maps service"; issue 14): the offline
 * gazetteer by default, or the Photon or Nominatim geocoder at PLACES_URL (ARCHITECTURE.md);
 * a member's own earlier places first either way.
 */
import type { Place } from '@gameon/shared';
import { reverseGazetteer, searchGazetteer, normalise } from './gazetteer.js';
import { searchGeocoder } from './geocoder.js';

const LIMIT = 8;

export interface PlacesDeps {
  /** PLACES_URL: a Photon or Nominatim search endpoint; unset for the offline gazetteer. */
  placesUrl: string | undefined;
  /** Up to `limit` places of the member's own earlier games whose name contains `q`. */
  ownPlaces: (userId: number, q: string, limit: number) => Promise<Place[]>;
}

export function createPlacesService({ placesUrl, ownPlaces }: PlacesDeps) {
  return {
    /**
     * Up to 8 places for `q` (already at least 3 characters): the places of `userId`'s own
     * earlier games first (issue 14), then the search's, without a second place of the same name.
     * @throws AppError 502 `places_unavailable` when PLACES_URL does not answer.
     */
    async autocomplete(userId: number, q: string): Promise<Place[]> {
      const [own, found] = await Promise.all([
        ownPlaces(userId, q, LIMIT),
        placesUrl ? searchGeocoder(placesUrl, q) : Promise.resolve(searchGazetteer(q, LIMIT)),
      ]);
      const ownNames = new Set(own.map((place) => normalise(place.name)));
      return [...own, ...found.filter((place) => !ownNames.has(normalise(place.name)))].slice(
        0,
        LIMIT,
      );
    },

    /** The nearest neighbourhood (within 3 km) or city to `[lng, lat]` in degrees (issue 14). */
    reverse(point: [number, number]): Place {
      return reverseGazetteer(point);
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
