/**
 * Posts: requests for players, the feed, and interest (spec part 1 §2 Feed, §3 Post, §4
 * Interest; spec part 2 §5 Create post). The feed is a pipeline (STYLE.md): filtered page of
 * rows -> batch hydrate -> present.
 */
import type { Kysely, Transaction } from 'kysely';
import { TZDate } from '@date-fns/tz';
import {
  NO_RADIUS,
  type createPostBodySchema,
  type feedQuerySchema,
  type pageQuerySchema,
  type Post,
} from '@gameon/shared';
import type { z } from 'zod';
import type { DB, LocationSharing, PostRow } from '../../db/types.js';
import {
  decodeKeysetCursor,
  decodeOffsetCursor,
  encodeKeysetCursor,
  encodeOffsetCursor,
} from '../../lib/cursor.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import { distanceMetres, EARTH_RADIUS_M, publicPoint } from '../../lib/geo.js';
import { nowIso, toUtcIso } from '../../lib/time.js';
import { pointShownTo, type AccessService } from '../access/index.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ChatsService } from '../chats/chats.service.js';
import * as repo from './posts.repository.js';

export interface PostsDeps {
  db: Kysely<DB>;
  events: DomainEventBus;
  access: Pick<AccessService, 'requireActivity' | 'requirePosts' | 'publicPointOf'>;
  auth: Pick<AuthService, 'members'>;
  chats: Pick<ChatsService, 'isInPostChat' | 'joinPostChat'>;
}

/** The radius to filter by, or null: -1, and anything reaching round the globe, filter nothing. */
function radiusFilter(radius: number): number | null {
  return radius === NO_RADIUS || radius >= Math.PI * EARTH_RADIUS_M ? null : radius;
}

/** The UTC instants bounding calendar day `date` (YYYY-MM-DD) in time zone `tz`. */
export function dayRange(date: string, tz: string): { from: string; to: string } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = new TZDate(y, m - 1, d, tz);
  if (Number.isNaN(start.getTime()) || start.getMonth() !== m - 1 || start.getDate() !== d) {
    throw badRequest('Invalid date', [
      { field: 'date', message: 'Date must be a real calendar day' },
    ]);
  }
  const end = new TZDate(y, m - 1, d + 1, tz);
  return {
    from: new Date(start.getTime()).toISOString(),
    to: new Date(end.getTime()).toISOString(),
  };
}

export function createPostsService({ db, events, access, auth, chats }: PostsDeps) {
  /**
   * Presents posts to `viewerId`, each at the point the access rules let the viewer see
   * ({@link pointShownTo}); `distance` is measured to the point shown, if any.
   */
  async function present(
    rows: PostRow[],
    viewerId: number,
    origin?: [number, number],
  ): Promise<Post[]> {
    const { authors, tags, interests } = await repo.hydrate(
      db,
      rows.map((r) => r.id),
      rows.map((r) => r.author_id),
    );
    const usernames = new Map(authors.map((a) => [a.id, a.username]));
    return rows.map((r) => {
      const point = pointShownTo(viewerId, r);
      const post: Post = {
        id: r.id,
        author_id: r.author_id,
        author: { id: r.author_id, username: usernames.get(r.author_id) ?? 'Deleted user' },
        sport: r.sport,
        heading: r.heading,
        description: r.description,
        tags: tags.filter((t) => t.post_id === r.id).map((t) => t.tag),
        location: point ? { type: 'Point', coordinates: point } : null,
        location_name: r.location_name,
        event_time: r.event_time,
        players_needed: r.players_needed,
        interested_users: interests
          .filter((i) => i.post_id === r.id)
          .map((i) => ({ user_id: i.user_id })),
        created_at: r.created_at,
      };
      if (origin && point) post.distance = Math.round(distanceMetres(origin, point));
      return post;
    });
  }

  return {
    /**
     * `GET /posts/user/{id}`: a member's posts, newest first, when their privacy settings let
     * the viewer see their activity (issue 4).
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
     * @throws AppError 400 when the event time is earlier than now.
     */
    async create(authorId: number, input: z.output<typeof createPostBodySchema>): Promise<Post> {
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
        post: { id: row.id, sport: row.sport, heading: row.heading, lng: row.lng, lat: row.lat },
        author: post!.author,
      });
      return post!;
    },

    /**
     * The feed (spec part 1 §2, §7; CONTRACT.md): upcoming posts of others, soonest first,
     * with `distance` in metres when `lat`/`lng` are given; radius -1 = no location filter.
     */
    async feed(
      viewerId: number,
      input: z.output<typeof feedQuerySchema>,
    ): Promise<{ posts: Post[]; nextCursor?: string }> {
      const wantsSports = input.filterType !== 'ESPORTS_ONLY' ? input.sports : [];
      const wantsEsports = input.filterType !== 'SPORTS_ONLY' ? input.esports : [];
      const chosen = [...wantsSports, ...wantsEsports];
      const origin: [number, number] | undefined =
        input.lat !== undefined && input.lng !== undefined ? [input.lng, input.lat] : undefined;
      const range = input.date ? dayRange(input.date, input.tz) : undefined;
      const rows = await repo.feed(db, {
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
        ...(origin
          ? {
              near: {
                lng: origin[0],
                lat: origin[1],
                radius: radiusFilter(input.radius),
              },
            }
          : {}),
        ...(input.cursor ? { cursor: decodeKeysetCursor(input.cursor) } : {}),
        limit: input.limit + 1,
      });
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      return {
        posts: await present(page, viewerId, origin),
        ...(rows.length > input.limit && last
          ? { nextCursor: encodeKeysetCursor({ time: last.event_time, id: last.id }) }
          : {}),
      };
    },

    /**
     * Interest in a post (spec part 1 §4): the first creates the post's group chat (name =
     * sport plus heading) with the author and the member; later ones join it; repeating is
     * harmless. Returns `{groupChatId}`.
     * @throws AppError 404 unknown post, 403 own post, 400 a game that has started.
     */
    async expressInterest(userId: number, postId: number): Promise<{ groupChatId: number }> {
      // A blocked member cannot see the game, so it is not there for them (issue 4).
      await access.requirePosts(userId, [postId]);
      const post = await repo.findPost(db, postId);
      if (!post) throw notFound('Post not found');
      if (post.author_id === userId)
        throw forbidden('own_post', 'You cannot express interest in your own post');
      const now = nowIso();
      if (post.event_time <= now && !(await chats.isInPostChat(postId, userId))) {
        throw badRequest('This game has already started');
      }
      const { groupChatId, isNew } = await db.transaction().execute(async (trx) => {
        const isNew = await repo.addInterest(trx, postId, userId, now);
        const groupChatId = await chats.joinPostChat(trx, {
          postId,
          name: `${post.sport} - ${post.heading}`,
          memberIds: [post.author_id, userId],
          now,
        });
        return { groupChatId, isNew };
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
      return { groupChatId };
    },

    /**
     * Re-places every post of `authorId` for a new location_sharing (issue 4), inside the
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
