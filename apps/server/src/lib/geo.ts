/**
 * Geodesy on the sphere (mean Earth radius), distances in metres, angles in degrees; and the one
 * portable SQL radius test that every "near" query composes (ARCHITECTURE.md: SQL stays portable).
 * Knows no feature.
 */
import { sql, type RawBuilder } from 'kysely';
import { NO_RADIUS } from '@gameon/shared';

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

/** The distance the API sends (CONTRACT.md): whole metres between two [lng, lat] points. */
export function roundedDistance(
  a: readonly [number, number],
  b: readonly [number, number],
): number {
  return Math.round(distanceMetres(a, b));
}

/**
 * The location filter of a list query (CONTRACT.md feed filters): `origin` [lng, lat] when `lat`
 * and `lng` are given (distances are measured from it), and `radius` in metres to filter by, or
 * null for none: -1 ({@link NO_RADIUS}), or a radius reaching round the globe.
 */
export function locationFilter(query: { lat?: number; lng?: number; radius: number }): {
  origin?: [number, number];
  radius: number | null;
} {
  const radius =
    query.radius === NO_RADIUS || query.radius >= Math.PI * EARTH_RADIUS_M ? null : query.radius;
  return query.lat !== undefined && query.lng !== undefined
    ? { origin: [query.lng, query.lat], radius }
    : { radius };
}

/**
 * Half the longitude span (degrees) of the circle of angular radius `delta` (radians) round a
 * centre at latitude `lat` (degrees): asin(sin delta / cos lat), the circle's widest point, which
 * lies a little poleward of the centre; 180 when the circle reaches a pole.
 */
function halfLngSpan(lat: number, delta: number): number {
  const ratio = Math.sin(Math.min(delta, Math.PI / 2)) / Math.cos(rad(lat));
  return delta >= Math.PI / 2 || !(ratio < 1) ? 180 : (Math.asin(ratio) * 180) / Math.PI;
}

/**
 * A latitude/longitude box that contains every point within `radius` metres of
 * (`lat`, `lng`): an index-friendly pre-filter before the exact distance test. The longitude
 * half-width is the circle's true widest extent ({@link halfLngSpan}), not r / cos(lat), which
 * falls short by a fraction of a metre.
 */
