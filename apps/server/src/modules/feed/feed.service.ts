/**
 * The feed (spec part 1 §2 Feed, §7; CONTRACT.md) as atproto's feed pipeline (STYLE.md):
 *
 *   skeleton (ids, skeleton.ts) -> hydration (rows, parts; hydration.ts)
 *     -> rules (pure, rules.ts) -> presentation (JSON text; presentation.ts)
 *
 * The skeleton is chosen once at start-up from the storage engine (skeleton.factory.ts); this
 * service never sees the engine. Other modules present posts through {@link FeedService.present}.
 */
import type { Kysely } from 'kysely';
import type { FeedOrder, Post, feedQuerySchema } from '@gameon/shared';
import type { z } from 'zod';
import type { DB, PostRow } from '../../db/types.js';
import {
  decodeDistanceKeysetCursor,
  decodeKeysetCursor,
  encodeDistanceKeysetCursor,
  encodeKeysetCursor,
} from '../../lib/cursor.js';
import { locationFilter } from '../../lib/geo.js';
import type { JsonText } from '../../lib/http.js';
import { dayRange, nowIso } from '../../lib/time.js';
import { createFeedCache } from './feed-cache.js';
import { createHydration, type HydratedRow } from './hydration.js';
import type { FeedFilter } from './place-index.js';
import { createPresentation } from './presentation.js';
import { applyFeedRules, type ViewerContext } from './rules.js';
import type { FeedSkeleton } from './skeleton.js';

export interface FeedDeps {
  db: Kysely<DB>;
  /** The skeleton stage, chosen for the engine at start-up (skeleton.factory.ts). */
  skeleton: FeedSkeleton;
}

/** The feed service: the pipeline's stages composed. */
export function createFeedService({ db, skeleton }: FeedDeps) {
  const hydration = createHydration(db, createFeedCache());
  const presentation = createPresentation(hydration);

  /**
   * The viewer's context for `filter` in `order`, read while the skeleton reads its page (a plan
   * that pre-filters in SQL needs no context, so both queries run at once). Marked handled at
   * once, so a failure that comes while the page is still on its way is not an unhandled
   * rejection; it is thrown where the context is awaited.
   */
  function viewerOf(filter: FeedFilter, order: FeedOrder): Promise<ViewerContext> {
    const viewer = skeleton.viewer(filter, order);
    viewer.catch(() => {});
    return viewer;
  }

  /**
   * The page of `limit` feed rows in `order` after `cursor`, and the next page's cursor when
   * there is one: base64url `event_time|id` for soonest, `distance|event_time|id` for nearest.
   * `filter.limit` is `limit + 1`, the extra row telling that more follow. Every plan's rows go
   * through the rules stage.
   * @throws AppError 400 invalid cursor.
   */
  async function feedPage(
    filter: FeedFilter,
    limit: number,
    order: FeedOrder,
    cursor: string | undefined,
  ): Promise<{ rows: HydratedRow[]; nextCursor?: string }> {
    const near = filter.near;
    const page = (rows: HydratedRow[], encode: (last: HydratedRow) => string) => {
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return { rows: shown, ...(rows.length > limit && last ? { nextCursor: encode(last) } : {}) };
    };
    if (order === 'soonest' || !near) {
      const after = cursor === undefined ? undefined : decodeKeysetCursor(cursor);
      const viewer = viewerOf(filter, 'soonest');
      const candidates = await skeleton.soonest(filter, viewer, after);
      const hydrated = hydration.held(candidates) ?? (await hydration.rows(candidates));
      const rows = applyFeedRules(hydrated, await viewer);
      return page(rows, (last) => encodeKeysetCursor({ time: last.event_time, id: last.id }));
    }
    const after = cursor === undefined ? undefined : decodeDistanceKeysetCursor(cursor);
    const viewer = viewerOf(filter, 'nearest');
    const candidates = await skeleton.nearest(filter, near, viewer, after);
    const rows = applyFeedRules(await hydration.rows(candidates), await viewer);
    return page(rows, (last) =>
      encodeDistanceKeysetCursor({
        distance: Number(last.distance_key),
        time: last.event_time,
        id: last.id,
      }),
    );
  }

  return {
    /**
     * The feed (spec part 1 §2, §7; CONTRACT.md): upcoming posts of others, with `distance` in
     * metres when `lat`/`lng` are given; radius -1 = no location filter. Online games
     * carry no distance and no radius hides them; `order=soonest` (default) pages by time,
     * `order=nearest` (the schema lets it through only with a position and a radius) by distance
     * then time, online games after every game in range. The page comes as JSON text, the next
     * page's cursor beside it.
     * @throws AppError 400 invalid cursor (also one made for the other order).
     */
    async feed(
      viewerId: number,
      input: z.output<typeof feedQuerySchema>,
    ): Promise<{ posts: JsonText<Post[]>; nextCursor?: string }> {
      const wantsSports = input.filterType !== 'ESPORTS_ONLY' ? input.sports : [];
      const wantsEsports = input.filterType !== 'SPORTS_ONLY' ? input.esports : [];
      const chosen = [...wantsSports, ...wantsEsports];
      const { origin, radius } = locationFilter(input);
      const range = input.date ? dayRange(input.date, input.tz) : undefined;
      const filter: FeedFilter = {
        viewerId,
        after: nowIso(),
        sports: input.sports.length + input.esports.length > 0 ? chosen : null,
        category:
          input.filterType === 'SPORTS_ONLY'
            ? 'sports'
            : input.filterType === 'ESPORTS_ONLY'
              ? 'esports'
              : null,
        tagKeys: input.tags.map((t) => t.toLowerCase()),
        ...(range ?? {}),
        ...(origin ? { near: { lng: origin[0], lat: origin[1], radius } } : {}),
        limit: input.limit + 1,
      };
      const { rows, nextCursor } = await feedPage(filter, input.limit, input.order, input.cursor);
      return {
        posts: await presentation.presentJson(rows, viewerId, origin),
        ...(nextCursor ? { nextCursor } : {}),
      };
    },

    /**
     * Posts as `viewerId` (null: a signed-out visitor) sees them: hydrated (parts cache) and
     * presented at the point the access rules let the viewer see, `distance` in metres from
     * `origin` ([lng, lat]) when given. For the lists of other modules (a game, My Posts).
     */
    present(rows: PostRow[], viewerId: number | null, origin?: [number, number]): Promise<Post[]> {
      return presentation.present(rows, viewerId, origin);
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
