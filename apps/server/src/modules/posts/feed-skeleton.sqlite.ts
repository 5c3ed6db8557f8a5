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

/** One index entry: event_time, id, public_lat, public_lng, author_id, sport. */
type Entry = [string, number, number | null, number | null, number, string];

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
  const statements: SQLite.Statement<unknown[], Entry>[] = [];
  const statement = (i: number) => {
    let s = statements[i];
    if (!s) {
      s = sqlite.prepare<unknown[], Entry>(CELL_WALK_SQL).raw(true);
      statements[i] = s;
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
  };
}

export type SqliteFeedSkeleton = ReturnType<typeof createSqliteFeedSkeleton>;
