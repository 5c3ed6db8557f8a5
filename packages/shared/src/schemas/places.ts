/** Place search (spec part 1 §3 Location picked, §5 "more than 2 typed characters"). */
import { z } from 'zod';
import { SEARCH_MIN_CHARS } from '../constants.js';

export const placesQuerySchema = z.object({
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(SEARCH_MIN_CHARS, `Type at least ${SEARCH_MIN_CHARS} characters`)
    .max(100, 'Search text is too long'),
});

/**
 * A place: display name, address line, coordinates `[longitude, latitude]` in degrees.
 * `approximate: true` when the point may lie kilometres away (a postal district's centre, issue
 * 14): show it as approximate and do not search a radius around it until the member confirms a
 * point ("Use my position"). Absent when the point is accurate.
 */
export const placeSchema = z.object({
  name: z.string(),
  address: z.string(),
  /**
   * How a game shows the place, and the `locationName` to post: its name and its city
   * ("Koramangala, Bengaluru"), a city's name alone. Absent from older servers: use `name`.
   */
  label: z.string().optional(),
  coordinates: z.tuple([z.number(), z.number()]),
  approximate: z.literal(true).optional(),
});
export type Place = z.infer<typeof placeSchema>;

/** How a game shows `place` (its `label`, else its name). */
export const placeLabel = (place: Pick<Place, 'name' | 'label'>): string =>
  place.label ?? place.name;

/** `GET /places/reverse?lat=&lng=`: a position in degrees. */
export const placesReverseQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});

/** `GET /places/autocomplete`: the matches, a JSON array. */
export const placesResponseSchema = z.array(placeSchema);
