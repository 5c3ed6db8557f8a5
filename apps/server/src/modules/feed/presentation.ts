/**
 * The feed's presentation stage: a hydrated post as the wire's `Post` (packages/shared), at the
 * point the access rules let the viewer see (access module pointShownTo, the one source of that
 * rule), with its distance; and the feed's answer as JSON text, each post's text as others see
 * it kept with its row.
 */
import { isEsport, type Post } from '@gameon/shared';
import type { PostRow } from '../../db/types.js';
import { roundedDistance } from '../../lib/geo.js';
import { JsonText } from '../../lib/http.js';
import { pointShownTo } from '../access/index.js';
import type { PostParts } from './feed-cache.js';
import type { Hydration } from './hydration.js';

/**
 * Post `r` with its `parts` as `viewerId` (null: a signed-out visitor) sees it, at the point the
 * access rules let the viewer see ({@link pointShownTo}), without a distance.
 */
function presentRow(r: PostRow, parts: PostParts, viewerId: number | null): Post {
  const point = pointShownTo(viewerId, r);
  // Places are stored (migration 0031): joined and offered places are taken, the rest wait.
  const of = (place: string) =>
    parts.interested.filter((i) => i.place === place).map((i) => ({ user_id: i.id }));
  const joined = of('joined');
  const offered = parts.interested
    .filter((i) => i.place === 'offered')
    .map((i) => ({ user_id: i.id, expires_at: i.expiresAt ?? r.event_time }));
  return {
    id: r.id,
    author_id: r.author_id,
    author: { id: r.author_id, username: parts.username ?? 'Deleted user' },
    sport: r.sport,
    heading: r.heading,
    description: r.description,
    tags: [...parts.tags],
    location: point ? { type: 'Point', coordinates: point } : null,
    location_name: r.location_name,
    event_time: r.event_time,
    players_needed: r.players_needed,
    interested_users: joined,
    waitlist: of('waitlisted'),
    offered,
    is_full: joined.length + offered.length >= r.players_needed,
    created_at: r.created_at,
  };
}

/**
 * The distance in metres from `origin` to where `viewerId` sees post `r`, or undefined: no
 * origin, no point shown, or an online game, which is played nowhere in particular.
 */
function distanceTo(
  r: PostRow,
  viewerId: number | null,
  origin: [number, number] | undefined,
): number | undefined {
  const point = pointShownTo(viewerId, r);
  return origin && point && !isEsport(r.sport) ? roundedDistance(origin, point) : undefined;
}

/** Presentation of posts whose parts come from `hydration`. */
export function createPresentation(hydration: Pick<Hydration, 'parts'>) {
  /** Each row's JSON as others see it, open at the end ({@link presentJson}). */
  const othersJson = new WeakMap<PostRow, string>();

  return {
    /**
     * Presents posts to `viewerId` (null: a signed-out visitor), each at the point the access
     * rules let the viewer see ({@link pointShownTo}); `distance` (metres) is measured from
     * `origin` ([lng, lat]) to the point shown, if any.
     */
    async present(
      rows: PostRow[],
      viewerId: number | null,
      origin?: [number, number],
    ): Promise<Post[]> {
      const partsById = await hydration.parts(rows);
      return rows.map((r) => {
        const post = presentRow(r, partsById.get(r.id)!, viewerId);
        const distance = distanceTo(r, viewerId, origin);
        if (distance !== undefined) post.distance = distance;
        return post;
      });
    },

    /**
     * What {@link present} answers, as JSON text (the feed's answer). A post as members other
     * than its host see it is the same for all of them but for its distance, so its JSON
     * (without the closing brace, where the distance goes) is kept with the row it was made
     * from: a cached row is read again, into a new object, whenever its cell's version moves
     * (feed-cache.ts), and its parts are those of the row's version, so the text is never older
     * than the row.
     */
    async presentJson(
      rows: PostRow[],
      viewerId: number,
      origin?: [number, number],
    ): Promise<JsonText<Post[]>> {
      const missing = rows.filter((r) => r.author_id === viewerId || !othersJson.has(r));
      const partsById = missing.length > 0 ? await hydration.parts(missing) : undefined;
      const items = rows.map((r) => {
        let open = r.author_id === viewerId ? undefined : othersJson.get(r);
        if (open === undefined) {
          open = JSON.stringify(presentRow(r, partsById!.get(r.id)!, viewerId)).slice(0, -1);
          if (r.author_id !== viewerId) othersJson.set(r, open);
        }
        const distance = distanceTo(r, viewerId, origin);
        return distance === undefined ? `${open}}` : `${open},"distance":${distance}}`;
      });
      return new JsonText(`[${items.join(',')}]`);
    },
  };
}

export type Presentation = ReturnType<typeof createPresentation>;
