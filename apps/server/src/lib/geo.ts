/** Geodesy on the sphere (mean Earth radius), distances in metres, angles in degrees. */

export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two [lng, lat] points (haversine). */
export function distanceMetres(a: readonly [number, number], b: readonly [number, number]): number {
  const [lng1, lat1] = a;
  const [lng2, lat2] = b;
  const h =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A latitude/longitude box that contains every point within `radius` metres of
 * (`lat`, `lng`): an index-friendly pre-filter before the exact distance test.
 */
export function boundingBox(lat: number, lng: number, radius: number) {
  const dLat = (radius / EARTH_RADIUS_M) * (180 / Math.PI);
  const cosLat = Math.cos(rad(lat));
  const dLng = cosLat < 1e-9 ? 180 : Math.min(180, dLat / cosLat);
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}
