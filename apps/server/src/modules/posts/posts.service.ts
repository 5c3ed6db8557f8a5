/**
 * Posts: requests for players, the feed, and interest (spec part 1 §2 Feed, §3 Post, §4
 * Interest; spec part 2 §5 Create post). The feed is a pipeline (STYLE.md): filtered page of
 * rows -> batch hydrate -> present.
 */
import type SQLite from 'better-sqlite3';
import type { Kysely, Transaction } from 'kysely';
import {
  type createPostBodySchema,
  type feedQuerySchema,
  type CalendarFeedResponse,
  type CalendarFeedStatus,
  type FeedOrder,
  type InterestResponse,
  type pageQuerySchema,
  type Place,
  type Post,
  isEsport,
} from '@gameon/shared';
import type { z } from 'zod';
import type { DB, LocationSharing, PostRow } from '../../db/types.js';
import {
  decodeDistanceKeysetCursor,
  decodeKeysetCursor,
  decodeOffsetCursor,
  encodeDistanceKeysetCursor,
  encodeKeysetCursor,
  encodeOffsetCursor,
  isAfterKeyset,
  type Keyset,
} from '../../lib/cursor.js';
import { hashToken, newToken } from '../../lib/crypto.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import {
  haversineBound,
  haversineFrom,
  locationFilter,
  publicPoint,
  roundedDistance,
} from '../../lib/geo.js';
import { JsonText } from '../../lib/http.js';
import { dayRange, nowIso, toUtcIso } from '../../lib/time.js';
import { pointShownTo, type AccessService } from '../access/index.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ChatsService } from '../chats/chats.service.js';
import { gamesCalendar } from './calendar.js';
import {
  CELL_LIST_SIZE,
  createFeedCache,
  mergeCellLists,
  type CellList,
  type PostParts,
} from './feed-cache.js';
import { createSqliteFeedSkeleton } from './feed-skeleton.sqlite.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import * as repo from './posts.repository.js';
import { areaOf } from './share-page.js';

export interface PostsDeps {
  db: Kysely<DB>;
  /** The SQLite connection under `db`, when on SQLite: the feed's fast skeleton. */
  sqlite?: SQLite.Database;
  /** Per-member write limits. */
  limiter: Pick<RateLimiter, 'write'>;
  events: DomainEventBus;
  access: Pick<
    AccessService,
    'requireActivity' | 'requirePosts' | 'requireCalendarFeed' | 'publicPointOf'
  >;
  auth: Pick<AuthService, 'members'>;
  chats: Pick<
    ChatsService,
    'joinPostChat' | 'leavePostChat' | 'cancelPostChat' | 'announceSystemLine'
  >;
  /** PUBLIC_URL: absolute links in calendars. */
  publicUrl: string;
  /** The database has PostGIS and `posts.geog` (db/index.ts hasPostgisGeography). */
  postgis?: boolean;
  /** Hears where each soonest-first radius feed came from (the /metrics counter). */
  countFeedAnswer?: (source: 'cache' | 'walk') => void;
}

/** The answer games give once they have started (spec part 1 §4). */
const STARTED = 'This game has already started';

/**
 * A member's place from their 1-based rank in the joining order: joined within
 * `playersNeeded`, else waitlisted at `position` (1-based).
 */
export function placeOf(
  rank: number,
  playersNeeded: number,
): Pick<InterestResponse, 'status' | 'position'> {
  return rank <= playersNeeded
    ? { status: 'joined' }
    : { status: 'waitlisted', position: rank - playersNeeded };
}

