/**
 * Offers of freed places (the rules in offers.ts). A member's place in a game is explicit
 * (`post_interests.place`, migration 0031): joined, waitlisted, or offered until a hold ends;
 * joined and offered places are taken. Whenever a place frees up (a player leaves or is removed,
 * a decline, a hold that ends, the host raising the players needed) {@link OffersService.fill}
 * runs under the game's lock, in the transaction that freed it:
 *
 * - each free place goes to the next waitlisted member in joining order: as an offer held by
 *   offers.ts offerExpiry (a `waitlist_offer` notification, in-app and push), or, in the last 10
 *   minutes before the start, straight in (`post.promoted`, as before offers existed);
 * - the member accepts (the place is theirs) or declines (they leave the waitlist, and the place
 *   passes to the next); a hold that ends passes it on the same way and tells the member
 *   (`waitlist_offer_expired`); at the start pending offers end and the member is waitlisted
 *   again, with nothing passed on.
 *
 * A hold's end is a scheduler job (kind {@link OFFER_JOB}, key `post:member`) stored in the same
 * transaction as the offer, so offers survive a restart and the job runs once across processes;
 * its handler re-reads the place under the lock, so a late or repeated run changes nothing.
 * Every time rule reads the injected clock.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB, PostRow } from '../../db/types.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { AccessService } from '../access/index.js';
import type { ChatsService } from '../chats/chats.service.js';
import type { Scheduler } from '../scheduler/index.js';
import { offerExpiry, promotesStraight } from './offers.js';
import * as repo from './offers.repository.js';
import { lockPost, removeInterest } from './posts.repository.js';

/** The scheduler's kind of the job that ends a hold (key `postId:userId`). */
export const OFFER_JOB = 'waitlist-offer';

/** The answer games give once they have started. */
const STARTED = 'This game has already started';

export interface OffersDeps {
  db: Kysely<DB>;
  scheduler: Pick<Scheduler, 'handle' | 'schedule' | 'cancel'>;
  events: DomainEventBus;
  limiter: Pick<RateLimiter, 'write'>;
  access: Pick<AccessService, 'requirePosts'>;
  chats: Pick<ChatsService, 'leavePostChat'>;
  /** The clock of holds (tests inject and move it). */
  now?: () => Date;
}

/** What {@link OffersService.fill} gave, to announce once its transaction commits. */
export interface Filled {
  offered: { userId: number; expiresAt: string }[];
  /** Members who went straight in (the last 10 minutes before the start). */
  promoted: number[];
}

/** The parts of a locked game that decide its places. */
type GameOf = Pick<PostRow, 'id' | 'heading' | 'event_time' | 'players_needed'>;

const jobKey = (postId: number, userId: number) => `${postId}:${userId}`;

