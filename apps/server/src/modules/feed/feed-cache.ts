/**
 * The feed's caches, checked against versions the database keeps (migration 0018), so
 * that an answer from them is the answer the database gives, on every process sharing it:
 *
 * - **Cell lists.** For a place index cell and the filters that shape it (sports, category, tags,
 *   dates), the first {@link CELL_LIST_SIZE} upcoming games in (event_time, id) order, as whole
 *   rows, whoever looks. A list serves while its cell's version is the one it was read at. The
 *   first page of a radius feed is merged from the lists of the circle's cells
 *   ({@link mergeCellLists}) by {@link createCachedSkeleton}, a skeleton wrapped round another;
 *   the viewer's rules (rules.ts) are applied after, on every answer.
 * - **Post parts.** A post's author name, tags and interested members in joining order, while
 *   the post's version is the one they were read at.
 * - **Cell versions as of an epoch** (SQLite, migration 0019). The versions of the cells feeds
 *   have read, as of the feed's epoch they were read with; while the epoch has not moved, no
 *   cell's version has, so a feed checks one row instead of each of its cells.
 *
 * The lists and parts are bounded maps that forget the least recently used entry; the versions
 * are at most one per place index cell (about 7,000 cover India) and start afresh whenever the
 * epoch moves.
 */
import type { InterestPlace, PostRow } from '../../db/types.js';
import { isAfterKeyset, type Keyset } from '../../lib/cursor.js';
import {
  cellGames,
  type Executor,
  type FeedChecks,
  type FeedChecksQueries,
} from './feed.repository.js';
import { feedCells, type FeedFilter } from './place-index.js';
import { passesFeedRules, viewerContext, type ViewerContext } from './rules.js';
import type { FeedCandidate, FeedSkeleton } from './skeleton.js';

/** How many games a cell list holds: a 25 km circle's first page needs a few from each cell. */
export const CELL_LIST_SIZE = 32;

/** A cell's list: its first games, and whether they are all of them. */
export interface CellList {
  /** The cell's version (migration 0018) when the list was read. */
  version: number;
  /** Whole rows in (event_time, id) order, at most {@link CELL_LIST_SIZE}. */
  games: PostRow[];
  /** True when the cell has no more matching games than these. */
  complete: boolean;
}

/** What a post shows beyond its row (presentation.ts). */
export interface PostParts {
  username: string | null;
  tags: string[];
  /** The interested members in joining order, each with their place (migration 0031). */
  interested: { id: number; place: InterestPlace; expiresAt: string | null }[];
}

/** A Map that forgets its least recently used entry past `capacity` entries. */
class LruMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
  }
}

/** (event_time, id) order of two games. */
function byKey(a: PostRow, b: PostRow): number {
  return a.event_time < b.event_time ? -1 : a.event_time > b.event_time ? 1 : a.id - b.id;
}

/**
 * The first `limit` games of `lists` that pass `keep`, in (event_time, id) order, up to the point
 * the lists can tell: past the last game of a list that is not {@link CellList.complete}, that
 * cell may hold games the list does not, so the answer stops at that game (the earliest such game
 * over all lists). `more` says whether the cells may hold matching games past that point. The
 * lists are each in order, so they are merged head by head and only as far as the answer needs.
 */
export function mergeCellLists(
  lists: CellList[],
  keep: (game: PostRow) => boolean,
  limit: number,
): { games: PostRow[]; more: boolean } {
  let horizon: PostRow | undefined;
  for (const list of lists) {
    const last = list.games.at(-1);
    if (list.complete || !last) continue;
    if (!horizon || byKey(last, horizon) < 0) horizon = last;
  }
  const heads = lists.map(() => 0);
  const games: PostRow[] = [];
  while (games.length < limit) {
    let next: PostRow | undefined;
    let from = -1;
    for (const [i, list] of lists.entries()) {
      const game = list.games[heads[i]!];
      if (game && (!next || byKey(game, next) < 0)) {
        next = game;
        from = i;
      }
    }
    if (!next || (horizon && byKey(next, horizon) > 0)) break;
    heads[from]! += 1;
    if (keep(next)) games.push(next);
  }
  return { games, more: horizon !== undefined };
}

