/**
 * The feed's skeleton on the embedded SQLite file, from prepared statements run
 * synchronously on better-sqlite3 (nothing compiled per request) over the place index
 * (geocell, event_time, id, public_lat, public_lng, author_id, sport), migration 0014.
 *
 * Soonest first: one statement reads every covering cell over a window of time from the start
 * and SQLite sorts that little, the window sized from the last answer for the same cells and
 * filters (so a dense city and a sparse region both read about a page of index entries) and
 * widened fourfold while the page is not full, the last time to the end. Nearest first: a ring
 * walk (see byDistance). Both test what the index entries tell (distance with the SQL plan's
 * haversine term, sports, tags, dates, cursor, the viewer's own games, and the hosts the viewer's
 * context finds blocked either way or suspended), so the page is full; the rules stage (rules.ts)
 * decides. SQLite only: the plans it has no walk for come from the portable skeleton
 * (skeleton.portable.ts).
 */
import type { DirectSqlite, SqliteStatement } from '../../db/index.js';
import { isAfterKeyset, type DistanceKeyset, type Keyset } from '../../lib/cursor.js';
import {
  EARTH_RADIUS_M,
  FINECELL_DEG,
  GEOCELL_DEG,
  GEOCELL_ROW,
  haversineBound,
  haversineFrom,
} from '../../lib/geo.js';
import type { Executor } from './feed.repository.js';
import {
  NO_DISTANCE_KEY,
  ONLINE_CELL,
  cellsOf,
  feedCells,
  kindsWanted,
  sportAllowed,
  type FeedFilter,
} from './place-index.js';
import type { ViewerContext } from './rules.js';
import type { FeedCandidate, FeedSkeleton } from './skeleton.js';
import { onlineNearest } from './skeleton.portable.js';

/** What one walk over the cells looks for: everything the index entries alone can tell. */
export interface CellWalk {
  /** The place index cells to walk (lib/geo.ts geocellOf), with `onlineCell` among them or not. */
  cells: number[];
  /** The cell of online games: no distance test there. */
  onlineCell: number;
  /** The circle: centre in degrees and the haversine term's bound sin^2(r / 2R) (lib/geo.ts). */
  centre: { lat: number; lng: number };
  maxHaversine: number;
  /** Games of this member are left out (the feed shows others' games). */
  viewerId: number;
  /** Games of these hosts are left out: blocked either way with the viewer, or suspended. */
  blocked: ReadonlySet<number>;
  suspended: ReadonlySet<number>;
  /** Only games after this ISO time; and, when given, at or after `from` and before `to`. */
  after: string;
  from?: string;
  to?: string;
  /** The sports filter (null: any sport), and whether a game of a sport may show at all. */
  sports: string[] | null;
  sportAllowed: (sport: string) => boolean;
  /** Lower-cased tags, one of which a game must carry (none: no tag filter). */
  tagKeys: string[];
  /** Only games after this (event_time, id) key, the last row already looked at. */
  cursor?: { time: string; id: number };
  /** How many candidates to answer at most. */
  limit: number;
}

/** A game that passed every test the index can make, in (event_time, id) order. */
export interface Candidate {
  id: number;
  event_time: string;
}

/** A game in range with its distance key: whole metres from the centre (lib/geo.ts distanceMetresSql). */
export interface NearCandidate extends Candidate {
  distance_key: number;
}

/** What one nearest-first walk looks for: a {@link CellWalk} of place cells only, in key order. */
export interface NearWalk extends Omit<CellWalk, 'cursor' | 'onlineCell'> {
  /** Only games after this (distance_key, event_time, id), the last row already looked at. */
  cursor?: { distance: number; time: string; id: number };
}

/** One index entry: event_time, id, public_lat, public_lng, author_id, sport, geocell. */
type Entry = [string, number, number | null, number | null, number, string, number];

const ENTRY = 'event_time, id, public_lat, public_lng, author_id, sport, geocell';

/** `count` placeholders: `?, ?, ?`. */
const marks = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/**
 * The conditions on sports and tags of a walk's statement (placeholders: the sports, then the
 * tags), empty when the walk filters neither.
 */
function filterSql(sports: number | null, tags: number): string {
  return (
    (sports === null ? '' : ` and sport in (${marks(sports)})`) +
    (tags === 0
      ? ''
      : ` and exists (select 1 from post_tags t where t.post_id = posts.id and t.tag_key in (${marks(tags)}))`)
  );
}

/**
 * The statement of a soonest-first window: the entries of `cells` cells from a time to a time,
 * on the index with the sport before the time when the walk filters sports (migration 0015).
 */