export function boundingBox(lat: number, lng: number, radius: number) {
  const delta = radius / EARTH_RADIUS_M;
  const dLat = (delta * 180) / Math.PI;
  const dLng = halfLngSpan(lat, delta);
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** The side of one cell of the feed's place index, in degrees of latitude and of longitude. */
export const GEOCELL_DEG = 0.2;
/** A cell number is row * GEOCELL_ROW + column; columns run 0..1800, so rows never collide. */
export const GEOCELL_ROW = 100_000;

/**
 * The cell of the feed's place index that holds the point (`lat`, `lng`) in degrees:
 * row floor((lat + 90) / 0.2) times 100,000 plus column floor((lng + 180) / 0.2), a whole number
 * in 0..90,001,800. {@link geocellSql} computes the same number in SQL.
 */
export function geocellOf(lat: number, lng: number): number {
  return Math.floor((lat + 90) / GEOCELL_DEG) * GEOCELL_ROW + Math.floor((lng + 180) / GEOCELL_DEG);
}

/**
 * SQL expression: {@link geocellOf} of the point in columns `columns.lat`/`columns.lng` (the same
 * double arithmetic on both dialects), NULL for a NULL point.
 */
export function geocellSql(columns: { lat: string; lng: string }): RawBuilder<number> {
  const lat = sql.ref(columns.lat);
  const lng = sql.ref(columns.lng);
  return sql<number>`(cast(floor((${lat} + 90) / ${sql.lit(GEOCELL_DEG)}) as integer) * ${sql.lit(GEOCELL_ROW)} + cast(floor((${lng} + 180) / ${sql.lit(GEOCELL_DEG)}) as integer))`;
}

/**
 * The side of one cell of the nearest-first feed's fine place index on SQLite, in degrees
 * (migration 0015): 20 by 20 of them make one {@link GEOCELL_DEG} cell.
 */
export const FINECELL_DEG = 0.01;

/**
 * SQL expression: the fine cell of the point in columns `columns.lat`/`columns.lng`, row
 * floor((lat + 90) / 0.01) times 100,000 plus column floor((lng + 180) / 0.01); NULL for a NULL
 * point.
 */
export function finecellSql(columns: { lat: string; lng: string }): RawBuilder<number> {
  const lat = sql.ref(columns.lat);
  const lng = sql.ref(columns.lng);
  return sql<number>`(cast(floor((${lat} + 90) / ${sql.lit(FINECELL_DEG)}) as integer) * ${sql.lit(GEOCELL_ROW)} + cast(floor((${lng} + 180) / ${sql.lit(FINECELL_DEG)}) as integer))`;
}

/** Haversine h of an angle in radians: sin^2(x / 2). */
const hav = (x: number) => Math.sin(x / 2) ** 2;

/**
 * The cells ({@link geocellOf}) that hold every point within `radius` metres of (`lat`, `lng`),
 * at most `maxCells` of them, or null when more would be needed or the circle reaches a pole or
 * the antimeridian (the caller then uses a plan without cells). A cell of the circle's bounding
 * box is left out only when no point of it can be in range: a lower bound of the haversine term
 * over the cell, hav(dlat) + cos(lat) * min cos(cell lat) * hav(dlng) from the cell's nearest
 * latitude and longitude, exceeds the radius's (with a margin for rounding).
 */
export function geocellsCovering(
  lat: number,
  lng: number,
  radius: number,
  maxCells: number,
): number[] | null {
  const delta = radius / EARTH_RADIUS_M;
  const dLat = (delta * 180) / Math.PI + 1e-9;
  const minLat = lat - dLat;
  const maxLat = lat + dLat;
  if (minLat <= -90 || maxLat >= 90) return null;
  // The circle's widest point is poleward of the centre; measuring at the box's polar edge is wider still.
  const dLng = halfLngSpan(Math.max(Math.abs(minLat), Math.abs(maxLat)), delta) + 1e-9;
  if (lng - dLng < -180 || lng + dLng > 180) return null;
  const rows = [Math.floor((minLat + 90) / GEOCELL_DEG), Math.floor((maxLat + 90) / GEOCELL_DEG)];
  const cols = [
    Math.floor((lng - dLng + 180) / GEOCELL_DEG),
    Math.floor((lng + dLng + 180) / GEOCELL_DEG),
  ];
  if ((rows[1]! - rows[0]! + 1) * (cols[1]! - cols[0]! + 1) > 4 * maxCells) return null;
  const limit = hav(delta) * (1 + 1e-9) + 1e-15;
  const cells: number[] = [];
  for (let row = rows[0]!; row <= rows[1]!; row++) {
    const south = row * GEOCELL_DEG - 90;
    const north = south + GEOCELL_DEG;
    const nearLat = Math.min(Math.max(lat, south), north);
    const cosFar = Math.min(Math.cos(rad(south)), Math.cos(rad(north)));
    for (let col = cols[0]!; col <= cols[1]!; col++) {
      const west = col * GEOCELL_DEG - 180;
      const east = west + GEOCELL_DEG;
      const nearLng = Math.min(Math.max(lng, west), east);
      const lower = hav(rad(lat - nearLat)) + Math.cos(rad(lat)) * cosFar * hav(rad(lng - nearLng));
      if (lower <= limit) cells.push(row * GEOCELL_ROW + col);
    }
  }
  return cells.length > maxCells ? null : cells;
}

/**
 * SQL term h of the haversine formula between the point in columns `columns.lat`/`columns.lng`
 * (degrees) and `centre`: distance = 2R asin(sqrt(h)), h in [0, 1] (up to rounding); NULL for a
 * NULL point. Uses only sin/cos/radians/power, which SQLite's math functions and PostgreSQL share.
 */
function haversineSql(
  columns: { lat: string; lng: string },
  centre: { lat: number; lng: number },
): RawBuilder<number> {
  const lat = sql.ref(columns.lat);
  const lng = sql.ref(columns.lng);
  return sql<number>`(power(sin((radians(${lat}) - ${rad(centre.lat)}) / 2), 2) + ${Math.cos(rad(centre.lat))} * cos(radians(${lat})) * power(sin((radians(${lng}) - ${rad(centre.lng)}) / 2), 2))`;
}

/**
 * The haversine term h from `centre` to a point (degrees), computed in JavaScript as
 * {@link haversineSql} computes it in SQL (the centre's radians as here, the point's as SQL's
 * radians() does), so a test `h <= haversineBound(r)` agrees with {@link withinRadiusSql} on
 * every point: the feed's index walks and caches test distance with it.
 */
export function haversineFrom(centre: { lat: number; lng: number }) {
  const latC = rad(centre.lat);
  const lngC = rad(centre.lng);
  const cosLatC = Math.cos(latC);
  /** Degrees to radians as SQLite's radians() computes them. */
  const radians = (deg: number) => deg * (Math.PI / 180);
  return (lat: number, lng: number): number =>
    Math.sin((radians(lat) - latC) / 2) ** 2 +
    cosLatC * Math.cos(radians(lat)) * Math.sin((radians(lng) - lngC) / 2) ** 2;
}

/**
 * SQL expression: whole metres from `centre` to the point in columns `columns.lat`/`columns.lng`
 * (degrees), the haversine distance as {@link roundedDistance} gives it; NULL for a NULL point.
 * h is clamped to 1 so rounding at the antipode cannot leave asin's domain. Portable SQL.
 */
export function distanceMetresSql(
  columns: { lat: string; lng: string },
  centre: { lat: number; lng: number },
): RawBuilder<number> {
  const h = haversineSql(columns, centre);
  return sql<number>`round(${2 * EARTH_RADIUS_M} * asin(sqrt(case when ${h} > 1 then 1 else ${h} end)))`;
}

/**
 * The bound of the haversine term h for `radius` metres: a distance is within the radius exactly
 * when h <= sin^2(radius / 2R). {@link withinRadiusSql} and the SQLite feed skeleton share it.
 */
export function haversineBound(radius: number): number {
  return Math.sin(radius / (2 * EARTH_RADIUS_M)) ** 2;
}

/**
 * SQL condition: the point in columns `columns.lat`/`columns.lng` (degrees) lies within `radius`
 * metres of `centre`. An index-friendly bounding box (latitude always; longitude unless the box
 * wraps the antimeridian, where the exact test alone decides) ANDed with the haversine term h
 * (distance <= r exactly when h <= sin^2(r / 2R)), written with sin/cos/radians/power, which
 * SQLite's math functions and PostgreSQL share. A NULL point is never within.
 */
export function withinRadiusSql(
  columns: { lat: string; lng: string },
  centre: { lat: number; lng: number },
  radius: number,
): RawBuilder<boolean> {
  const lat = sql.ref(columns.lat);
  const box = boundingBox(centre.lat, centre.lng, radius);
  const h = haversineBound(radius);
  const haversine = sql<boolean>`${haversineSql(columns, centre)} <= ${h}`;
  const lng = sql.ref(columns.lng);
  const latBox = sql<boolean>`${lat} >= ${box.minLat} and ${lat} <= ${box.maxLat}`;
  return box.minLng >= -180 && box.maxLng <= 180
    ? sql<boolean>`(${latBox} and ${lng} >= ${box.minLng} and ${lng} <= ${box.maxLng} and ${haversine})`
    : sql<boolean>`(${latBox} and ${haversine})`;
}

/**
 * SQL condition: the exact test of {@link withinRadiusSql} alone (haversine term h <= sin^2(r / 2R)),
 * with no bounding box, for a plan whose index already narrowed the rows (PostGIS).
 * A NULL point is never within.
 */
export function withinRadiusExactSql(
  columns: { lat: string; lng: string },
  centre: { lat: number; lng: number },
  radius: number,
): RawBuilder<boolean> {
  const h = Math.sin(radius / (2 * EARTH_RADIUS_M)) ** 2;
  return sql<boolean>`${haversineSql(columns, centre)} <= ${h}`;
}

/** One cell of the grid that `general` location sharing snaps to, in metres. */
export const GRID_CELL_M = 1000;

/**
 * The centre of the ~1 km grid cell holding (`lng`, `lat`): rows are 1 km of latitude, and
 * columns 1 km of longitude at the row's centre, so every point of a cell maps to one centre
 * and the exact spot cannot be worked back out.
 */
export function snapToGrid(lng: number, lat: number, cell = GRID_CELL_M): [number, number] {
  const dLat = (cell / EARTH_RADIUS_M) * (180 / Math.PI);
  const row = Math.floor(lat / dLat);
  const snappedLat = Math.max(-90, Math.min(90, (row + 0.5) * dLat));
  const dLng = Math.min(360, dLat / Math.max(Math.cos(rad(snappedLat)), 1e-6));
  const col = Math.floor((lng + 180) / dLng);
  const snappedLng = (col + 0.5) * dLng - 180;
  return [Math.round(Math.min(180, snappedLng) * 1e6) / 1e6, Math.round(snappedLat * 1e6) / 1e6];
}

/** The point others see of a game, by its author's `location_sharing`, or null. */
export function publicPoint(
  lng: number,
  lat: number,
  sharing: 'exact' | 'general' | 'hidden',
): [number, number] | null {
  switch (sharing) {
    case 'exact':
      return [lng, lat];
    case 'general':
      return snapToGrid(lng, lat);
    case 'hidden':
      return null;
  }
}