/**
 * The caches of one process: `lists` cell lists and `posts` post parts at most (a list of 32
 * rows is about 20 KB, so the lists stay under about 40 MB).
 */
export function createFeedCache({ lists = 2048, posts = 50_000 } = {}): FeedCache {
  const cellLists = new LruMap<string, CellList>(lists);
  const parts = new LruMap<number, { version: number; parts: PostParts }>(posts);
  let epoch: number | null = null;
  const versions = new Map<number, number>();
  const feedCache = {
    /**
     * The versions of `cells` and the epoch they are of, when every one of them is known;
     * undefined otherwise. Both come out together: a feed that waits for its check while
     * another notes a newer epoch still compares the database's epoch with this one.
     */
    versionsAt(cells: number[]): { epoch: number; versions: Map<number, number> } | undefined {
      if (epoch === null || !cells.every((cell) => versions.has(cell))) return undefined;
      return { epoch, versions: new Map(cells.map((cell) => [cell, versions.get(cell)!])) };
    },
    /**
     * Notes the versions of `cells` read with epoch `at` in one statement (a cell not in `read`
     * is at 0). A newer or older epoch than the one noted before starts afresh, so every version
     * known is always of the one epoch noted.
     */
    noteVersions(at: number, cells: number[], read: Map<number, number>): void {
      if (at !== epoch) {
        versions.clear();
        epoch = at;
      }
      for (const cell of cells) versions.set(cell, read.get(cell) ?? 0);
    },
    /**
     * The list under `key` (a cell and its filters), when still at `version` and still holding
     * at least half its games after `after` (an ISO time): older games have left the feed.
     */
    list(key: string, version: number, after: string): CellList | undefined {
      const list = cellLists.get(key);
      if (!list || list.version !== version) return undefined;
      if (!list.complete) {
        // In time order, so at least half are after `after` when the middle one is.
        const middle = list.games[list.games.length - CELL_LIST_SIZE / 2];
        if (!middle || middle.event_time <= after) return undefined;
      }
      return list;
    },
    storeList(key: string, list: CellList): void {
      cellLists.set(key, list);
    },
    /** The parts of post `id` when read at `version`. */
    parts(id: number, version: number): PostParts | undefined {
      const entry = parts.get(id);
      return entry?.version === version ? entry.parts : undefined;
    },
    storeParts(id: number, version: number, value: PostParts): void {
      parts.set(id, { version, parts: value });
    },
  };
  return feedCache;
}

/** The caches of one process ({@link createFeedCache}). */
export interface FeedCache {
  versionsAt(cells: number[]): { epoch: number; versions: Map<number, number> } | undefined;
  noteVersions(at: number, cells: number[], read: Map<number, number>): void;
  list(key: string, version: number, after: string): CellList | undefined;
  storeList(key: string, list: CellList): void;
  parts(id: number, version: number): PostParts | undefined;
  storeParts(id: number, version: number, value: PostParts): void;
}

/**
 * A viewer's context as {@link createCachedSkeleton} reads it: with the cells its checks were
 * read for and their versions, when they were.
 */
interface CheckedContext extends ViewerContext {
  cellChecks?: { cells: number[]; versions: Map<number, number> };
}

/**
 * `inner` with the cell lists in front for a radius feed in soonest order whose circle has cells:
 * {@link createCachedSkeleton}'s `viewer` reads the cells' versions with the viewer's checks in one
 * statement (where this process knows the versions as of the feed's epoch and the epoch has not
 * moved, one query of a few index entries), a stale list is read again (suspended members'
 * games are left out of every list), and the page is merged from the lists, keeping the games
 * that pass the feed's rules (rules.ts) after `cursor`. When the lists cannot tell the page (it
 * reaches past a list's last game), `inner` answers. `onAnswer` hears where each soonest-first
 * radius feed came from (the /metrics counter).
 */