function windowSql(cells: number, sports: number | null, tags: number): string {
  const index =
    sports === null ? 'posts_geocell_event_time_idx' : 'posts_geocell_sport_event_time_idx';
  return `select ${ENTRY} from posts indexed by ${index}
    where geocell in (${marks(cells)}) and event_time >= ? and event_time < ?${filterSql(sports, tags)}
    order by event_time, id`;
}

/**
 * A place cell holding more upcoming games than this is read by its fine cells (migration 0015),
 * nearest first, instead of whole.
 */
const CROWDED_CELL = 256;

/** How many upcoming games (at most `CROWDED_CELL + 1`) one place cell holds. */
const CELL_COUNT_SQL = `select count(*) from (select 1 from posts indexed by posts_geocell_event_time_idx
  where geocell = ? and event_time >= ? and event_time < ? limit ${CROWDED_CELL + 1})`;

/** The entries of one place cell, or one fine cell (migration 0015), in a time range. */
function cellSql(fine: boolean, sports: number | null, tags: number): string {
  return fine
    ? `select ${ENTRY} from posts indexed by posts_finecell_event_time_idx
        where finecell = ? and event_time >= ? and event_time < ?${filterSql(sports, tags)}`
    : `select ${ENTRY} from posts indexed by posts_geocell_event_time_idx
        where geocell = ? and event_time >= ? and event_time < ?${filterSql(sports, tags)}`;
}

/** Later than every ISO time: the open upper bound of a walk. */
const END_OF_TIME = '\uffff';

/** The latest time a Date holds, in milliseconds. */
const LAST_DATE_MS = 8.64e15;

/** The first window of a walk never seen before, in milliseconds. */
const FIRST_WINDOW_MS = 3600_000;

/**
 * The first window spans this many times the time the last walk of the same cells and filters
 * took for a page: twice, so that a page seldom needs a second, wider window (every entry in a
 * window is read and sorted).
 */
const WINDOW_MARGIN = 2;

/** Windows widened this often go to the end of time at once. */
const MAX_WIDENINGS = 4;

/** How many walks' window sizes are remembered before the memory starts afresh. */
const REMEMBERED_WINDOWS = 10_000;

/** Degrees to radians as lib/geo.ts computes the centre's. */
const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * The test of an index entry against `walk`: null when the game is not a candidate (its time not
 * after `walk.after`, the viewer's own or of a host blocked either way or suspended, a sport not
 * let through, or with `placed`, no public point
 * or one outside the circle), else the haversine term h of its distance from the centre (0 for an
 * online game), computed as the SQL plan computes it (lib/geo.ts haversineFrom).
 */
function entryTest(walk: Omit<CellWalk, 'cursor' | 'onlineCell'>) {
  const haversine = haversineFrom(walk.centre);
  return (entry: Entry, placed: boolean): number | null => {
    const [time, , lat, lng, authorId, sport] = entry;
    if (
      time <= walk.after ||
      authorId === walk.viewerId ||
      walk.blocked.has(authorId) ||
      walk.suspended.has(authorId) ||
      !walk.sportAllowed(sport)
    )
      return null;
    if (!placed) return 0;
    if (lat === null || lng === null) return null;
    const h = haversine(lat, lng);
    return h <= walk.maxHaversine ? h : null;
  };
}