export function createPostsService({
  db,
  sqlite,
  limiter,
  events,
  access,
  auth,
  chats,
  publicUrl,
  postgis = false,
  countFeedAnswer = () => {},
}: PostsDeps) {
  const feedSkeleton = sqlite ? createSqliteFeedSkeleton(sqlite) : undefined;
  const cache = createFeedCache();
  /** Each row's JSON as others see it, open at the end ({@link presentJson}). */
  const othersJson = new WeakMap<PostRow, string>();

  /**
   * The author name, tags and interested members of each of `rows`, by post id: from the cache
   * where it holds the row's version (feed-cache.ts), the rest in one hydration (three queries)
   * that is then cached. Each row's version was read before its parts, so a part read newer
   * than its version is only ever cached under an older one and then not used.
   */
  async function partsOf(rows: PostRow[]): Promise<Map<number, PostParts>> {
    const found = new Map<number, PostParts>();
    const missing: PostRow[] = [];
    for (const r of rows) {
      const parts = cache.parts(r.id, r.version);
      if (parts) found.set(r.id, parts);
      else missing.push(r);
    }
    if (missing.length === 0) return found;
    const { authors, tags, interests } = await repo.hydrate(
      db,
      missing.map((r) => r.id),
      missing.map((r) => r.author_id),
    );
    const usernames = new Map(authors.map((a) => [a.id, a.username]));
    for (const r of missing) {
      const parts: PostParts = {
        username: usernames.get(r.author_id) ?? null,
        tags: tags.filter((t) => t.post_id === r.id).map((t) => t.tag),
        interested: interests.filter((i) => i.post_id === r.id).map((i) => i.user_id),
      };
      cache.storeParts(r.id, r.version, parts);
      found.set(r.id, parts);
    }
    return found;
  }

  /**
   * Post `r` with its `parts` as `viewerId` (null: a signed-out visitor) sees it, at the point the
   * access rules let the viewer see ({@link pointShownTo}), without a distance.
   */
  function presentRow(r: PostRow, parts: PostParts, viewerId: number | null): Post {
    const point = pointShownTo(viewerId, r);
    // Joining order decides: the first players_needed are in, the rest wait.
    const order = parts.interested.map((id) => ({ user_id: id }));
    const joined = order.slice(0, r.players_needed);
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
      waitlist: order.slice(r.players_needed),
      is_full: joined.length >= r.players_needed,
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

  /**
   * Presents posts to `viewerId` (null: a signed-out visitor), each at the point the access rules
   * let the viewer see ({@link pointShownTo}); `distance` is measured to the point shown, if any.
   */
  async function present(
    rows: PostRow[],
    viewerId: number | null,
    origin?: [number, number],
  ): Promise<Post[]> {
    const partsById = await partsOf(rows);
    return rows.map((r) => {
      const post = presentRow(r, partsById.get(r.id)!, viewerId);
      const distance = distanceTo(r, viewerId, origin);
      if (distance !== undefined) post.distance = distance;
      return post;
    });
  }

  /**
   * What {@link present} answers, as JSON text (the feed's answer). A post as members
   * other than its host see it is the same for all of them but for its distance, so its JSON
   * (without the closing brace, where the distance goes) is kept with the row it was made from:
   * a row is read again, into a new object, whenever its cell's version moves (feed-cache.ts),
   * and its parts are those of the row's version, so the text is never older than the row.
   */
  async function presentJson(
    rows: PostRow[],
    viewerId: number,
    origin?: [number, number],
  ): Promise<JsonText<Post[]>> {
    const missing = rows.filter((r) => r.author_id === viewerId || !othersJson.has(r));
    const partsById = missing.length > 0 ? await partsOf(missing) : undefined;
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
  }

  /**
   * The versions of `cells` and the members blocked either way with `viewerId`, for the cell
   * lists (feed-cache.ts): where this process knows the cells' versions as of the feed's epoch
   * (SQLite, migration 0019) and the epoch has not moved, one query of a few index entries;
   * otherwise the cells' versions are read, with the epoch they are of.
   */
  async function feedChecks(
    cells: number[],
    viewerId: number,
  ): Promise<Pick<repo.FeedChecks, 'versions' | 'blocked'>> {
    const known = cache.versionsAt(cells);
    if (known) {
      const now = await repo.epochChecks(db, viewerId);
      if (now.epoch === known.epoch) return { versions: known.versions, blocked: now.blocked };
    }
    const checks = await repo.cellChecks(db, cells, viewerId);
    if (checks.epoch !== null) cache.noteVersions(checks.epoch, cells, checks.versions);
    return checks;
  }

  /**
   * The radius feed of `filter`, soonest first after `cursor`, from the cell lists of its cells
   * (feed-cache.ts): {@link feedChecks} tells the cells' versions and the members blocked either
   * way with the viewer, a stale list is read again (suspended members' games are left out of
   * every list), and the answer is the games in the circle (online games need none), not
   * the viewer's own, nor of a member blocked either way. Undefined when the lists cannot tell the
   * page (it reaches past a list's last game), so the index walk answers instead.
   */
  async function cachedFeed(
    filter: repo.FeedFilter,
    cursor: Keyset | undefined,
  ): Promise<PostRow[] | undefined> {
    const near = filter.near;
    const cells = repo.feedCells(filter);
    if (!near?.radius || !cells) return undefined;
    const { versions, blocked } = await feedChecks(cells, filter.viewerId);
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
        const games = await repo.cellGames(db, filter, cell, CELL_LIST_SIZE + 1);
        list = {
          version,
          games: games.slice(0, CELL_LIST_SIZE),
          complete: games.length <= CELL_LIST_SIZE,
        };
        cache.storeList(key, list);
      }
      lists.push(list);
    }
    const haversine = haversineFrom(near);
    const bound = haversineBound(near.radius);
    const { games, more } = mergeCellLists(
      lists,
      (g) =>
        g.event_time > filter.after &&
        g.author_id !== filter.viewerId &&
        !blocked.has(g.author_id) &&
        (!cursor || isAfterKeyset(g.event_time, g.id, cursor)) &&
        (g.geocell === repo.ONLINE_CELL ||
          (g.public_lat !== null &&
            g.public_lng !== null &&
            haversine(g.public_lat, g.public_lng) <= bound)),
      filter.limit,
    );
    if (games.length >= filter.limit) return games;
    if (!more) return games;
    return undefined;
  }

  /**
   * The page of `limit` feed rows in `order` after `cursor`, and the next page's cursor when
   * there is one: base64url `event_time|id` for soonest, `distance|event_time|id` for nearest.
   * `filter.limit` is `limit + 1`, the extra row telling that more follow.
   * @throws AppError 400 invalid cursor.
   */
  async function feedPage(
    filter: repo.FeedFilter,
    limit: number,
    order: FeedOrder,
    cursor: string | undefined,
  ): Promise<{ rows: PostRow[]; nextCursor?: string }> {
    const near = filter.near;
    const page = <T extends PostRow>(rows: T[], encode: (last: T) => string) => {
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return { rows: shown, ...(rows.length > limit && last ? { nextCursor: encode(last) } : {}) };
    };
    if (order === 'soonest' || !near) {
      const after = cursor === undefined ? undefined : decodeKeysetCursor(cursor);
      const cached = await cachedFeed(filter, after);
      if (filter.near?.radius) countFeedAnswer(cached ? 'cache' : 'walk');
      const rows = cached ?? (await repo.feed(db, filter, after, feedSkeleton));
      return page(rows, (last) => encodeKeysetCursor({ time: last.event_time, id: last.id }));
    }
    const after = cursor === undefined ? undefined : decodeDistanceKeysetCursor(cursor);
    return page(await repo.feedNearest(db, filter, near, after, feedSkeleton), (last) =>
      encodeDistanceKeysetCursor({
        distance: Number(last.distance_key),
        time: last.event_time,
        id: last.id,
      }),
    );
  }

  /**
   * Takes `userId` out of game `postId` and its group chat, no access check; the first waitlisted
   * member takes a freed place in the same transaction. Tells the host and the promoted member.
   * @throws AppError 404 unknown post, 400 `not_joined`, 400 a game that has started.
   */
  async function leaveGame(userId: number, postId: number): Promise<void> {
    const { post, promotedId, groupChatId } = await db.transaction().execute(async (trx) => {
      const post = await repo.lockPost(trx, postId);
      if (!post) throw notFound('Post not found');
      const order = await repo.interestsOf(trx, postId);
      const index = order.findIndex((i) => i.user_id === userId);
      if (index < 0) throw new AppError('not_joined', 400, 'You have not joined this game');
      if (post.event_time <= nowIso()) throw badRequest(STARTED);
      await repo.removeInterest(trx, postId, userId);
      const groupChatId = await chats.leavePostChat(trx, postId, userId);
      // Only a joined member frees a place; the next in the order takes it.
      const promotedId =
        index < post.players_needed ? (order[post.players_needed]?.user_id ?? null) : null;
      return { post, promotedId, groupChatId };
    });
    const [member] = await auth.members([userId]);
    if (member) {
      events.emit('post.left', {
        postId,
        heading: post.heading,
        authorId: post.author_id,
        user: { id: member.id, username: member.username },
      });
    }
    if (promotedId !== null && groupChatId !== null) {
      events.emit('post.promoted', {
        postId,
        heading: post.heading,
        userId: promotedId,
        groupChatId,
      });
    }
  }

  return {
    /**
     * `GET /posts/user/{id}`: a member's posts, newest first, when their privacy settings let
     * the viewer see their activity.
     * @throws AppError 404 unknown or blocked, 403 activity hidden from this viewer, 400 invalid
     *   cursor.
     */
    async listByAuthor(
      viewerId: number,
      authorId: number,
      { limit, cursor }: z.output<typeof pageQuerySchema>,
    ): Promise<{ posts: Post[]; nextCursor?: string }> {
      const offset = decodeOffsetCursor(cursor);
      await access.requireActivity(viewerId, authorId);
      const rows = await repo.listByAuthor(db, authorId, limit + 1, offset);
      return {
        posts: await present(rows.slice(0, limit), viewerId),
        ...(rows.length > limit ? { nextCursor: encodeOffsetCursor(offset, limit) } : {}),
      };
    },

    /**
     * Creates a post by the caller (spec part 2 §5).
     * @throws AppError 400 when the event time is earlier than now, 429 past the member's
     *   post limit.
     */
    async create(authorId: number, input: z.output<typeof createPostBodySchema>): Promise<Post> {
      await limiter.write('post', authorId);
      const eventTime = toUtcIso(input.eventTime);
      const now = nowIso();
      if (eventTime < now) {
        throw badRequest('Event time must not be earlier than now', [
          { field: 'eventTime', message: 'Event time must not be earlier than now' },
        ]);
      }
      const [lng, lat] = input.location.coordinates;
      const shown = await access.publicPointOf(authorId, [lng, lat]);
      const id = await db.transaction().execute((trx) =>
        repo.insertPost(
          trx,
          {
            author_id: authorId,
            sport: input.sport,
            heading: input.heading,
            description: input.description,
            location_name: input.locationName,
            lng,
            lat,
            public_lng: shown?.[0] ?? null,
            public_lat: shown?.[1] ?? null,
            event_time: eventTime,
            players_needed: input.playersNeeded,
            created_at: now,
          },
          input.tags,
        ),
      );
      const row = await repo.findPost(db, id);
      if (!row) throw notFound('Post not found');
      const [post] = await present([row], authorId);
      events.emit('post.created', {
        // Nearby members are matched on the point others see, never a hidden exact one.
        post: {
          id: row.id,
          sport: row.sport,
          heading: row.heading,
          publicPoint: pointShownTo(null, row),
        },
        author: post!.author,
      });
      return post!;
    },

    /**
     * The feed (spec part 1 §2, §7; CONTRACT.md): upcoming posts of others, with `distance` in
     * metres when `lat`/`lng` are given; radius -1 = no location filter. Online games
     * carry no distance and no radius hides them; `order=soonest` (default) pages by time,
     * `order=nearest` (the schema lets it through only with a position and a radius) by distance
     * then time, online games after every game in range. The page comes as JSON text
     * ({@link presentJson}), the next page's cursor beside it.
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
      const filter: repo.FeedFilter = {
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
        postgis,
      };
      const { rows, nextCursor } = await feedPage(filter, input.limit, input.order, input.cursor);
      return {
        posts: await presentJson(rows, viewerId, origin),
        ...(nextCursor ? { nextCursor } : {}),
      };
    },

    /**
     * Interest in a post (spec part 1 §4): the member joins while places are free,
     * else joins the waitlist; either way they are in the game's group chat (the first interest
     * creates it, named sport plus heading). One transaction holds the post's lock
     * ({@link repo.lockPost}), so parallel joins never overfill a game. Repeating is harmless
     * and answers the member's current place.
     * @returns `{groupChatId, status, position?}` (`position` 1-based, only when waitlisted).
     * @throws AppError 404 unknown or hidden post (or its host is suspended), 403 `own_post`,
     *   400 a game that has started, 429 past the member's interest limit.
     */
    async expressInterest(userId: number, postId: number): Promise<InterestResponse> {
      await limiter.write('interestOrFollow', userId);
      // A blocked member cannot see the game, so it is not there for them; nor is the
      // game of a suspended host.
      await access.requirePosts(userId, [postId]);
      const { post, isNew, groupChatId, rank } = await db.transaction().execute(async (trx) => {
        const post = await repo.lockPost(trx, postId);
        if (!post) throw notFound('Post not found');
        if (post.author_id === userId)
          throw forbidden('own_post', 'You cannot express interest in your own post');
        const now = nowIso();
        const before = await repo.interestsOf(trx, postId);
        const isNew = !before.some((i) => i.user_id === userId);
        if (isNew && post.event_time <= now) throw badRequest(STARTED);
        if (isNew) await repo.addInterest(trx, postId, userId, now);
        const groupChatId = await chats.joinPostChat(trx, {
          postId,
          name: `${post.sport} - ${post.heading}`,
          memberIds: [post.author_id, userId],
          now,
        });
        // Under the post lock a new interest goes to the end of the joining order.
        const rank = isNew ? before.length + 1 : before.findIndex((i) => i.user_id === userId) + 1;
        return { post, isNew, groupChatId, rank };
      });
      if (isNew) {
        const [member] = await auth.members([userId]);
        if (member) {
          events.emit('post.interest', {
            postId,
            heading: post.heading,
            authorId: post.author_id,
            user: { id: member.id, username: member.username },
            groupChatId,
          });
        }
      }
      return { groupChatId, ...placeOf(rank, post.players_needed) };
    },

    /**
     * `DELETE /posts/{id}/interest`: the member leaves the game or its waitlist and
     * its group chat; when they held a place, the first waitlisted member moves up in the same
     * transaction. The host is told (`post.left`), and so is the member who moves up
     * (`post.promoted`). A member may always leave a game they are in, also one hidden from them
     * since they joined (a block either way, a suspended host); to anyone else a hidden game
     * stays unknown.
     * @throws AppError 404 unknown post, or hidden and the member not in it; 400 `not_joined`
     *   when the member is neither joined nor waitlisted, 400 a game that has started, 429 past
     *   the member's limit (interest and leaving together).
     */
    async leave(userId: number, postId: number): Promise<{ success: true }> {
      await limiter.write('interestOrFollow', userId);
      const hidden = await access.requirePosts(userId, [postId]).then(
        () => null,
        (error: unknown) => {
          if (error instanceof AppError && error.status === 404) return error;
          throw error;
        },
      );
      try {
        await leaveGame(userId, postId);
      } catch (error) {
        if (hidden && error instanceof AppError && error.code === 'not_joined') throw hidden;
        throw error;
      }
      return { success: true };
    },

    /**
     * Frees every place and waitlist spot `userId` holds in upcoming games, each exactly as when
     * the member leaves ({@link leave}: the first waitlisted member moves up, group chats follow),
     * whoever hosts the game: an operator suspended the member.
     * @returns how many games the member left.
     */
    async withdrawAllInterests(userId: number): Promise<number> {
      const postIds = await repo.joinedIds(db, userId, nowIso());
      let left = 0;
      for (const postId of postIds) {
        try {
          await leaveGame(userId, postId);
          left += 1;
        } catch (error) {
          // The game started or the member left it meanwhile: nothing to free.
          if (!(error instanceof AppError) || error.status !== 400) throw error;
        }
      }
      return left;
    },

    /**
     * `GET /posts/{id}`: one game with its players, waitlist and `is_full`.
     * @throws AppError 404 unknown, or hidden from the viewer by a block or the host's
     *   suspension.
     */
    async getOne(viewerId: number, postId: number): Promise<Post> {
      await access.requirePosts(viewerId, [postId]);
      const row = await repo.findPost(db, postId);
      if (!row) throw notFound('Post not found');
      const [post] = await present([row], viewerId);
      return post!;
    },

    /**
     * `GET /posts/{id}` signed out (shareable game links): the game as a stranger
     * member sees it — every game is open to strangers, whatever the host's profile_visibility
     * (which guards the profile, not games) — at the public point or none, with `location_name`
     * cut to its area ({@link areaOf}: the city), and '' when the host hides their location. The
     * same view feeds the link preview of the game page.
     * @throws AppError 404 unknown, deleted, or its host is suspended.
     */
    async getPublic(postId: number): Promise<Post> {
      await access.requirePosts(null, [postId]);
      const row = await repo.findPost(db, postId);
      if (!row) throw notFound('Post not found');
      const [post] = await present([row], null);
      const hidden = row.public_lng === null || row.public_lat === null;
      return { ...post!, location_name: hidden ? '' : (areaOf(row.location_name) ?? '') };
    },

    /**
     * `GET /posts/my-posts` (spec part 2 §2 My Posts): every game the caller hosts, upcoming
     * soonest first, then past latest first; not paginated.
     */
    async myPosts(userId: number): Promise<Post[]> {
      const rows = await repo.listHosted(db, userId);
      const now = nowIso();
      const byTime = (a: PostRow, b: PostRow) =>
        a.event_time < b.event_time ? -1 : a.event_time > b.event_time ? 1 : a.id - b.id;
      const upcoming = rows.filter((r) => r.event_time > now).sort(byTime);
      const past = rows
        .filter((r) => r.event_time <= now)
        .sort(byTime)
        .reverse();
      return present([...upcoming, ...past], userId);
    },

    /** `GET /posts/joined`: upcoming games the caller joined or waits for, soonest first. */
    async joined(userId: number): Promise<Post[]> {
      return present(await repo.listJoined(db, userId, nowIso()), userId);
    },

    /**
     * `DELETE /posts/{id}` (spec part 2 §8): the author cancels a game before it
     * starts. The post leaves every list; its group chat stays readable, ends with "This game
     * was cancelled" and takes no new messages; joined and waitlisted members are told
     * (`post.cancelled`).
     * @throws AppError 404 unknown, hidden or already deleted, 403 `not_author`, 400 started.
     */
    async remove(userId: number, postId: number): Promise<{ success: true }> {
      const authors = await access.requirePosts(userId, [postId]);
      if (authors.get(postId) !== userId)
        throw forbidden('not_author', 'Only the host can delete this game');
      const { post, memberIds, chat } = await db.transaction().execute(async (trx) => {
        // The lock makes a second, parallel delete wait and then find nothing.
        const post = await repo.lockPost(trx, postId);
        if (!post) throw notFound('Post not found');
        const now = nowIso();
        if (post.event_time <= now) throw badRequest(STARTED);
        const memberIds = (await repo.interestsOf(trx, postId)).map((i) => i.user_id);
        const chat = await chats.cancelPostChat(trx, postId, now);
        await repo.deletePost(trx, postId);
        return { post, memberIds, chat };
      });
      if (chat) chats.announceSystemLine(chat.line, chat.memberIds);
      events.emit('post.cancelled', {
        postId,
        heading: post.heading,
        authorId: post.author_id,
        memberIds,
        groupChatId: chat?.groupChatId ?? null,
      });
      return { success: true };
    },

    /**
     * `GET /posts/{id}/calendar.ics`: the game as iCalendar, for its host and its
     * joined or waitlisted members.
     * @throws AppError 404 unknown or hidden, 403 `not_in_game` for anyone else.
     */
    async calendar(viewerId: number, postId: number): Promise<string> {
      await access.requirePosts(viewerId, [postId]);
      const row = await repo.findPost(db, postId);
      if (!row) throw notFound('Post not found');
      const inGame =
        row.author_id === viewerId ||
        (await repo.interestsOf(db, postId)).some((i) => i.user_id === viewerId);
      if (!inGame)
        throw forbidden('not_in_game', 'Only the host and players of this game can add it');
      return gamesCalendar(publicUrl, viewerId, [row]);
    },

    /**
     * `GET /calendar/{secret}.ics`: the private feed of the member whose secret this
     * is: every upcoming game they host, joined or wait for. No bearer token: the secret is the
     * key, compared by its SHA-256. Games of hosts blocked either way or suspended are left out.
     * @throws AppError 404 for an unknown (or reset) secret, or while its owner is suspended.
     */
    async calendarFeed(secret: string): Promise<string> {
      const owner = await repo.calendarFeedOwner(db, hashToken(secret));
      if (!owner) throw notFound('Calendar not found');
      await access.requireCalendarFeed(owner.user_id);
      const rows = await repo.listUpcomingFor(db, owner.user_id, nowIso());
      return gamesCalendar(publicUrl, owner.user_id, rows);
    },

    /**
     * `POST /settings/calendar-feed`: a new secret address for the caller's private
     * feed; the old one stops at once. The secret is stored only as its SHA-256, so this is the
     * one moment its address can be shown.
     * @throws AppError 429 past the member's limit.
     */
    async resetCalendarFeed(userId: number): Promise<CalendarFeedResponse> {
      await limiter.write('calendarFeed', userId);
      const secret = newToken();
      await repo.saveCalendarFeed(db, userId, hashToken(secret), nowIso());
      return { url: `${publicUrl}/api/calendar/${secret}.ics` };
    },

    /** `GET /settings/calendar-feed`: whether the caller has a feed, and since when. */
    async calendarFeedStatus(userId: number): Promise<CalendarFeedStatus> {
      const row = await repo.findCalendarFeed(db, userId);
      return { active: row !== undefined, created_at: row?.created_at ?? null };
    },

    /**
     * Re-places every post of `authorId` for a new location_sharing, inside the
     * caller's transaction `trx` (the settings service saves the setting in the same one).
     */
    async applyLocationSharing(
      trx: Transaction<DB>,
      authorId: number,
      sharing: LocationSharing,
    ): Promise<void> {
      await repo.updatePublicPoints(trx, authorId, (lng, lat) => publicPoint(lng, lat, sharing));
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;

/**
 * The places a member used in their own earlier games whose name contains `q` (found
 * first for them, no one else's): one per name, newest game first, at most `limit`, each at the
 * game's exact point.
 */
export async function placesOfOwnGames(
  db: Kysely<DB>,
  authorId: number,
  q: string,
  limit: number,
): Promise<Place[]> {
  const rows = await repo.ownLocations(db, authorId, q, 50);
  const byName = new Map<string, Place>();
  for (const { location_name: name, lng, lat } of rows)
    if (!byName.has(name)) byName.set(name, { name, address: name, coordinates: [lng, lat] });
  return [...byName.values()].slice(0, limit);
}
