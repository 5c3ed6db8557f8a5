/**
 * Offline place search that knows India: search and reverse lookup over a packed
 * index of about 280,000 places (cities, curated neighbourhoods, post-office localities; built by
 * gazetteer-build.ts, which says where they come from).
 *
 * The index is only ever built in a worker thread (gazetteer.worker.ts): building it takes
 * seconds of parsing, and on the server's thread that froze every request and socket
 * acknowledgement together (4–10 s at the first search after a start). Until the worker has
 * delivered, search and reverse lookup answer 503 "Places are still loading"; a failed worker is
 * retried in a new worker, never here. The worker moves the index over as typed arrays in a
 * transfer list: nothing is copied or parsed on this thread (structured clones of its string
 * arrays stalled the loop 150–640 ms). One index serves the whole process, however many apps it
 * builds (tests build many).
 */
import { Worker } from 'node:worker_threads';
import type { Place } from '@gameon/shared';
import { AppError } from '../../lib/errors.js';
import { distanceMetres } from '../../lib/geo.js';

/** Flag bits of {@link PackedGazetteer.flags}. */
export const APPROXIMATE = 1;
export const INDIA = 2;
/** A neighbourhood or post office (not a city): its label names its city or district. */
export const LOCALITY = 4;

/**
 * The gazetteer, columnar and in typed arrays only (30 MB instead of 130 MB of objects, and
 * movable between threads without a copy): place `i` (biggest first) is named by the UTF-8 bytes
 * `names[nameStart[i]..nameStart[i + 1])`, its address continues with context `contextOf[i]`
 * (bytes `contexts[contextStart[c]..contextStart[c + 1])`, e.g. "Karnataka, India"), and it lies
 * at `lng[i]`, `lat[i]` (degrees) with `flags[i]`. The search keys are one UTF-8 buffer, `keys`,
 * each key preceded by a newline and the last followed by one; `keyStart[k]` is the byte where
 * key `k` starts and `keyPlace[k]` the place it names.
 */
export interface PackedGazetteer {
  names: Uint8Array;
  nameStart: Uint32Array;
  contexts: Uint8Array;
  contextStart: Uint32Array;
  contextOf: Uint32Array;
  lng: Float64Array;
  lat: Float64Array;
  flags: Uint8Array;
  keys: Uint8Array;
  keyStart: Uint32Array;
  keyPlace: Uint32Array;
  /** The places that are cities, and the curated neighbourhoods (reverse lookup). */
  cities: Uint32Array;
  neighbourhoods: Uint32Array;
  /**
   * Post-office points known to be far off (post-offices.ts `farOffPoints`), dropped from
   * the index: lng, lat, lng, lat, ... in degrees.
   */
  farOff: Float64Array;
}

/** The buffers under `index`'s arrays: the transfer list of its hand-over. */
export function gazetteerBuffers(index: PackedGazetteer): ArrayBuffer[] {
  return Object.values(index).map((array: ArrayBufferView) => array.buffer as ArrayBuffer);
}

/** The index as searched here: the byte buffers wrapped (not copied) as Buffers. */
interface Index extends PackedGazetteer {
  names: Buffer;
  contexts: Buffer;
  keys: Buffer;
}

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

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

const SPACE = 0x20;
const HYPHEN = 0x2d;

/** How near the member's home point a place ranks first, in metres (the spec's widest radius). */
export const HOME_REACH_M = 50_000;

/** How close a place of the same name must lie to be the same place, in metres. */
export const SAME_PLACE_M = 1000;

function toPlace(index: Index, i: number): Place {
  const name = index.names.toString('utf8', index.nameStart[i], index.nameStart[i + 1]);
  const c = index.contextOf[i]!;
  const context = index.contexts.toString('utf8', index.contextStart[c], index.contextStart[c + 1]);
  // A neighbourhood's context starts with its city, a post office's with its district.
  const city = context.split(',')[0]!.trim();
  const place: Place = {
    name,
    address: `${name}, ${context}`,
    label:
      index.flags[i]! & LOCALITY && normalise(city) !== normalise(name) ? `${name}, ${city}` : name,
    coordinates: [index.lng[i]!, index.lat[i]!],
  };
  if (index.flags[i]! & APPROXIMATE) place.approximate = true;
  return place;
}

/** The key whose bytes hold position `at` of `index.keys`: the last key starting at or before it. */
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
 * The search of {@link Gazetteer.search} over a loaded index. It compares UTF-8 bytes: a valid
 * UTF-8 query only matches whole characters, and the space and hyphen that start a word never
 * occur inside a multi-byte character.
 */
