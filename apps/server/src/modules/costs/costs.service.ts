/**
 * The cost split of a game (ARCHITECTURE.md "Cost split"): the host sets a cost, a total for the
 * ground or an amount per head, and their UPI ID (Settings); each joined player sees their share,
 * the host's QR code and copyable UPI ID, and marks "paid"; the host confirms or un-confirms. No
 * money passes through GameOn. Shares are computed on every read from the game's joined players
 * as they are then (the posts module's joinedPlayers), so a join or a leave moves them at once;
 * a mark keeps the amount paid when it was made, shown against the share now.
 */
import type { Kysely } from 'kysely';
import type { CostPayment, GameCost, UpiIdResponse, gameCostBodySchema } from '@gameon/shared';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { nowIso } from '../../lib/time.js';
import { paymentsShown, type AccessService } from '../access/index.js';
import type { PostsService } from '../posts/posts.service.js';
import type { MemberLookup } from '../users/index.js';
import * as repo from './costs.repository.js';
import { qrPngDataUrl, splitCost, upiPayLink } from './split.js';

export interface CostsDeps {
  db: Kysely<DB>;
  limiter: Pick<RateLimiter, 'write'>;
  access: Pick<AccessService, 'requireCostView' | 'hiddenAmong'>;
  /** Who plays in a game: the posts module's. */
  posts: Pick<PostsService, 'joinedPlayers'>;
  users: MemberLookup;
}

