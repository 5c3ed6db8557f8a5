/**
 * A full geocoder for deployments (PLACES_URL, ARCHITECTURE.md), in either of two open-source
 * APIs over OpenStreetMap data:
 * - Photon (https://github.com/komoot/photon): its search path is `/api`, e.g.
 *   `https://photon.komoot.io/api`; it answers GeoJSON features;
 * - Nominatim (https://nominatim.org): any other path, e.g.
 *   `https://nominatim.openstreetmap.org/search`; it answers a JSON array (`format=jsonv2`).
 */
import type { Place } from '@gameon/shared';
import { AppError } from '../../lib/errors.js';

interface NominatimResult {
  name?: string;
  display_name: string;
  /** With `addressdetails=1`. */
  address?: Partial<Record<'city' | 'town' | 'village' | 'county' | 'state_district', string>>;
  lat: string;
  lon: string;
}

interface PhotonFeature {
  geometry: { coordinates: [number, number] };
  properties: Partial<
    Record<'name' | 'street' | 'district' | 'locality' | 'city' | 'county' | 'state', string>
  > & { country?: string };
}

const LIMIT = 8;

const unavailable = () =>
  new AppError('places_unavailable', 502, 'Place search is unavailable right now');

/** True when PLACES_URL is Photon's search endpoint (its path ends in `/api`). */
export function isPhoton(placesUrl: string): boolean {
  return /\/api\/?$/.test(new URL(placesUrl).pathname);
}

/** Distinct non-empty parts joined by commas. */
const joined = (parts: (string | undefined)[]) =>
  [...new Set(parts.filter((part): part is string => Boolean(part)))].join(', ');

/** "Name, Locality, City, State, Country", without empty or repeated parts; label "Name, City". */
function photonPlace({ geometry, properties: p }: PhotonFeature): Place {
  const name = p.name ?? p.street ?? p.locality ?? p.city ?? p.state ?? p.country ?? '';
  return {
    name,
    address: joined([name, p.district ?? p.locality, p.city ?? p.county, p.state, p.country]),
    label: joined([name, p.city ?? p.county]),
    coordinates: geometry.coordinates,
  };
}

function nominatimPlace(r: NominatimResult): Place {
  const name = r.name || r.display_name.split(',')[0] || r.display_name;
  const a = r.address ?? {};
  return {
    name,
    address: r.display_name,
    label: joined([name, a.city ?? a.town ?? a.village ?? a.county ?? a.state_district]),
    coordinates: [Number(r.lon), Number(r.lat)],
  };
}

/**
 * Up to 8 places for `q` from the geocoder at `placesUrl`, in English.
 * @throws AppError 502 `places_unavailable` when it does not answer within 5 s or answers nonsense.
 */
export async function searchGeocoder(placesUrl: string, q: string): Promise<Place[]> {
  const photon = isPhoton(placesUrl);
  const url = new URL(placesUrl);
  url.searchParams.set('q', q);
  url.searchParams.set('limit', String(LIMIT));
  if (photon) url.searchParams.set('lang', 'en');
  else {
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('addressdetails', '1');
  }
  const response = await fetch(url, {
    headers: { 'User-Agent': 'GameOn/0.1', 'Accept-Language': 'en' },
    signal: AbortSignal.timeout(5000),
  }).catch(() => null);
  if (!response?.ok) throw unavailable();
  const body: unknown = await response.json().catch(() => null);
  if (photon) {
    const features = (body as { features?: unknown } | null)?.features;
    if (!Array.isArray(features)) throw unavailable();
    return (features as PhotonFeature[]).map(photonPlace);
  }
  if (!Array.isArray(body)) throw unavailable();
  return (body as NominatimResult[]).map(nominatimPlace);
}
