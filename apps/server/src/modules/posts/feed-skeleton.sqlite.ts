/**
 * The feed's skeleton on the embedded SQLite file (issue 18): the place index cells covering the
 * viewer's circle, each walked lazily in (event_time, id) order on the covering index
 * (geocell, event_time, id, public_lat, public_lng, author_id, sport) and merged by time in
 * JavaScript, so a page reads about as many index entries as the cells hold up to its last game,
 * in a dense city and a sparse region alike, instead of a page's worth per cell. Prepared
 * statements run synchronously on better-sqlite3 (no query is compiled per request, and no other
 * request runs while the cell walks are open). SQLite only: the repository falls back to its
 * portable SQL elsewhere (posts.repository.ts feed).
 */
import type SQLite from 'better-sqlite3';
import { EARTH_RADIUS_M, FINECELL_DEG, GEOCELL_DEG, GEOCELL_ROW } from '../../lib/geo.js';

/** What one walk over the cells looks for: everything the index entries alone can tell. */
export interface CellWalk {
  /** The place index cells to walk (lib/geo.ts geocellOf), with `onlineCell` among them or not. */
  cells: number[];
  /** The cell of online games: no distance test there (issue 14). */
  onlineCell: number;
  /** The circle: centre in degrees and the haversine term's bound sin^2(r / 2R) (lib/geo.ts). */
  centre: { lat: number; lng: number };
  maxHaversine: number;
  /** Games of this member are left out (the feed shows others' games). */
  viewerId: number;
  /** Only games after this ISO time; and, when given, at or after `from` and before `to`. */
  after: string;
  from?: string;
  to?: string;
  /** Whether a game of this sport may show (the sports and category filters). */
  sportAllowed: (sport: string) => boolean;
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

/** One index entry: event_time, id, public_lat, public_lng, author_id, sport. */
type Entry = [string, number, number | null, number | null, number, string];

const CELL_SCAN_SQL = `select event_time, id, public_lat, public_lng, author_id, sport
  from posts indexed by posts_geocell_event_time_idx
  where geocell = ? and event_time >= ? and event_time < ?
  limit ?`;

const FINECELL_SCAN_SQL = `select event_time, id, public_lat, public_lng, author_id, sport
  from posts indexed by posts_finecell_event_time_idx
  where finecell = ? and event_time >= ? and event_time < ?`;

/**
 * A place cell holding more upcoming games than this is read by its fine cells (migration 0015),
 * nearest first, instead of whole.
 */
const CROWDED_CELL = 256;

const CELL_WALK_SQL = `select event_time, id, public_lat, public_lng, author_id, sport
  from posts indexed by posts_geocell_event_time_idx
  where geocell = ? and event_time >= ? and event_time < ?
  order by event_time, id`;

/** Later than every ISO time: the open upper bound of a walk. */
const END_OF_TIME = '\uffff';

/** Degrees to radians as SQLite's radians() computes them, for the indexed columns. */
const radians = (deg: number) => deg * (Math.PI / 180);
/** Degrees to radians as lib/geo.ts computes the centre's, bound into the SQL plan. */
const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Walks of the place index on one SQLite connection. Each open walk needs a statement of its own
 * (better-sqlite3 iterates one statement at a time), so statements are prepared once per cell
 * position and kept.
 */
export function createSqliteFeedSkeleton(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement<unknown[], Entry>[]>();
  /** The `i`-th statement of `source` (one per walk open at once). */
  const statement = (i: number, source = CELL_WALK_SQL) => {
    let list = statements.get(source);
    if (!list) statements.set(source, (list = []));
    let s = list[i];
    if (!s) {
      s = sqlite.prepare<unknown[], Entry>(source).raw(true);
      list[i] = s;
    }
    return s;
  };

  return {
    /**
     * Up to `walk.limit` candidates of `walk`'s cells in (event_time, id) order: games of others,
     * in the time range and after the cursor, of an allowed sport, and (outside the online cell)
     * with their public point within the circle, tested with the same haversine term as the SQL
     * plan (lib/geo.ts withinRadiusSql). Blocks, suspensions and tags are not tested here.
     */
    byTime(walk: CellWalk): Candidate[] {
      let low = walk.after;
      if (walk.from && walk.from > low) low = walk.from;
      if (walk.cursor && walk.cursor.time > low) low = walk.cursor.time;
      const high = walk.to ?? END_OF_TIME;
      const latC = rad(walk.centre.lat);
      const lngC = rad(walk.centre.lng);
      const cosLatC = Math.cos(latC);
      const iterators: IterableIterator<Entry>[] = [];
      const heads: (Entry | undefined)[] = [];
      const found: Candidate[] = [];
      try {
        walk.cells.forEach((cell, i) => {
          const it = statement(i).iterate(cell, low, high);
          iterators.push(it);
          heads.push(it.next().value as Entry | undefined);
        });
        const cursor = walk.cursor;
        while (found.length < walk.limit) {
          // The earliest head (k is a few dozen at most: a scan beats a heap here).
          let best = -1;
          let head: Entry | undefined;
          for (let i = 0; i < heads.length; i++) {
            const h = heads[i];
            if (!h) continue;
            if (!head || h[0] < head[0] || (h[0] === head[0] && h[1] < head[1])) {
              head = h;
              best = i;
            }
          }
          if (!head) break;
          heads[best] = iterators[best]!.next().value as Entry | undefined;
          const [time, id, lat, lng, authorId, sport] = head;
          if (time <= walk.after) continue;
          if (cursor && (time < cursor.time || (time === cursor.time && id <= cursor.id))) continue;
          if (authorId === walk.viewerId || !walk.sportAllowed(sport)) continue;
          if (walk.cells[best] !== walk.onlineCell) {
            if (lat === null || lng === null) continue;
            const h =
              Math.sin((radians(lat) - latC) / 2) ** 2 +
              cosLatC * Math.cos(radians(lat)) * Math.sin((radians(lng) - lngC) / 2) ** 2;
            if (!(h <= walk.maxHaversine)) continue;
          }
          found.push({ id, event_time: time });
        }
      } finally {
        for (const it of iterators) it.return?.();
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
      const latC = rad(walk.centre.lat);
      const lngC = rad(walk.centre.lng);
      const cosLatC = Math.cos(latC);
      const cursor = walk.cursor;
      const seen = new Set<number>();
      const found: NearCandidate[] = [];
      const take = (entries: Entry[]) => {
        for (const [time, id, lat, lng, authorId, sport] of entries) {
          if (lat === null || lng === null || seen.has(id)) continue;
          seen.add(id);
          if (time <= walk.after || authorId === walk.viewerId || !walk.sportAllowed(sport))
            continue;
          const h =
            Math.sin((radians(lat) - latC) / 2) ** 2 +
            cosLatC * Math.cos(radians(lat)) * Math.sin((radians(lng) - lngC) / 2) ** 2;
          if (!(h <= walk.maxHaversine)) continue;
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
      const coarse = statement(0, CELL_SCAN_SQL);
      const fine = statement(1, FINECELL_SCAN_SQL);
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
          take(fine.all(unit.cell, low, high));
          continue;
        }
        const entries = coarse.all(unit.cell, low, high, CROWDED_CELL + 1);
        if (entries.length <= CROWDED_CELL) {
          take(entries);
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

export type SqliteFeedSkeleton = ReturnType<typeof createSqliteFeedSkeleton>;