function search(
  index: Index,
  query: string,
  limit: number,
  near: readonly [number, number] | null,
): Place[] {
  const q = normalise(query);
  if (q.length === 0 || q.includes('\n')) return [];
  const needle = Buffer.from(q, 'utf8');
  const { keys, keyStart, keyPlace } = index;
  const best = new Map<number, number>();
  for (let at = keys.indexOf(needle); at !== -1; at = keys.indexOf(needle, at + 1)) {
    const key = keyAt(index, at);
    const start = keyStart[key]!;
    const end = key + 1 < keyStart.length ? keyStart[key + 1]! - 1 : keys.length - 1;
    if (at + needle.length > end) continue; // runs into the next key
    const before = keys[at - 1];
    const rank =
      at === start
        ? at + needle.length === end
          ? 0
          : 2
        : before === SPACE || before === HYPHEN
          ? 4
          : -1;
    if (rank < 0) continue;
    const place = keyPlace[key]!;
    const known = best.get(place);
    if (known === undefined || rank < known) best.set(place, rank);
  }
  const away = (place: number) =>
    near && distanceMetres(near, [index.lng[place]!, index.lat[place]!]) > HOME_REACH_M ? 1 : 0;
  return (
    [...best]
      .map(([place, rank]) => ({
        place,
        away: away(place),
        approximate: index.flags[place]! & APPROXIMATE,
        rank: rank + (index.flags[place]! & INDIA ? 0 : 1),
      }))
      // Places are numbered biggest first, so the number breaks ties by size.
      .sort(
        (a, b) =>
          a.away - b.away || a.approximate - b.approximate || a.rank - b.rank || a.place - b.place,
      )
      .slice(0, limit)
      .map(({ place }) => toPlace(index, place))
  );
}

/** The place of {@link Gazetteer.find}. */
function find(index: Index, name: string, point: readonly [number, number]): Place | null {
  const key = normalise(name);
  return (
    search(index, name, 200, point).find(
      (place) =>
        normalise(place.name) === key && distanceMetres(place.coordinates, point) <= SAME_PLACE_M,
    ) ?? null
  );
}

/** The check of {@link Gazetteer.farOff}: a post-office point is stored exactly as read. */
function farOff(index: Index, point: readonly [number, number]): boolean {
  for (let i = 0; i < index.farOff.length; i += 2)
    if (index.farOff[i] === point[0] && index.farOff[i + 1] === point[1]) return true;
  return false;
}

function nearest(index: Index, places: Uint32Array, point: [number, number]) {
  let best = { place: -1, metres: Infinity };
  for (const place of places) {
    const metres = distanceMetres(point, [index.lng[place]!, index.lat[place]!]);
    if (metres < best.metres) best = { place, metres };
  }
  return best;
}

function reverse(index: Index, point: [number, number]): Place {
  const near = nearest(index, index.neighbourhoods, point);
  const found =
    near.metres <= NEIGHBOURHOOD_REACH_M ? near.place : nearest(index, index.cities, point).place;
  if (found < 0) throw new Error('The gazetteer has no cities');
  return toPlace(index, found);
}

/**
 * Starts a thread that builds the index and posts it once as a {@link PackedGazetteer} with
 * {@link gazetteerBuffers} as its transfer list, then may end.
 */
export type GazetteerWorkerFactory = () => Worker;

/**
 * The real worker: gazetteer.worker.ts, run through tsx like the server (registered in the
 * worker itself: Node does not carry the parent's `--import tsx` hooks into workers).
 */