export function createCostsService({ db, limiter, access, posts, users }: CostsDeps) {
  /** The game's host and joined players, and how `viewerId` takes part (access module). */
  async function gameFor(viewerId: number, postId: number) {
    const game = await posts.joinedPlayers(postId);
    const role = await access.requireCostView(viewerId, postId, game);
    return { game: game!, role };
  }

  /** @throws AppError 403 'not_author' unless `role` is the host's. */
  function requireHost(role: 'host' | 'player'): void {
    if (role !== 'host') throw forbidden('not_author', "Only the host can change this game's cost");
  }

  /** The cost split of game `postId` as `viewerId`, its host or a joined player, sees it. */
  async function present(viewerId: number, postId: number): Promise<GameCost> {
    const { game, role } = await gameFor(viewerId, postId);
    const cost = await repo.costOf(db, postId);
    if (!cost) return { role, cost: null, payee: null, mine: null, payments: null };
    const split = splitCost(cost.kind, cost.amount_paise, game.playerIds.length);
    const [upiId, [host], marks] = await Promise.all([
      repo.upiIdOf(db, game.hostId),
      users.members([game.hostId]),
      repo.paymentsOf(db, postId, game.playerIds),
    ]);
    const payee =
      upiId === undefined || !host
        ? null
        : await (async () => {
            const link = upiPayLink({
              upiId,
              name: host.username,
              amountPaise: split.share,
              game: game.heading,
            });
            return { upi_id: upiId, name: host.username, link, qr_png: await qrPngDataUrl(link) };
          })();
    const byUser = new Map(marks.map((m) => [m.user_id, m]));
    // The host sees every joined player but those hidden from them (a block either way, a
    // suspension); a player only themselves.
    const hidden = role === 'host' ? await access.hiddenAmong(viewerId, game.playerIds) : new Map();
    const visible = game.playerIds.filter((id) => !hidden.has(id));
    const shown = paymentsShown(
      role,
      viewerId,
      visible.map((userId) => ({ userId })),
    ).map((p) => p.userId);
    const names = new Map((await users.members(shown)).map((m) => [m.id, m.username]));
    const payments: CostPayment[] = shown.map((userId) => {
      const mark = byUser.get(userId);
      return {
        user: { id: userId, username: names.get(userId) ?? 'Deleted user' },
        share_paise: split.share,
        paid_paise: mark?.paid_paise ?? null,
        paid_at: mark?.paid_at ?? null,
        confirmed: mark?.confirmed_at != null,
      };
    });
    return {
      role,
      cost: {
        kind: cost.kind,
        amount_paise: cost.amount_paise,
        people: split.people,
        share_paise: split.share,
        total_paise: split.total,
        remainder_paise: role === 'host' ? split.remainder : null,
      },
      payee,
      mine: role === 'player' ? (payments.find((p) => p.user.id === viewerId) ?? null) : null,
      payments: role === 'host' ? payments : null,
    };
  }

  return {
    /**
     * `GET /posts/{id}/cost`: the game's cost split for its host (every joined player's share
     * and mark, the remainder) or one of its joined players (their own share and mark), with
     * the host's UPI ID, link and QR code. Nobody else sees any of it.
     * @throws AppError 404 unknown or hidden game, 403 'not_in_game' for anyone but the host
     *   and the joined players (waitlisted members too).
     */
    view: present,

    /**
     * `PUT /posts/{id}/cost`: the host sets (or changes) the game's cost, a total in paise split
     * among the joined players and the host, or an amount per head. Marks already made keep the
     * amount paid.
     * @throws AppError as {@link present}, 403 'not_author' for a player, 400 'upi_id_missing'
     *   while the host has no UPI ID saved, 429 past the host's cost limit.
     */
    async setCost(
      hostId: number,
      postId: number,
      input: z.output<typeof gameCostBodySchema>,
    ): Promise<GameCost> {
      await limiter.write('gameCost', hostId);
      const { role } = await gameFor(hostId, postId);
      requireHost(role);
      if ((await repo.upiIdOf(db, hostId)) === undefined) {
        throw new AppError(
          'upi_id_missing',
          400,
          'Save your UPI ID in Settings before setting a cost',
        );
      }
      await repo.saveCost(db, postId, input.kind, input.amountPaise, nowIso());
      return present(hostId, postId);
    },

    /**
     * `DELETE /posts/{id}/cost`: the host removes the game's cost and every mark on it.
     * @throws AppError as {@link setCost} (but a missing UPI ID).
     */
    async removeCost(hostId: number, postId: number): Promise<GameCost> {
      await limiter.write('gameCost', hostId);
      const { role } = await gameFor(hostId, postId);
      requireHost(role);
      await repo.deleteCost(db, postId);
      return present(hostId, postId);
    },

    /**
     * `POST /posts/{id}/cost/paid`: a joined player marks their share as paid; the mark keeps
     * that share as the amount paid. Repeating is harmless.
     * @throws AppError as {@link present}, 400 'no_cost' when no cost is set, 400 'host_pays'
     *   for the host (who is paid, not paying), 429 past the player's limit.
     */
    async markPaid(userId: number, postId: number): Promise<GameCost> {
      await limiter.write('paymentMark', userId);
      const { game, role } = await gameFor(userId, postId);
      if (role === 'host') throw new AppError('host_pays', 400, 'The host collects, not pays');
      const cost = await repo.costOf(db, postId);
      if (!cost) throw new AppError('no_cost', 400, 'This game has no cost to pay');
      const { share } = splitCost(cost.kind, cost.amount_paise, game.playerIds.length);
      await repo.markPaid(db, postId, userId, share, nowIso());
      return present(userId, postId);
    },

    /**
     * `DELETE /posts/{id}/cost/paid`: a joined player takes back their mark, while the host has
     * not confirmed it.
     * @throws AppError as {@link markPaid}, 400 'payment_confirmed' once the host confirmed it.
     */
    async unmarkPaid(userId: number, postId: number): Promise<GameCost> {
      await limiter.write('paymentMark', userId);
      const { role } = await gameFor(userId, postId);
      if (role === 'host') throw new AppError('host_pays', 400, 'The host collects, not pays');
      const marks = await repo.paymentsOf(db, postId, [userId]);
      if (marks[0]?.confirmed_at != null) {
        throw new AppError(
          'payment_confirmed',
          400,
          'The host has confirmed your payment: ask them to un-confirm it first',
        );
      }
      await repo.unmarkPaid(db, postId, userId);
      return present(userId, postId);
    },

    /**
     * `PUT /posts/{id}/cost/payments/{userId}`: the host confirms (or un-confirms) a joined
     * player's mark.
     * @throws AppError as {@link setCost}, 400 'not_paid' when `playerId` is not a joined player
     *   with a mark.
     */
    async confirm(
      hostId: number,
      postId: number,
      playerId: number,
      confirmed: boolean,
    ): Promise<GameCost> {
      await limiter.write('gameCost', hostId);
      const { game, role } = await gameFor(hostId, postId);
      requireHost(role);
      const done =
        game.playerIds.includes(playerId) &&
        (await repo.setConfirmation(db, postId, playerId, confirmed ? nowIso() : null));
      if (!done) throw new AppError('not_paid', 400, 'This player has not marked a payment');
      return present(hostId, postId);
    },

    /** `GET /settings/upi`: the caller's UPI ID, or null. */
    async upiId(userId: number): Promise<UpiIdResponse> {
      return { upi_id: (await repo.upiIdOf(db, userId)) ?? null };
    },

    /**
     * `PUT /settings/upi`: saves the caller's UPI ID (already checked as `name@bank`); shown
     * only to the joined players of games they host.
     * @throws AppError 429 past the member's settings limit.
     */
    async saveUpiId(userId: number, upiId: string): Promise<UpiIdResponse> {
      await limiter.write('profile', userId);
      await repo.saveUpiId(db, userId, upiId, nowIso());
      return { upi_id: upiId };
    },

    /**
     * `DELETE /settings/upi`: forgets the caller's UPI ID; their games' players see no QR code
     * until they save one again.
     * @throws AppError 429 past the member's settings limit.
     */
    async deleteUpiId(userId: number): Promise<UpiIdResponse> {
      await limiter.write('profile', userId);
      await repo.deleteUpiId(db, userId);
      return { upi_id: null };
    },
  };
}

export type CostsService = ReturnType<typeof createCostsService>;
