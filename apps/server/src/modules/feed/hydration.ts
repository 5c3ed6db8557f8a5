/**
 * The feed's hydration stage, batched: the whole rows of a skeleton's candidates (one query for
 * those it did not hold), and the parts a post shows beyond its row (author name, tags,
 * interested members), from the parts cache where it holds the row's version (feed-cache.ts),
 * the rest in one hydration of three queries.
 */
import type { PostRow } from '../../db/types.js';
import type { FeedCache, PostParts } from './feed-cache.js';
import { postParts, postRows, type Executor } from './feed.repository.js';
import type { FeedCandidate } from './skeleton.js';

/** A hydrated candidate: its whole row, with the skeleton's `distance_key` in nearest order. */
export type HydratedRow = PostRow & { distance_key?: number };

/** A candidate that already is a whole row (a cell list's). */
function isRow(candidate: FeedCandidate): candidate is PostRow {
  return 'author_id' in candidate;
}

/** The hydration of posts on `db`, its parts kept in `cache`. */
export function createHydration(db: Executor, cache: FeedCache) {
  return {
    /**
     * `candidates` themselves when every one of them is a whole row already (a cell list's
     * page), else undefined: then {@link rows} reads them.
     */
    held(candidates: FeedCandidate[]): HydratedRow[] | undefined {
      for (const c of candidates) if (!isRow(c)) return undefined;
      return candidates as PostRow[];
    },

    /**
     * The whole rows of `candidates` in their order, each with the candidate's `distance_key`
     * in nearest order; a post deleted meanwhile is left out. Candidates that are rows already
     * are kept as they are (the same objects, so presentation's JSON cache holds for them).
     */
    async rows(candidates: FeedCandidate[]): Promise<HydratedRow[]> {
      const ids: number[] = [];
      for (const c of candidates) if (!isRow(c)) ids.push(c.id);
      const read = ids.length > 0 ? await postRows(db, ids) : [];
      const byId = new Map(read.map((r) => [r.id, r]));
      const rows: HydratedRow[] = [];
      for (const c of candidates) {
        if (isRow(c)) rows.push(c);
        else {
          const row = byId.get(c.id);
          // Only nearest order's key is the skeleton's own; the row is not copied otherwise.
          if (row)
            rows.push(
              c.distance_key === undefined ? row : { ...row, distance_key: c.distance_key },
            );
        }
      }
      return rows;
    },

    /**
     * The author name, tags and interested members of each of `rows`, by post id. Each row's
     * version was read before its parts, so a part read newer than its version is only ever
     * cached under an older one and then not used.
     */
    async parts(rows: PostRow[]): Promise<Map<number, PostParts>> {
      const found = new Map<number, PostParts>();
      const missing: PostRow[] = [];
      for (const r of rows) {
        const parts = cache.parts(r.id, r.version);
        if (parts) found.set(r.id, parts);
        else missing.push(r);
      }
      if (missing.length === 0) return found;
      const { authors, tags, interests } = await postParts(
        db,
        missing.map((r) => r.id),
        missing.map((r) => r.author_id),
      );
      const usernames = new Map(authors.map((a) => [a.id, a.username]));
      for (const r of missing) {
        const parts: PostParts = {
          username: usernames.get(r.author_id) ?? null,
          tags: tags.filter((t) => t.post_id === r.id).map((t) => t.tag),
          interested: interests
            .filter((i) => i.post_id === r.id)
            .map((i) => ({ id: i.user_id, place: i.place, expiresAt: i.offer_expires_at })),
        };
        cache.storeParts(r.id, r.version, parts);
        found.set(r.id, parts);
      }
      return found;
    },
  };
}

export type Hydration = ReturnType<typeof createHydration>;