export const spawnGazetteerWorker: GazetteerWorkerFactory = () => {
  const entry = JSON.stringify(new URL('./gazetteer.worker.ts', import.meta.url).href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); })`,
    { eval: true },
  );
};

/** Hears why a worker failed and how many have failed so far. */
export type GazetteerFailure = (error: Error, failures: number) => void;

/**
 * How long to wait before the next worker after `failures` failed ones, in milliseconds: at once
 * after the first, then 1, 3, 7, 15, 31 s and every 60 s, so a worker that cannot build (missing
 * data) does not spin.
 */
const retryDelayMs = (failures: number) => Math.min(60_000, 1000 * (2 ** (failures - 1) - 1));

/** One loading of the index through `spawn`'s workers, retried until one delivers. */
class Loader {
  index: Index | undefined;
  readonly loaded: Promise<void>;
  private worker: Worker | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private failures = 0;
  private deliver!: () => void;

  constructor(
    private readonly spawn: GazetteerWorkerFactory,
    private readonly onFailure: GazetteerFailure,
  ) {
    this.loaded = new Promise((resolve) => (this.deliver = resolve));
    this.start();
  }

  private start() {
    if (this.closed) return;
    let worker: Worker;
    try {
      worker = this.spawn();
    } catch (error) {
      this.failed(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.worker = worker;
    // A shutdown does not wait for it.
    worker.unref();
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      this.worker = undefined;
      void worker.terminate();
      this.failed(error);
    };
    worker.once('message', (packed: PackedGazetteer) => {
      if (settled) return;
      settled = true;
      this.worker = undefined;
      void worker.terminate();
      this.index = {
        ...packed,
        names: asBuffer(packed.names),
        contexts: asBuffer(packed.contexts),
        keys: asBuffer(packed.keys),
      };
      this.deliver();
    });
    worker.once('error', fail);
    worker.once('messageerror', fail);
    worker.once('exit', (code) => fail(new Error(`the gazetteer worker exited with ${code}`)));
  }

  /** Reports a failed worker and starts the next one after {@link retryDelayMs}. */
  private failed(error: Error) {
    if (this.closed) return;
    this.failures += 1;
    this.onFailure(error, this.failures);
    this.retry = setTimeout(() => this.start(), retryDelayMs(this.failures));
    this.retry.unref();
  }

  /** Stops retrying and ends a worker still building. */
  close() {
    this.closed = true;
    clearTimeout(this.retry);
    void this.worker?.terminate();
  }
}

/** The process's own loading with the real worker, shared by every app (started on first use). */
let shared: Loader | undefined;
const sharedLoader = (onFailure: GazetteerFailure) =>
  (shared ??= new Loader(spawnGazetteerWorker, onFailure));

/**
 * Starts loading the process's gazetteer in a worker if nothing has yet, and resolves once it
 * has arrived (never rejects: failed workers are retried and reported to `onFailure` of the
 * first caller). `main.ts` calls it once the server listens; tests await it before searching.
 */
export function gazetteerReady(onFailure: GazetteerFailure = () => {}): Promise<void> {
  return sharedLoader(onFailure).loaded;
}

const stillLoading = () =>
  new AppError('places_loading', 503, 'Places are still loading, try again in a moment');

/** An app's offline gazetteer. */
export interface Gazetteer {
  /**
   * Up to `limit` places whose name or alternative name matches `query`. Places within
   * {@link HOME_REACH_M} of `near` (the member's home point, `[lng, lat]`) first, then accurate
   * places (cities, curated neighbourhoods) before approximate post-office localities; within
   * each, exact names first, then names starting with it, then names containing a word starting
   * with it, Indian places before others (our players are in India), then the bigger place.
   * Cities read "City, State, Country", localities "Locality, District, State"; a locality's
   * label is "Locality, City" (or District), a city's its name.
   * @throws AppError 503 `places_loading` while the index is loading (and starts loading it).
   */
  search(query: string, limit?: number, near?: readonly [number, number] | null): Place[];
  /**
   * The gazetteer's place named `name` (case and accents ignored) within {@link SAME_PLACE_M}
   * of `point` (`[lng, lat]`), with its approximate mark; null when there is none.
   * @throws AppError 503 `places_loading` while the index is loading (and starts loading it).
   */
  find(name: string, point: readonly [number, number]): Place | null;
  /**
   * True when `point` is a post-office point known to be far off (dropped from the search);
   * false while the index is loading (nothing is known yet: with PLACES_URL a member's own
   * places are offered without waiting for it, and the offline search refuses anyway).
   */
  farOff(point: readonly [number, number]): boolean;
  /**
   * The place that names a position `[lng, lat]` in degrees: the nearest
   * neighbourhood within 3 km, else the nearest city; approximate points are never used.
   * @throws AppError 503 `places_loading` while the index is loading (and starts loading it).
   */
  reverse(point: [number, number]): Place;
  /** Resolves once the index is loaded (starting to load it); never rejects. */
  ready(): Promise<void>;
  /** Ends the app's own worker, if it has one ({@link createGazetteer}'s `spawn`). */
  close(): void;
}

/**
 * The gazetteer of one app. Without `spawn` it is the process's shared one, loaded on first use
 * (or by {@link gazetteerReady}); with `spawn` it loads an index of its own through that
 * factory's workers (tests inject one that never delivers). `onFailure` hears failed workers.
 */
export function createGazetteer(
  spawn?: GazetteerWorkerFactory,
  onFailure: GazetteerFailure = () => {},
): Gazetteer {
  let own: Loader | undefined;
  const loader = () => (spawn ? (own ??= new Loader(spawn, onFailure)) : sharedLoader(onFailure));
  const loadedIndex = () => {
    const { index } = loader();
    if (!index) throw stillLoading();
    return index;
  };
  return {
    search: (query, limit = 8, near = null) => search(loadedIndex(), query, limit, near),
    find: (name, point) => find(loadedIndex(), name, point),
    farOff: (point) => {
      const { index } = loader();
      return index !== undefined && farOff(index, point);
    },
    reverse: (point) => reverse(loadedIndex(), point),
    ready: () => loader().loaded,
    close: () => own?.close(),
  };
}
