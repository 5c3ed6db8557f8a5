/**
 * Posts: games and interest (spec part 1 §3 Post, §4 Interest; spec part 2 §5 Create post):
 * create, edit, delete, join and leave (the waitlist), the host removing a player, calendars.
 * The feed, and the presentation of posts, are the feed module's (modules/feed).
 */
import type { Kysely, Transaction } from 'kysely';
import {
  type createPostBodySchema,
  type editPostBodySchema,
  type CalendarFeedResponse,
  type CalendarFeedStatus,
  type InterestResponse,
  type pageQuerySchema,
  type Place,
  type Post,
} from '@gameon/shared';
import type { z } from 'zod';
import type { DB, LocationSharing, PostRow } from '../../db/types.js';
import type { CalendarEntry } from '../../lib/calendar.js';
import { decodeOffsetCursor, encodeOffsetCursor } from '../../lib/cursor.js';
import { hashToken, newToken } from '../../lib/crypto.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import { publicPoint } from '../../lib/geo.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { nowIso, toUtcIso } from '../../lib/time.js';
import { pointShownTo, type AccessService } from '../access/index.js';
import type { MemberLookup } from '../users/index.js';
import type { ChatsService } from '../chats/chats.service.js';
import type { FeedService } from '../feed/feed.service.js';
import type { TrustService } from '../trust/index.js';
import { gamesCalendar } from './calendar.js';
import type { OffersService } from './offers.service.js';
import * as repo from './posts.repository.js';
import { areaOf } from './share-page.js';

export { GAME_ALARM_SECONDS, GAME_DURATION_MS } from './calendar.js';

export interface PostsDeps {
  db: Kysely<DB>;
  /** Presents posts (hydrated, at the point each viewer may see): the feed module's. */
  feed: Pick<FeedService, 'present'>;
  /** The host's minimums to join (show-up record, rated level): the trust module's. */
  trust: Pick<TrustService, 'requireMeetsMinimums'>;
  /** Per-member write limits. */
  limiter: Pick<RateLimiter, 'write'>;
  events: DomainEventBus;
  access: Pick<
    AccessService,
    'requireActivity' | 'requirePosts' | 'requireCalendarFeed' | 'publicPointOf'
  >;
  /** The member lookup (users module). */
  users: MemberLookup;
  chats: Pick<
    ChatsService,
    | 'joinPostChat'
    | 'leavePostChat'
    | 'cancelPostChat'
    | 'announceSystemLine'
    | 'postSystemLine'
    | 'renamePostChat'
  >;
  /** PUBLIC_URL: absolute links in calendars. */
  publicUrl: string;
  /** Offers of freed places (offers.service.ts): run wherever a place frees up. */
  offers: Pick<OffersService, 'fill' | 'announce'>;
  /**
   * The repeating calendar entries of series `seriesIds` hosted by `hostId` (the series
   * module's), which stand in for their games in the host's private feed.
   */
  seriesEntries?: (hostId: number, seriesIds: number[]) => Promise<CalendarEntry[]>;
}

/** What makes a new game an occurrence of a series (see `createOccurrence`). */
export interface Occurrence {
  seriesId: number;
  /** Its recurrence instant, UTC ISO. */
  slot: string;
  /** Held for the regulars until this UTC ISO instant, or null when open at once. */
  hiddenUntil: string | null;
}

/** The answer games give once they have started (spec part 1 §4). */
const STARTED = 'This game has already started';

/**
 * How long after a change of a game's time or place a player may leave it excused (stored on
 * their departure; the show-up record reads it).
 */
export const EXCUSED_LEAVE_MS = 24 * 3600 * 1000;

/** The words for a game's changed fields, in the order they are told. */
const CHANGE_WORDS = {
  heading: 'the title',
  description: 'the description',
  tags: 'the tags',
  time: 'the time',
  place: 'the place',
  players: 'the players needed',
} as const;
type Change = keyof typeof CHANGE_WORDS;