/** Walks of the place index on one SQLite connection, its statements prepared once and kept. */
function createIndexWalks({ sqlite }: DirectSqlite) {
  const statements = new Map<string, SqliteStatement<Entry>>();
  const statement = (source: string) => {
    let s = statements.get(source);
    if (!s) {
      s = sqlite.prepare<unknown[], Entry>(source).raw(true);
      statements.set(source, s);
    }
    return s;
  };
  const countCell = sqlite.prepare<unknown[], number>(CELL_COUNT_SQL).pluck(true);
  /** Milliseconds of time per candidate at the last walk of the same cells and filters. */
  const pace = new Map<string, number>();

  return {
    /**
     * Up to `walk.limit` candidates of `walk`'s cells in (event_time, id) order: games of others,
     * in the time range and after the cursor, of an allowed sport, with a wanted tag, and (outside
     * the online cell) with their public point within the circle, tested with the same haversine
     * term as the SQL plan (lib/geo.ts withinRadiusSql), of hosts not blocked nor suspended.
     */
    byTime(walk: CellWalk): Candidate[] {
      let low = walk.after;
      if (walk.from && walk.from > low) low = walk.from;
      if (walk.cursor && walk.cursor.time > low) low = walk.cursor.time;
      const start = Date.parse(low);
      const end = walk.to ?? END_OF_TIME;
      const source = windowSql(walk.cells.length, walk.sports?.length ?? null, walk.tagKeys.length);
      const query = statement(source);
      const key = `${walk.cells.join(',')}|${walk.sports?.join(',') ?? ''}|${walk.tagKeys.join(',')}`;
      let span = (pace.get(key) ?? FIRST_WINDOW_MS / walk.limit) * walk.limit * WINDOW_MARGIN;
      const filters = [...(walk.sports ?? []), ...walk.tagKeys];
      const test = entryTest(walk);
      const cursor = walk.cursor;
      const found: Candidate[] = [];
      for (let widenings = 0; found.length < walk.limit && low < end; widenings++) {
        let until = end;
        if (widenings < MAX_WIDENINGS && Number.isFinite(start)) {
          const bound = new Date(
            Math.min(Date.parse(low) + Math.max(1, Math.ceil(span)), LAST_DATE_MS),
          ).toISOString();
          if (bound < end) until = bound;
        }
        for (const entry of query.all(...walk.cells, low, until, ...filters)) {
          const [time, id] = entry;
          if (cursor && !isAfterKeyset(time, id, cursor)) continue;
          if (test(entry, entry[6] !== walk.onlineCell) === null) continue;
          found.push({ id, event_time: time });
          if (found.length === walk.limit) break;
        }
        low = until;
        span *= 4;
      }
      if (found.length === walk.limit && Number.isFinite(start)) {
        if (pace.size >= REMEMBERED_WINDOWS) pace.clear();
        const taken = Date.parse(found[walk.limit - 1]!.event_time) - start;
        pace.set(key, Math.max(1, taken) / walk.limit);
      }
      return found;
    },

    /**
     * Up to `walk.limit` candidates of `walk`'s place cells in (distance_key, event_time, id)
     * order after the cursor, tested as in {@link byTime}. A ring walk: cells (and, inside a
     * place cell with more than {@link CROWDED_CELL} upcoming games, its fine cells) are read
     * nearest first by the least distance any of their points can have, until the next one
     * cannot hold a game before the page's last; each is read whole, so the order is exact.
     */
    byDistance(walk: NearWalk): NearCandidate[] {
      const high = walk.to ?? END_OF_TIME;
      const low = walk.from && walk.from > walk.after ? walk.from : walk.after;
      const cosLatC = Math.cos(rad(walk.centre.lat));
      const cursor = walk.cursor;
      const test = entryTest(walk);
      const filters = [...(walk.sports ?? []), ...walk.tagKeys];
      const sports = walk.sports?.length ?? null;
      const coarse = statement(cellSql(false, sports, walk.tagKeys.length));
      const fine = statement(cellSql(true, sports, walk.tagKeys.length));
      const seen = new Set<number>();
      const found: NearCandidate[] = [];
      const take = (entries: Entry[]) => {
        for (const entry of entries) {
          const [time, id] = entry;
          if (seen.has(id)) continue;
          seen.add(id);
          const h = test(entry, true);
          if (h === null) continue;
          const key = Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h > 1 ? 1 : h)));
          if (
            cursor &&
            (key < cursor.distance ||
              (key === cursor.distance &&
                (time < cursor.time || (time === cursor.time && id <= cursor.id))))
          )
            continue;
          found.push({ id, event_time: time, distance_key: key });
        }
      };
      const byKey = (a: NearCandidate, b: NearCandidate) =>
        a.distance_key - b.distance_key ||
        (a.event_time < b.event_time ? -1 : a.event_time > b.event_time ? 1 : a.id - b.id);
      // The least distance (metres) of any point of the box from the centre: the haversine term
      // from the box's nearest latitude and longitude and its latitude farthest from the equator.
      const leastDistance = (south: number, west: number, side: number) => {
        const north = south + side;
        const east = west + side;
        const nearLat = Math.min(Math.max(walk.centre.lat, south), north);
        const nearLng = Math.min(Math.max(walk.centre.lng, west), east);
        const cosFar = Math.min(Math.cos(rad(south)), Math.cos(rad(north)));
        const h =
          Math.sin(rad(walk.centre.lat - nearLat) / 2) ** 2 +
          cosLatC * cosFar * Math.sin(rad(walk.centre.lng - nearLng) / 2) ** 2;
        return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, h)));
      };
      const radius = 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, walk.maxHaversine)));
      interface Unit {
        fine: boolean;
        cell: number;
        least: number;
      }
      const units: Unit[] = walk.cells.map((cell) => {
        const row = Math.floor(cell / GEOCELL_ROW);
        const col = cell - row * GEOCELL_ROW;
        const least = leastDistance(row * GEOCELL_DEG - 90, col * GEOCELL_DEG - 180, GEOCELL_DEG);
        return { fine: false, cell, least };
      });
      const perCell = Math.round(GEOCELL_DEG / FINECELL_DEG);
      for (;;) {
        let next = -1;
        for (let i = 0; i < units.length; i++)
          if (next < 0 || units[i]!.least < units[next]!.least) next = i;
        if (next < 0) break;
        const unit = units[next]!;
        if (found.length >= walk.limit) {
          found.sort(byKey);
          found.length = walk.limit;
          // A margin of a metre for rounding: the next unit cannot hold a key this small.
          if (unit.least > found[walk.limit - 1]!.distance_key + 1) break;
        }
        units[next] = units[units.length - 1]!;
        units.pop();
        if (unit.fine) {
          take(fine.all(unit.cell, low, high, ...filters));
          continue;
        }
        if (countCell.get(unit.cell, low, high)! <= CROWDED_CELL) {
          take(coarse.all(unit.cell, low, high, ...filters));
          continue;
        }
        // A crowded cell: its fine cells instead, one row and column beyond its edges too, as
        // rounding may place a point on the edge in the next fine row or column.
        const row = Math.floor(unit.cell / GEOCELL_ROW);
        const col = unit.cell - row * GEOCELL_ROW;
        for (let r = row * perCell - 1; r <= (row + 1) * perCell; r++) {
          for (let c = col * perCell - 1; c <= (col + 1) * perCell; c++) {
            const least = leastDistance(
              r * FINECELL_DEG - 90,
              c * FINECELL_DEG - 180,
              FINECELL_DEG,
            );
            if (least <= radius + 1) units.push({ fine: true, cell: r * GEOCELL_ROW + c, least });
          }
        }
      }
      found.sort(byKey);
      return found.slice(0, walk.limit);
    },
  };
}

