/**
 * Place autocomplete and reverse lookup (spec part 1 §7 "maps service"): the offline
 * gazetteer by default, or the Photon or Nominatim geocoder at PLACES_URL (ARCHITECTURE.md);
 * a member's own earlier places first either way, then places near their home point.
 */
import type { Place } from '@gameon/shared';
import { distanceMetres } from '../../lib/geo.js';
import { HOME_REACH_M, SAME_PLACE_M, normalise, type Gazetteer } from './gazetteer.js';
import { searchGeocoder } from './geocoder.js';

const LIMIT = 8;

/** The first comma-separated part of a name or label: "Koramangala, Bengaluru" -> "Koramangala". */
const firstPart = (text: string) => text.split(',')[0]!.trim();

/** The last part of a label: its city ("Koramangala, Bengaluru" -> "Bengaluru"). */
const lastPart = (text: string) => text.split(',').at(-1)!.trim();

/**
 * Two suggestions are one place when their names (before any comma) compare equal and they lie
 * within {@link SAME_PLACE_M}: only the first is offered.
 */
const samePlace = (a: Place, b: Place) =>
  normalise(firstPart(a.name)) === normalise(firstPart(b.name)) &&
  distanceMetres(a.coordinates, b.coordinates) <= SAME_PLACE_M;

/**
 * A member's own place, stored as a game's `location_name` and point, as a suggestion: the
 * stored name is its label (posting it again stores the same text), its name the part before
 * the first comma; the address and approximate mark are those of the gazetteer's place it is,
 * else its name before the place that names its point (a stored name with commas is already an
 * address, never doubled).
 */
function remembered(gazetteer: Gazetteer, own: Place, found: Place[]): Place {
  const stored = own.name;
  const name = firstPart(stored);
  const known =
    found.find((place) => samePlace(place, own)) ?? gazetteer.find(name, own.coordinates);
  if (known) {
    const place: Place = {
      name,
      address: known.address,
      label: stored.includes(',') ? stored : (known.label ?? stored),
      coordinates: own.coordinates,
    };
    if (known.approximate) place.approximate = true;
    return place;
  }
  const around = gazetteer.reverse(own.coordinates);
  if (stored.includes(','))
    return { name, address: stored, label: stored, coordinates: own.coordinates };
  const city = lastPart(around.label ?? around.name);
  return {
    name,
    address:
      normalise(around.name) === normalise(name) ? around.address : `${name}, ${around.address}`,
    label: normalise(city) === normalise(name) ? name : `${name}, ${city}`,
    coordinates: own.coordinates,
  };
}

/** `places` without any that is the same place as an earlier one ({@link samePlace}). */
function distinct(places: Place[]): Place[] {
  const kept: Place[] = [];
  for (const place of places) if (!kept.some((k) => samePlace(k, place))) kept.push(place);
  return kept;
}

export interface PlacesDeps {
  /** PLACES_URL: a Photon or Nominatim search endpoint; unset for the offline gazetteer. */
  placesUrl: string | undefined;
  /** Up to `limit` places of the member's own earlier games whose name contains `q`. */
  ownPlaces: (userId: number, q: string, limit: number) => Promise<Place[]>;
  /** The member's home point `[lng, lat]` in degrees (settings), or null. */
  homePoint: (userId: number) => Promise<[number, number] | null>;
  /** The offline gazetteer (search without PLACES_URL, reverse lookup and addresses always). */
  gazetteer: Gazetteer;
}

export function createPlacesService({ placesUrl, ownPlaces, homePoint, gazetteer }: PlacesDeps) {
  return {
    /**
     * Up to 8 distinct places for `q` (already at least 3 characters): the places of `userId`'s
     * own earlier games first, at their games' points and with their approximate mark (none on
     * a point known to be far off), then the search's other places, those within 50 km of the
     * member's home point first (the gazetteer also ranks accurate places above approximate
     * ones; a geocoder's order is kept otherwise).
     * @throws AppError 502 `places_unavailable` when PLACES_URL does not answer.
     * @throws AppError 503 `places_loading` while the gazetteer is loading (after a start).
     */
    async autocomplete(userId: number, q: string): Promise<Place[]> {
      const home = await homePoint(userId);
      // The gazetteer answers (or refuses while loading) before the member's places are read.
      const searching = placesUrl
        ? searchGeocoder(placesUrl, q).then((places) =>
            home
              ? places
                  .map((place, i) => ({
                    place,
                    key: (distanceMetres(home, place.coordinates) > HOME_REACH_M ? LIMIT : 0) + i,
                  }))
                  .sort((a, b) => a.key - b.key)
                  .map(({ place }) => place)
              : places,
          )
        : Promise.resolve(gazetteer.search(q, LIMIT * 2, home));
      const [own, found] = await Promise.all([ownPlaces(userId, q, LIMIT), searching]);
      const mine = own
        .filter((place) => !gazetteer.farOff(place.coordinates))
        .map((place) => remembered(gazetteer, place, found));
      return distinct([...mine, ...found]).slice(0, LIMIT);
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