export function createOffersService({
  db,
  scheduler,
  events,
  limiter,
  access,
  chats,
  now = () => new Date(),
}: OffersDeps) {
  /**
   * Under game `post`'s lock in `trx` (post as it now stands): ends holds that would run past a
   * moved start, then gives each free place (players needed less joined and offered) to the next
   * waitlisted member in joining order, as an offer or, in the last 10 minutes, straight in.
   * Nothing once the game has started.
   */
  async function fill(trx: Transaction<DB>, post: GameOf, at: Date = now()): Promise<Filled> {
    const filled: Filled = { offered: [], promoted: [] };
    const start = new Date(post.event_time);
    if (start.getTime() <= at.getTime()) return filled;
    const places = await repo.placesOf(trx, post.id);
    for (const p of places) {
      // A hold never runs past the start, also when the host moved the start earlier.
      if (p.place === 'offered' && p.offer_expires_at! > post.event_time) {
        await repo.setPlace(trx, post.id, p.user_id, 'offered', post.event_time);
        await scheduleEnd(trx, post.id, p.user_id, start);
      }
    }
    let free = post.players_needed - places.filter((p) => p.place !== 'waitlisted').length;
    for (const p of places) {
      if (free <= 0) break;
      if (p.place !== 'waitlisted') continue;
      free -= 1;
      if (promotesStraight(at, start)) {
        await repo.setPlace(trx, post.id, p.user_id, 'joined');
        filled.promoted.push(p.user_id);
        continue;
      }
      const expiresAt = offerExpiry(at, start);
      await repo.setPlace(trx, post.id, p.user_id, 'offered', expiresAt.toISOString());
      await scheduleEnd(trx, post.id, p.user_id, expiresAt);
      filled.offered.push({ userId: p.user_id, expiresAt: expiresAt.toISOString() });
    }
    return filled;
  }

  function scheduleEnd(trx: Transaction<DB>, postId: number, userId: number, dueAt: Date) {
    return scheduler.schedule(
      { kind: OFFER_JOB, key: jobKey(postId, userId), dueAt, payload: { postId, userId } },
      trx,
    );
  }

  /**
   * Tells the members {@link fill} placed, after its transaction committed: `post.offered` for
   * each offer, `post.promoted` for each member straight in (`groupChatId` the game's chat; none
   * without one).
   */
  function announce(
    post: Pick<GameOf, 'id' | 'heading'>,
    filled: Filled,
    groupChatId: number | null,
  ) {
    for (const { userId, expiresAt } of filled.offered)
      events.emit('post.offered', { postId: post.id, heading: post.heading, userId, expiresAt });
    if (groupChatId === null) return;
    for (const userId of filled.promoted)
      events.emit('post.promoted', { postId: post.id, heading: post.heading, userId, groupChatId });
  }

  /**
   * Locks game `postId` in `trx` and finds `userId`'s pending offer in it.
   * @throws AppError 404 unknown game, 400 started, 409 `no_offer` (no offer, or it was
   *   answered), 409 `offer_ended` (its hold ended at `at`).
   */
  async function pendingOffer(trx: Transaction<DB>, userId: number, postId: number, at: Date) {
    const post = await lockPost(trx, postId);
    if (!post) throw notFound('Post not found');
    if (Date.parse(post.event_time) <= at.getTime()) throw badRequest(STARTED);
    const mine = (await repo.placesOf(trx, postId)).find((p) => p.user_id === userId);
    if (mine?.place !== 'offered')
      throw new AppError('no_offer', 409, 'You have no offer of a place in this game');
    if (Date.parse(mine.offer_expires_at!) <= at.getTime())
      throw new AppError('offer_ended', 409, 'The hold on this place has ended');
    return post;
  }

  /** Ends `userId`'s hold in game `postId` when it is due (the scheduler's {@link OFFER_JOB}). */
  async function expire(postId: number, userId: number): Promise<void> {
    const at = now();
    const outcome = await db.transaction().execute(async (trx) => {
      const post = await lockPost(trx, postId);
      if (!post) return null;
      const mine = (await repo.placesOf(trx, postId)).find((p) => p.user_id === userId);
      // Accepted, declined or left meanwhile: nothing to end.
      if (mine?.place !== 'offered') return null;
      if (Date.parse(mine.offer_expires_at!) > at.getTime()) {
        await scheduleEnd(trx, postId, userId, new Date(mine.offer_expires_at!));
        return null;
      }
      const started = Date.parse(post.event_time) <= at.getTime();
      if (started) {
        // At the start pending offers end: the member waits again, nothing is passed on.
        await repo.setPlace(trx, postId, userId, 'waitlisted');
        return { post, started, filled: null, groupChatId: null };
      }
      await removeInterest(trx, postId, userId);
      const groupChatId = await chats.leavePostChat(trx, postId, userId, at.toISOString());
      return { post, started, filled: await fill(trx, post, at), groupChatId };
    });
    if (!outcome) return;
    const { post, started, filled, groupChatId } = outcome;
    events.emit('post.offer_expired', { postId, heading: post.heading, userId, started });
    if (filled) announce(post, filled, groupChatId);
  }

  scheduler.handle(OFFER_JOB, ({ payload }) =>
    expire(Number(payload.postId), Number(payload.userId)),
  );

  return {
    fill,
    announce,
    expire,

    /**
     * `POST /posts/{id}/offer/accept`: the member takes the place offered to them; it is theirs
     * (joined) and the hold's job is dropped. The host is not told (the player list shows it).
     * @throws AppError 404 unknown or hidden game, 400 started, 409 `no_offer`, 409
     *   `offer_ended`, 429 past the member's limit (accepting and declining together).
     */
    async accept(userId: number, postId: number): Promise<{ status: 'joined' }> {
      await limiter.write('offerReply', userId);
      await access.requirePosts(userId, [postId]);
      const at = now();
      const post = await db.transaction().execute(async (trx) => {
        const post = await pendingOffer(trx, userId, postId, at);
        await repo.setPlace(trx, postId, userId, 'joined');
        await scheduler.cancel(OFFER_JOB, jobKey(postId, userId), trx);
        return post;
      });
      events.emit('post.offer_accepted', {
        postId,
        heading: post.heading,
        authorId: post.author_id,
        userId,
      });
      return { status: 'joined' };
    },

    /**
     * `POST /posts/{id}/offer/decline`: the member lets the offered place go: they leave the
     * waitlist (and the game's chat, read-only up to now, as on leaving) and the place passes to
     * the next waitlisted member at once.
     * @throws AppError as {@link accept}.
     */
    async decline(userId: number, postId: number): Promise<{ status: 'declined' }> {
      await limiter.write('offerReply', userId);
      await access.requirePosts(userId, [postId]);
      const at = now();
      const { post, filled, groupChatId } = await db.transaction().execute(async (trx) => {
        const post = await pendingOffer(trx, userId, postId, at);
        await removeInterest(trx, postId, userId);
        const groupChatId = await chats.leavePostChat(trx, postId, userId, at.toISOString());
        await scheduler.cancel(OFFER_JOB, jobKey(postId, userId), trx);
        return { post, filled: await fill(trx, post, at), groupChatId };
      });
      announce(post, filled, groupChatId);
      return { status: 'declined' };
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
