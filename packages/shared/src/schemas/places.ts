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

/** A place: display name, address line, coordinates `[longitude, latitude]`. */
export const placeSchema = z.object({
  name: z.string(),
  address: z.string(),
  coordinates: z.tuple([z.number(), z.number()]),
});
export type Place = z.infer<typeof placeSchema>;

/** `GET /places/autocomplete`: the matches, a JSON array. */
export const placesResponseSchema = z.array(placeSchema);