export function createCachedSkeleton(
  db: Executor,
  inner: FeedSkeleton,
  checks: FeedChecksQueries,
  onAnswer: (source: 'cache' | 'walk') => void = () => {},
  cache: FeedCache = createFeedCache(),
): FeedSkeleton {
  /** The versions of `cells` and the viewer's checks, as {@link createCachedSkeleton} reads them. */
  async function cellChecks(
    cells: number[],
    viewerId: number,
  ): Promise<Pick<FeedChecks, 'versions' | 'blocked' | 'suspended'>> {
    const known = cache.versionsAt(cells);
    if (known) {
      const now = await checks.epoch(db, viewerId);
      if (now.epoch === known.epoch)
        return { versions: known.versions, blocked: now.blocked, suspended: now.suspended };
    }
    const read = await checks.cells(db, cells, viewerId);
    if (read.epoch !== null) cache.noteVersions(read.epoch, cells, read.versions);
    return read;
  }

  /** The lists of `cells` at `versions` for `filter`, each read again when stale. */
  async function listsOf(
    filter: FeedFilter,
    { cells, versions }: { cells: number[]; versions: Map<number, number> },
  ): Promise<CellList[]> {
    const shape = JSON.stringify([
      filter.sports,
      filter.category,
      filter.tagKeys,
      filter.from ?? null,
      filter.to ?? null,
    ]);
    const lists: CellList[] = [];
    for (const cell of cells) {
      const key = `${cell}|${shape}`;
      const version = versions.get(cell) ?? 0;
      let list = cache.list(key, version, filter.after);
      if (!list) {
        const games = await cellGames(db, filter, cell, CELL_LIST_SIZE + 1);
        list = {
          version,
          games: games.slice(0, CELL_LIST_SIZE),
          complete: games.length <= CELL_LIST_SIZE,
        };
        cache.storeList(key, list);
      }
      lists.push(list);
    }
    return lists;
  }

  /** The viewer's context read with the versions of `cells`, which it carries. */
  async function checkedViewer(filter: FeedFilter, cells: number[]): Promise<ViewerContext> {
    const read = await cellChecks(cells, filter.viewerId);
    const context: CheckedContext = viewerContext(filter, read);
    context.cellChecks = { cells, versions: read.versions };
    return context;
  }

  /** A radius feed's page from the lists when they can tell it, else from `inner`. */
  async function cachedSoonest(
    filter: FeedFilter,
    viewer: Promise<ViewerContext>,
    cursor: Keyset | undefined,
  ): Promise<FeedCandidate[]> {
    const context: CheckedContext = await viewer;
    const known = context.cellChecks;
    if (known) {
      const { games, more } = mergeCellLists(
        await listsOf(filter, known),
        (g) =>
          passesFeedRules(g, context) && (!cursor || isAfterKeyset(g.event_time, g.id, cursor)),
        filter.limit,
      );
      // Past an incomplete list's last game the lists cannot tell the page.
      if (games.length >= filter.limit || !more) {
        onAnswer('cache');
        return games;
      }
    }
    onAnswer('walk');
    return inner.soonest(filter, viewer, cursor);
  }

  // The methods that only pass a request on to `inner` are not async: no extra promise turns.
  return {
    viewer(filter, order) {
      const cells = order === 'soonest' && filter.near?.radius ? feedCells(filter) : null;
      return cells ? checkedViewer(filter, cells) : inner.viewer(filter, order);
    },
    soonest(filter, viewer, cursor) {
      return filter.near?.radius
        ? cachedSoonest(filter, viewer, cursor)
        : inner.soonest(filter, viewer, cursor);
    },
    nearest: (filter, origin, viewer, cursor) => inner.nearest(filter, origin, viewer, cursor),
  };
}
