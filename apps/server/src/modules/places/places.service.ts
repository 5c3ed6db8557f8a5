/**
 * Place autocomplete and reverse lookup (spec part 1 §7 "maps service"): the offline
 * gazetteer by default, or the Photon or Nominatim geocoder at PLACES_URL (ARCHITECTURE.md);
 * a member's own earlier places first either way.
 */
import type { Place } from '@gameon/shared';
import { distanceMetres } from '../../lib/geo.js';
import { normalise, type Gazetteer } from './gazetteer.js';
import { searchGeocoder } from './geocoder.js';

const LIMIT = 8;

/** How close a found place of the same name must lie to be the member's own, in metres. */
const SAME_PLACE_M = 1000;

const samePlace = (a: Place, b: Place) =>
  normalise(a.name) === normalise(b.name) &&
  distanceMetres(a.coordinates, b.coordinates) <= SAME_PLACE_M;

/**
 * A member's own place (stored as a name and a point) with an address like a search result's:
 * that of the found place it is, else its name before the place that names its point.
 */
function addressed(gazetteer: Gazetteer, own: Place, found: Place[]): Place {
  const known = found.find((place) => samePlace(place, own));
  if (known) return { ...own, address: known.address };
  const around = gazetteer.reverse(own.coordinates);
  const address =
    normalise(around.name) === normalise(own.name)
      ? around.address
      : `${own.name}, ${around.address}`;
  return { ...own, address };
}

export interface PlacesDeps {
  /** PLACES_URL: a Photon or Nominatim search endpoint; unset for the offline gazetteer. */
  placesUrl: string | undefined;
  /** Up to `limit` places of the member's own earlier games whose name contains `q`. */
  ownPlaces: (userId: number, q: string, limit: number) => Promise<Place[]>;
  /** The offline gazetteer (search without PLACES_URL, reverse lookup and addresses always). */
  gazetteer: Gazetteer;
}

export function createPlacesService({ placesUrl, ownPlaces, gazetteer }: PlacesDeps) {
  return {
    /**
     * Up to 8 places for `q` (already at least 3 characters): the places of `userId`'s own
     * earlier games first, at their games' points, then the search's other places.
     * @throws AppError 502 `places_unavailable` when PLACES_URL does not answer.
     * @throws AppError 503 `places_loading` while the gazetteer is loading (after a start).
     */
    async autocomplete(userId: number, q: string): Promise<Place[]> {
      // The gazetteer answers (or refuses while loading) before the member's places are read.
      const searching = placesUrl
        ? searchGeocoder(placesUrl, q)
        : Promise.resolve(gazetteer.search(q, LIMIT));
      const [own, found] = await Promise.all([ownPlaces(userId, q, LIMIT), searching]);
      const others = found.filter((place) => !own.some((mine) => samePlace(mine, place)));
      return [...own.map((mine) => addressed(gazetteer, mine, found)), ...others].slice(0, LIMIT);
    },

    /**
     * The nearest neighbourhood (within 3 km) or city to `[lng, lat]` in degrees.
     * @throws AppError 503 `places_loading` while the gazetteer is loading (after a start).
     */
    reverse(point: [number, number]): Place {
      return gazetteer.reverse(point);
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
