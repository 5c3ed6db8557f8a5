/**
 * Posts: requests for players, the feed, and interest (spec part 1 §2 Feed, §3 Post, §4
 * Interest; spec part 2 §5 Create post). The feed is a pipeline (STYLE.md): filtered page of
 * rows -> batch hydrate -> present.
 */
import type { Kysely } from 'kysely';
import { TZDate } from '@date-fns/tz';
import { idSchema, NO_RADIUS, type Post } from '@gameon/shared';
import type { DB, PostRow } from '../../db/types.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import { distanceMetres, EARTH_RADIUS_M, publicPoint } from '../../lib/geo.js';
import { nowIso, toUtcIso } from '../../lib/time.js';
import { findUsersWithLists } from '../auth/auth.repository.js';
import * as chatsRepo from '../chats/chats.repository.js';
import * as usersRepo from '../users/users.repository.js';
import type { UsersService } from '../users/users.service.js';
import * as repo from './posts.repository.js';

export interface PostsDeps {
  db: Kysely<DB>;
  events: DomainEventBus;
  users: UsersService;
}

export interface CreatePostInput {
  sport: string;
  heading: string;
  description: string;
  tags: string[];
  location: { type: 'Point'; coordinates: [number, number] };
  locationName: string;
  eventTime: string;
  playersNeeded: number;
}

export interface FeedInput {
  sports: string[];
  esports: string[];
  filterType: 'ALL' | 'SPORTS_ONLY' | 'ESPORTS_ONLY';
  tags: string[];
  date?: string | undefined;
  tz: string;
  radius: number;
  lat?: number | undefined;
  lng?: number | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** Cursor of the feed: base64url of `event_time|id`. */
export function encodeCursor(post: Pick<PostRow, 'event_time' | 'id'>): string {
  return Buffer.from(`${post.event_time}|${post.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { eventTime: string; id: number } {
  const [eventTime, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const n = idSchema.safeParse(id);
  if (
    !eventTime ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(eventTime) ||
    !n.success
  ) {
    throw badRequest('Invalid cursor', [{ field: 'cursor', message: 'Invalid cursor' }]);
  }
  return { eventTime, id: n.data };
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

export function createPostsService({ db, events, users }: PostsDeps) {
  /**
   * Presents posts to `viewerId`: the author sees the exact point, everyone else the public
   * one (issue 4 location_sharing); `distance` is measured to the point shown, if any.
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
      const point: [number, number] | null =
        r.author_id === viewerId
          ? [r.lng, r.lat]
          : r.public_lng !== null && r.public_lat !== null
            ? [r.public_lng, r.public_lat]
            : null;
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
     * @throws AppError 404 unknown or blocked, 403 activity hidden from this viewer.
     */
    async listByAuthor(viewerId: number, authorId: number, limit: number, offset: number) {
      const seen = await users.access(viewerId, authorId);
      if (!seen.activity) throw forbidden('activity_private', "This member's posts are private");
      const rows = await repo.listByAuthor(db, authorId, limit + 1, offset);
      return {
        posts: await present(rows.slice(0, limit), viewerId),
        nextCursor: rows.length > limit ? String(offset + limit) : undefined,
      };
    },

    /**
     * Creates a post by the caller (spec part 2 §5).
     * @throws AppError 400 when the event time is earlier than now.
     */
    async create(authorId: number, input: CreatePostInput): Promise<Post> {
      const eventTime = toUtcIso(input.eventTime);
      const now = nowIso();
      if (eventTime < now) {
        throw badRequest('Event time must not be earlier than now', [
          { field: 'eventTime', message: 'Event time must not be earlier than now' },
        ]);
      }
      const [lng, lat] = input.location.coordinates;
      const shown = publicPoint(
        lng,
        lat,
        (await usersRepo.findSettings(db, authorId)).location_sharing,
      );
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
      input: FeedInput,
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
        ...(input.cursor ? { cursor: decodeCursor(input.cursor) } : {}),
        limit: input.limit + 1,
      });
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      return {
        posts: await present(page, viewerId, origin),
        ...(rows.length > input.limit && last ? { nextCursor: encodeCursor(last) } : {}),
      };
    },

    /**
     * Interest in a post (spec part 1 §4): the first creates the post's group chat (name =
     * sport plus heading) with the author and the member; later ones join it; repeating is
     * harmless. Returns `{groupChatId}`.
     * @throws AppError 404 unknown post, 403 own post, 400 a game that has started.
     */
    async expressInterest(userId: number, postId: number): Promise<{ groupChatId: number }> {
      const post = await repo.findPost(db, postId);
      if (!post) throw notFound('Post not found');
      if (post.author_id === userId)
        throw forbidden('own_post', 'You cannot express interest in your own post');
      // A blocked member cannot see the game, so it is not there for them (issue 4).
      if (await usersRepo.isBlockedEitherWay(db, userId, post.author_id))
        throw notFound('Post not found');
      const now = nowIso();
      const alreadyIn = await chatsRepo.findGroupChatByPost(db, postId);
      if (
        post.event_time <= now &&
        !(alreadyIn && (await chatsRepo.isMember(db, alreadyIn.id, userId)))
      ) {
        throw badRequest('This game has already started');
      }
      const { groupChatId, isNew } = await db.transaction().execute(async (trx) => {
        const isNew = await repo.addInterest(trx, postId, userId, now);
        const groupChatId = await chatsRepo.ensureGroupChatForPost(
          trx,
          postId,
          `${post.sport} - ${post.heading}`,
          now,
        );
        await chatsRepo.addMembers(trx, groupChatId, [post.author_id, userId], now);
        return { groupChatId, isNew };
      });
      if (isNew) {
        const [member] = await findUsersWithLists(db, [userId]);
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
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