/** The walk parameters both walks share: `cells` round `circle`, `filter`'s and `viewer`'s tests. */
function walkOf(
  filter: FeedFilter,
  viewer: ViewerContext,
  cells: number[],
  circle: { lat: number; lng: number; radius: number },
) {
  return {
    cells,
    centre: circle,
    maxHaversine: haversineBound(circle.radius),
    viewerId: filter.viewerId,
    blocked: viewer.blocked,
    suspended: viewer.suspended,
    after: filter.after,
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    sports: filter.sports,
    sportAllowed: sportAllowed(filter),
    tagKeys: filter.tagKeys,
  };
}

/**
 * The index walks on the SQLite connection `direct` as a {@link FeedSkeleton}: a radius feed
 * whose circle has cells is walked (soonest: the windowed cell walk; nearest: the ring walk for
 * the games in range, then the online games in time order from `portable`); everything else comes
 * from `portable`, on `db`.
 */
export function createSqliteSkeleton(
  db: Executor,
  direct: DirectSqlite,
  portable: FeedSkeleton,
): FeedSkeleton {
  const walks = createIndexWalks(direct);

  /** Soonest first by the windowed cell walk, the viewer's context tested on the entries. */
  async function byTime(
    filter: FeedFilter,
    circle: { lat: number; lng: number; radius: number },
    viewer: Promise<ViewerContext>,
    cursor?: Keyset,
  ): Promise<FeedCandidate[]> {
    const walk = walkOf(filter, await viewer, feedCells(filter)!, circle);
    return walks.byTime({
      ...walk,
      onlineCell: ONLINE_CELL,
      ...(cursor ? { cursor } : {}),
      limit: filter.limit,
    });
  }

  /** Nearest first: the ring walk for the games in range, then the online games by time. */
  async function byDistance(
    filter: FeedFilter,
    cells: number[],
    circle: { lat: number; lng: number; radius: number },
    online: boolean,
    viewer: Promise<ViewerContext>,
    cursor?: DistanceKeyset,
  ): Promise<FeedCandidate[]> {
    const walk = walkOf(filter, await viewer, cells, circle);
    const placed = walks.byDistance({
      ...walk,
      ...(cursor ? { cursor } : {}),
      limit: filter.limit,
    });
    if (placed.length >= filter.limit || !online) return placed;
    return [...placed, ...(await onlineNearest(db, filter, cursor))].slice(0, filter.limit);
  }

  // What only passes a request on to `portable` is not async: no extra promise turns.
  return {
    viewer: (filter, order) => portable.viewer(filter, order),
    soonest(filter, viewer, cursor) {
      const near = filter.near;
      if (!near?.radius || !cellsOf(near)) return portable.soonest(filter, viewer, cursor);
      return byTime(filter, { lat: near.lat, lng: near.lng, radius: near.radius }, viewer, cursor);
    },
    nearest(filter, origin, viewer, cursor) {
      const near = filter.near;
      const cells = cellsOf(near);
      const wanted = kindsWanted(filter);
      if (
        !near?.radius ||
        !cells ||
        !wanted.placed ||
        (cursor && cursor.distance >= NO_DISTANCE_KEY)
      )
        return portable.nearest(filter, origin, viewer, cursor);
      const circle = { lat: near.lat, lng: near.lng, radius: near.radius };
      return byDistance(filter, cells, circle, wanted.online, viewer, cursor);
    },
  };
}