/** `['time', 'place']` as "the time and the place". */
export function describeChanges(changes: readonly Change[]): string {
  const words = changes.map((c) => CHANGE_WORDS[c]);
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * `userId`'s place among a game's members `order` (joining order, with their stored places):
 * joined, offered, or waitlisted at `position` (1-based among the waitlisted).
 */
export function placeOf(
  order: readonly { user_id: number; place: string }[],
  userId: number,
): Pick<InterestResponse, 'status' | 'position'> {
  const mine = order.find((i) => i.user_id === userId);
  if (mine?.place === 'joined' || mine?.place === 'offered') return { status: mine.place };
  const waiting = order.filter((i) => i.place === 'waitlisted');
  return { status: 'waitlisted', position: waiting.findIndex((i) => i.user_id === userId) + 1 };
}

/** Joined and offered places are taken (migration 0031). */
const takenIn = (order: readonly { place: string }[]) =>
  order.filter((i) => i.place !== 'waitlisted').length;

export function createPostsService({
  db,
  feed,
  trust,
  limiter,
  events,
  access,
  users,
  chats,
  publicUrl,
  seriesEntries,
  offers,
}: PostsDeps) {
  const present = (rows: PostRow[], viewerId: number | null) => feed.present(rows, viewerId);

  /**
   * Takes `userId` out of game `postId`, no access check: they leave (`reason` 'left') or its
   * host removes them ('removed', and they cannot join it again). Either way a freed place is
   * offered to the next waitlisted member in the same transaction (offers.service.ts fill), and
   * the chat stays theirs to
   * read up to now, read-only. The departure is recorded, a leave `excused` within
   * {@link EXCUSED_LEAVE_MS} of a change of the game's time or place. Tells the host of a leave,
   * the removed member of a removal, and the member offered the place (or promoted).
   * @throws AppError 404 unknown post, 400 `not_joined`, 400 a game that has started.
   */
  async function leaveGame(
    userId: number,
    postId: number,
    reason: 'left' | 'removed' = 'left',
  ): Promise<void> {
    const { post, filled, groupChatId } = await db.transaction().execute(async (trx) => {
      const post = await repo.lockPost(trx, postId);
      if (!post) throw notFound('Post not found');
      const order = await repo.interestsOf(trx, postId);
      const index = order.findIndex((i) => i.user_id === userId);
      if (index < 0) {
        throw new AppError(
          'not_joined',
          400,
          reason === 'left' ? 'You have not joined this game' : 'This member is not in this game',
        );
      }
      const now = nowIso();
      if (post.event_time <= now) throw badRequest(STARTED);
      await repo.removeInterest(trx, postId, userId);
      const groupChatId = await chats.leavePostChat(trx, postId, userId, now);
      await repo.recordDeparture(trx, {
        post_id: postId,
        user_id: userId,
        left_at: now,
        reason,
        excused:
          reason === 'left' &&
          post.changed_at !== null &&
          Date.parse(now) - Date.parse(post.changed_at) <= EXCUSED_LEAVE_MS,
        place: order[index]!.place,
      });
      // Only a joined or offered member frees a place; it is offered to the next in line.
      const filled = order[index]!.place === 'waitlisted' ? null : await offers.fill(trx, post);
      return { post, filled, groupChatId };
    });
    if (reason === 'removed') {
      events.emit('post.player_removed', {
        postId,
        heading: post.heading,
        authorId: post.author_id,
        userId,
      });
    }
    const [member] = await users.members([userId]);
    if (member && reason === 'left') {
      events.emit('post.left', {
        postId,
        heading: post.heading,
        authorId: post.author_id,
        user: { id: member.id, username: member.username },
      });
    }
    if (filled) offers.announce(post, filled, groupChatId);
  }

  /** Tells of a new game (nearby members, reminders); matched on the point others see. */
  function announceCreated(row: PostRow, author: { id: number; username: string }): void {
    events.emit('post.created', {
      post: {
        id: row.id,
        sport: row.sport,
        heading: row.heading,
        publicPoint: pointShownTo(null, row),
      },
      author,
    });
  }

  /**
   * Inserts a game of `authorId` (with its series tags when `occurrence` is given) and announces
   * it unless it is held for regulars.
   * @throws AppError 400 when the event time is earlier than now.
   */
  async function insertGame(
    authorId: number,
    input: z.output<typeof createPostBodySchema>,
    occurrence?: Occurrence,
  ): Promise<Post> {
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
          ...(occurrence
            ? {
                series_id: occurrence.seriesId,
                series_slot: occurrence.slot,
                hidden_until: occurrence.hiddenUntil,
              }
            : {}),
        },
        input.tags,
      ),
    );
    const row = await repo.findPost(db, id);
    if (!row) throw notFound('Post not found');
    const [post] = await present([row], authorId);
    if (row.hidden_until === null) announceCreated(row, post!.author);
    return post!;
  }

  /** The game as a signed-out visitor sees it, with its version (see `getPublic`). */
  async function publicView(postId: number): Promise<{ post: Post; version: number }> {
    await access.requirePosts(null, [postId]);
    const row = await repo.findPost(db, postId);
    if (!row) throw notFound('Post not found');
    const [post] = await present([row], null);
    const hidden = row.public_lng === null || row.public_lat === null;
    return {
      post: { ...post!, location_name: hidden ? '' : (areaOf(row.location_name) ?? '') },
      version: row.version,
    };
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
      return insertGame(authorId, input);
    },

    /**
     * Creates an occurrence of a series for its host (the series module's; no write limit: the
     * series makes it, not the member): as {@link create}, tagged with the series and its
     * recurrence instant; while `hiddenUntil` is set it is held for the regulars, so it is not
     * announced (`post.created`: nearby alerts, reminders) until {@link openOccurrence}.
     * @throws AppError 400 when the event time is earlier than now.
     */
    createOccurrence(
      authorId: number,
      input: z.output<typeof createPostBodySchema>,
      occurrence: Occurrence,
    ): Promise<Post> {
      return insertGame(authorId, input, occurrence);
    },

    /**
     * Opens held occurrence `postId` to everyone (feed, nearby alerts): clears `hidden_until` in
     * one conditional update, so of two processes only one opens it and announces it.
     * @returns true when this call opened it.
     */
    async openOccurrence(postId: number): Promise<boolean> {
      if (!(await repo.openPost(db, postId))) return false;
      const row = await repo.findPost(db, postId);
      if (!row) return false;
      const [author] = await users.members([row.author_id]);
      if (author) announceCreated(row, { id: author.id, username: author.username });
      return true;
    },

    /**
     * Interest in a post (spec part 1 §4): the member joins while places are free,
     * else joins the waitlist; either way they are in the game's group chat (the first interest
     * creates it, named sport plus heading). One transaction holds the post's lock
     * ({@link repo.lockPost}), so parallel joins never overfill a game. Repeating is harmless
     * and answers the member's current place.
     * @returns `{groupChatId, status, position?}` (`position` 1-based, only when waitlisted).
     * A series' occurrence held for its regulars takes nobody new but a regular claiming their
     * place (`options.claim`, the series module's).
     * @throws AppError 404 unknown or hidden post (or its host is suspended), 403 `own_post`,
     *   403 `removed` when its host removed the member from it, 403 `below_minimum` when the
     *   host's minimums keep the member out, 403 `not_open` an occurrence still held for its
     *   regulars, 400 a game that has started, 429 past the member's
     *   interest limit.
     */
    async expressInterest(
      userId: number,
      postId: number,
      options: { claim?: boolean } = {},
    ): Promise<InterestResponse> {
      await limiter.write('interestOrFollow', userId);
      // A blocked member cannot see the game, so it is not there for them; nor is the
      // game of a suspended host.
      await access.requirePosts(userId, [postId]);
      await trust.requireMeetsMinimums(userId, postId);
      const { post, isNew, groupChatId, place, filled } = await db
        .transaction()
        .execute(async (trx) => {
          const post = await repo.lockPost(trx, postId);
          if (!post) throw notFound('Post not found');
          if (post.author_id === userId)
            throw forbidden('own_post', 'You cannot express interest in your own post');
          const now = nowIso();
          const before = await repo.interestsOf(trx, postId);
          const isNew = !before.some((i) => i.user_id === userId);
          if (isNew && post.event_time <= now) throw badRequest(STARTED);
          if (isNew && post.hidden_until !== null && !options.claim)
            throw forbidden('not_open', 'This game is held for its regulars for now');
          if (isNew && (await repo.departureOf(trx, postId, userId))?.reason === 'removed')
            throw forbidden('removed', 'The host removed you from this game');
          // A free place is taken at once unless someone already waits for it.
          const waiting = before.some((i) => i.place === 'waitlisted');
          const free = takenIn(before) < post.players_needed;
          if (isNew)
            await repo.addInterest(
              trx,
              postId,
              userId,
              now,
              free && !waiting ? 'joined' : 'waitlisted',
            );
          // A free place with members waiting is offered to the first of them.
          const filled = isNew && free && waiting ? await offers.fill(trx, post) : null;
          const groupChatId = await chats.joinPostChat(trx, {
            postId,
            name: `${post.sport} - ${post.heading}`,
            memberIds: [post.author_id, userId],
            now,
          });
          const place = placeOf(await repo.interestsOf(trx, postId), userId);
          return { post, isNew, groupChatId, place, filled };
        });
      if (filled) offers.announce(post, filled, groupChatId);
      if (isNew) {
        const [member] = await users.members([userId]);
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
      return { groupChatId, ...place };
    },

    /**
     * `DELETE /posts/{id}/interest`: the member leaves the game or its waitlist and
     * its group chat; when they held a place (joined or offered), it is offered to the first
     * waitlisted member in the same transaction. The host is told (`post.left`), and so is the
     * member offered the place (`post.offered`; `post.promoted` in the last 10 minutes). A
     * member may always leave a game they are in, also one hidden from them since they joined (a
     * block either way, a suspended host); to anyone else a hidden game stays unknown.
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
     * `PATCH /posts/{id}`: the host changes their upcoming game: heading, description, tags,
     * time (in the future), place, players needed (never fewer than the taken places, joined or
     * offered; more are offered to the first waitlisted members, as when a place opens). The sport is fixed (the
     * body schema refuses it). The calendar entry's revision goes up; when anything changed,
     * the game's chat gets a line saying what and its joined and waitlisted members a
     * `game_updated` notification (`post.updated`). A change of time or place starts the window
     * in which a player leaves excused.
     * @returns the game as the host sees it.
     * @throws AppError 404 unknown or hidden, 403 `not_author`, 400 the game has started (or
     *   starts now), 400 (field `eventTime`) a time not in the future, 400 (field
     *   `playersNeeded`) fewer than the joined players, 429 past the member's edit limit.
     */
    async update(
      hostId: number,
      postId: number,
      input: z.output<typeof editPostBodySchema>,
    ): Promise<Post> {
      await limiter.write('postEdit', hostId);
      const authors = await access.requirePosts(hostId, [postId]);
      if (authors.get(postId) !== hostId)
        throw forbidden('not_author', 'Only the host can edit this game');
      const now = nowIso();
      const eventTime = input.eventTime === undefined ? undefined : toUtcIso(input.eventTime);
      if (eventTime !== undefined && eventTime <= now) {
        throw badRequest('The new time must be in the future', [
          { field: 'eventTime', message: 'The new time must be in the future' },
        ]);
      }
      const shown = input.location
        ? await access.publicPointOf(hostId, input.location.coordinates)
        : undefined;
      const outcome = await db.transaction().execute(async (trx) => {
        const post = await repo.lockPost(trx, postId);
        if (!post) throw notFound('Post not found');
        if (post.event_time <= now) throw badRequest(STARTED);
        const order = await repo.interestsOf(trx, postId);
        const joined = takenIn(order);
        if (input.playersNeeded !== undefined && input.playersNeeded < joined) {
          const message = `${joined} players have joined: players needed cannot be fewer`;
          throw badRequest(message, [{ field: 'playersNeeded', message }]);
        }
        const changes: repo.PostChanges = {};
        const changed: Change[] = [];
        if (input.heading !== undefined && input.heading !== post.heading) {
          changes.heading = input.heading;
          changed.push('heading');
        }
        if (input.description !== undefined && input.description !== post.description) {
          changes.description = input.description;
          changed.push('description');
        }
        const tagsChanged =
          input.tags !== undefined &&
          JSON.stringify(input.tags) !== JSON.stringify(await repo.tagsOf(trx, postId));
        if (tagsChanged) changed.push('tags');
        if (eventTime !== undefined && eventTime !== post.event_time) {
          changes.event_time = eventTime;
          changed.push('time');
        }
        if (input.location && input.locationName !== undefined) {
          const [lng, lat] = input.location.coordinates;
          if (lng !== post.lng || lat !== post.lat || input.locationName !== post.location_name) {
            Object.assign(changes, {
              location_name: input.locationName,
              lng,
              lat,
              public_lng: shown?.[0] ?? null,
              public_lat: shown?.[1] ?? null,
            });
            changed.push('place');
          }
        }
        if (input.playersNeeded !== undefined && input.playersNeeded !== post.players_needed) {
          changes.players_needed = input.playersNeeded;
          changed.push('players');
        }
        if (changed.length === 0) return null;
        if (changed.includes('time') || changed.includes('place')) changes.changed_at = now;
        await repo.updatePost(
          trx,
          postId,
          post.sport,
          changes,
          tagsChanged ? input.tags : undefined,
        );
        // The chat is named after the game, as when it was created.
        if (changes.heading !== undefined)
          await chats.renamePostChat(trx, postId, `${post.sport} - ${changes.heading}`);
        const summary = describeChanges(changed);
        const chat = await chats.postSystemLine(trx, postId, `The host changed ${summary}.`, now);
        // More places are offered to the first waitlisted members, in the joining order; a moved
        // start cuts holds that would run past it.
        const filled =
          changes.players_needed !== undefined || changes.event_time !== undefined
            ? await offers.fill(trx, { ...post, ...changes })
            : null;
        return {
          heading: changes.heading ?? post.heading,
          changed,
          summary,
          chat,
          filled,
          memberIds: order.map((i) => i.user_id),
        };
      });
      if (outcome) {
        const { heading, changed, summary, chat, filled, memberIds } = outcome;
        if (chat) chats.announceSystemLine(chat.line, chat.memberIds);
        events.emit('post.updated', {
          postId,
          heading,
          authorId: hostId,
          changes: changed,
          summary,
          memberIds,
        });
        if (filled) offers.announce({ id: postId, heading }, filled, chat?.groupChatId ?? null);
      }
      const row = await repo.findPost(db, postId);
      if (!row) throw notFound('Post not found');
      const [post] = await present([row], hostId);
      return post!;
    },

    /**
     * `DELETE /posts/{id}/players/{userId}`: the host removes a joined or waitlisted member from
     * their upcoming game. As when a member leaves, a freed place is offered to the first
     * waitlisted member; the removed member keeps the chat read-only up to now, is told privately
     * (`removed_from_game`), and cannot join the game again.
     * @throws AppError 404 unknown or hidden game, 403 `not_author`, 400 `not_joined` when the
     *   member is not in the game, 400 the game has started, 429 past the host's edit limit.
     */
    async removePlayer(hostId: number, postId: number, userId: number): Promise<{ success: true }> {
      await limiter.write('postEdit', hostId);
      const authors = await access.requirePosts(hostId, [postId]);
      if (authors.get(postId) !== hostId)
        throw forbidden('not_author', 'Only the host can remove a player');
      await leaveGame(userId, postId, 'removed');
      return { success: true };
    },

    /**
     * Frees every place and waitlist spot `userId` holds in upcoming games, each exactly as when
     * the member leaves ({@link leave}: a freed place is offered to the next in line, group chats follow),
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
     * Game `postId`'s host, title and joined players (ids in joining order, place `joined`;
     * offered places and the waitlist left out), with no access check: what other modules
     * (the cost split, a series' regulars) read to know who plays. Undefined for an unknown game.
     */
    async joinedPlayers(
      postId: number,
    ): Promise<{ hostId: number; heading: string; playerIds: number[] } | undefined> {
      const row = await repo.findPost(db, postId);
      if (!row) return undefined;
      const order = await repo.interestsOf(db, postId);
      return {
        hostId: row.author_id,
        heading: row.heading,
        playerIds: order.filter((i) => i.place === 'joined').map((i) => i.user_id),
      };
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
      return (await publicView(postId)).post;
    },

    /**
     * {@link getPublic}'s game with its `version` (`posts.version`, which goes up when the game
     * changes): what the cache of its share card is keyed by.
     * @throws AppError 404 as {@link getPublic}.
     */
    getPublicVersion: publicView,

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
     * is: every upcoming game they host, joined or wait for (a series they host as one
     * repeating entry). No bearer token: the secret is the
     * key, compared by its SHA-256. Games of hosts blocked either way or suspended are left out.
     * @throws AppError 404 for an unknown (or reset) secret, or while its owner is suspended.
     */
    async calendarFeed(secret: string): Promise<string> {
      const owner = await repo.calendarFeedOwner(db, hashToken(secret));
      if (!owner) throw notFound('Calendar not found');
      await access.requireCalendarFeed(owner.user_id);
      const rows = await repo.listUpcomingFor(db, owner.user_id, nowIso());
      // The host's series are one repeating entry each; a player's feed keeps only their games.
      const hosted = seriesEntries
        ? rows.filter((r) => r.series_id !== null && r.author_id === owner.user_id)
        : [];
      const extra =
        seriesEntries && hosted.length > 0
          ? await seriesEntries(owner.user_id, [...new Set(hosted.map((r) => r.series_id!))])
          : [];
      const games = rows.filter((r) => !hosted.includes(r));
      return gamesCalendar(publicUrl, owner.user_id, games, extra);
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
