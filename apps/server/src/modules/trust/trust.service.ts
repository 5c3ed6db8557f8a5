/**
 * Trust between players (docs/ARCHITECTURE.md "Trust between players"): check-in at a game, the
 * host's no-show marks and the player's dispute, a member's show-up record, levels rated by
 * co-players and a host's minimums to join. Every window counts from the game's start and reads
 * the injected clock. The host is a player of their own game: they check in, rate and are
 * rated. Nobody reads who rated what: a member sees the levels given to them in a game (no
 * rater) only once they rated its other players or its rating window closed.
 */
import type { Kysely } from 'kysely';
import {
  isEsport,
  type CheckInBody,
  type GameTrust,
  type Minimums,
  type SkillLevel,
  type TrustPlayer,
  type UserTrust,
} from '@gameon/shared';
import type { DB } from '../../db/types.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { AccessService } from '../access/index.js';
import type { ReportsService } from '../admin/reports.service.js';
import type { MemberLookup } from '../users/index.js';
import * as repo from './trust.repository.js';
import {
  checkInOpen,
  lateLeave,
  markCounts,
  marksOpen,
  minimumRefusal,
  positionCounts,
  ratedLevel,
  ratingsOpen,
  recordEntries,
  recordOf,
  windowsOf,
  within48Hours,
} from './rules.js';

export interface TrustDeps {
  db: Kysely<DB>;
  events: DomainEventBus;
  /** Per-member write limits: check-ins and disputes, the host's word, ratings, reports. */
  limiter: Pick<RateLimiter, 'write'>;
  access: Pick<AccessService, 'requirePosts' | 'hiddenAmong' | 'requireProfile'>;
  users: MemberLookup;
  /** Where rating reports go (the admin module). */
  reports: Pick<ReportsService, 'fileReport'>;
  /** The clock of every window (tests move it). */
  now?: () => Date;
}

type Mark = Awaited<ReturnType<typeof repo.marksOf>>[number];

const presentMark = (mark: Mark) => ({
  marked_at: mark.marked_at,
  disputed_at: mark.disputed_at,
  confirmed_at: mark.confirmed_at,
  counts: markCounts(mark),
});

export function createTrustService({
  db,
  events,
  limiter,
  access,
  users,
  reports,
  now = () => new Date(),
}: TrustDeps) {
  /** Game `postId` as `viewerId` may see it. @throws AppError 404 unknown or hidden. */
  async function visibleGame(viewerId: number, postId: number): Promise<repo.Game> {
    await access.requirePosts(viewerId, [postId]);
    const game = await repo.gameOf(db, postId);
    if (!game) throw notFound('Post not found');
    return game;
  }

  /** `game` as its host acts on it. @throws AppError 404 hidden, 403 `not_author`. */
  async function hostedGame(hostId: number, postId: number, action: string) {
    const game = await visibleGame(hostId, postId);
    if (game.author_id !== hostId) throw forbidden('not_author', `Only the host can ${action}`);
    return game;
  }

  /** The member's show-up record entries (every counting game, newest first), and the record. */
  async function recordFor(memberId: number) {
    const clock = now();
    const before = clock.toISOString();
    const [played, departures, marks] = await Promise.all([
      repo.gamesPlayed(db, memberId, before),
      repo.departuresOf(db, memberId, before),
      repo.marksOn(db, memberId),
    ]);
    const markOf = new Map(marks.map((m) => [m.post_id, m]));
    const entries = [
      ...played.map((g) => {
        const mark = markOf.get(g.post_id);
        const missed = mark !== undefined && markCounts(mark);
        return {
          ...g,
          came: !missed,
          missed: missed ? ('no_show' as const) : null,
          no_show: mark ? presentMark(mark) : null,
        };
      }),
      ...departures
        .filter((d) => lateLeave(d.left_at, d.event_time))
        .map(({ post_id, heading, event_time }) => ({
          post_id,
          heading,
          event_time,
          came: false,
          missed: 'late_leave' as const,
          no_show: null,
        })),
    ];
    const counted = recordEntries(entries, clock);
    return { games: counted, record: recordOf(counted) };
  }

  /** The member's rated level per sport: each present rater's latest rating, lower median. */
  async function levelsFor(memberId: number) {
    const rows = await repo.ratingsOf(db, memberId);
    const latest = new Map<string, Map<number, SkillLevel>>();
    for (const row of rows) {
      const bySport = latest.get(row.sport) ?? new Map<number, SkillLevel>();
      if (!bySport.has(row.rater_id)) bySport.set(row.rater_id, row.level);
      latest.set(row.sport, bySport);
    }
    const levels: { sport: string; level: SkillLevel; raters: number }[] = [];
    for (const [sport, byRater] of latest) {
      const level = ratedLevel([...byRater.values()]);
      if (level) levels.push({ sport, level, raters: byRater.size });
    }
    return levels.sort((a, b) => a.sport.localeCompare(b.sport));
  }

  /** Why `userId` may not join `game` under its minimums, or null. */
  async function refusalFor(userId: number, game: repo.Game, minimums: Minimums) {
    if (minimums.min_show_up_percent === null && minimums.min_level === null) return null;
    const [{ record }, levels] = await Promise.all([
      minimums.min_show_up_percent === null ? { record: null } : recordFor(userId),
      minimums.min_level === null ? [] : levelsFor(userId),
    ]);
    const level = levels.find((l) => l.sport === game.sport)?.level ?? null;
    return minimumRefusal(minimums, record, level);
  }

  /** The players of `game` and who checked in; and whether `userId` is one of them. */
  async function playersOf(game: repo.Game) {
    const [players, checkins, marks] = await Promise.all([
      repo.playersAtStart(db, game),
      repo.checkinsOf(db, game.id),
      repo.marksOf(db, game.id),
    ]);
    return { players, checkins, marks: new Map(marks.map((m) => [m.user_id, m])) };
  }

  /** Whether the ratings `viewerId` got in `game` may be shown to them now. */
  function ratingsShown(
    game: repo.Game,
    rateable: number[],
    rated: Map<number, SkillLevel>,
    clock: Date,
  ) {
    if (clock.getTime() > Date.parse(windowsOf(game.event_time).ratingsClose)) return true;
    return rateable.length > 0 && rateable.every((id) => rated.has(id));
  }

  const service = {
    /**
     * `GET /posts/{id}/trust`: the game's trust panel for `viewerId`: its minimums and whether
     * they keep the viewer out; for its host and players, the players with their check-ins (the
     * host sees every no-show mark, a player their own), the viewer's own ratings and what they
     * may rate; the levels others gave the viewer here once shown (never who gave them).
     * @throws AppError 404 unknown or hidden game.
     */
    async gameTrust(viewerId: number, postId: number): Promise<GameTrust> {
      const game = await visibleGame(viewerId, postId);
      const clock = now();
      const minimums = await repo.minimumsOf(db, postId);
      const { players, checkins, marks } = await playersOf(game);
      const isHost = game.author_id === viewerId;
      const isPlayer = players.includes(viewerId);
      const windows = windowsOf(game.event_time);
      const refusal =
        isPlayer || (await repo.isInGame(db, postId, viewerId))
          ? null
          : await refusalFor(viewerId, game, minimums);
      const base = {
        minimums,
        refusal,
        is_host: isHost,
        is_player: isPlayer,
        online: isEsport(game.sport),
        check_in_opens: windows.checkInOpens,
        check_in_closes: windows.checkInCloses,
        marks_close: windows.marksClose,
        ratings_close: windows.ratingsClose,
      };
      if (!isPlayer) return { ...base, players: [], my_ratings: null };

      const hidden = await access.hiddenAmong(viewerId, players);
      const shown = players.filter((id) => !hidden.has(id));
      const [members, myRatings] = await Promise.all([
        users.members(shown),
        repo.ratingsBy(db, postId, viewerId),
      ]);
      const came = (id: number) => {
        const mark = marks.get(id);
        return !mark || !markCounts(mark);
      };
      const viewerCheckedIn = checkins.has(viewerId);
      const canRate = viewerCheckedIn && ratingsOpen(game.event_time, clock);
      const rateable = shown.filter((id) => id !== viewerId && came(id));
      const list: TrustPlayer[] = members.map((m) => {
        const mark = marks.get(m.id);
        return {
          user: { id: m.id, username: m.username },
          is_host: m.id === game.author_id,
          checked_in: checkins.has(m.id),
          no_show: mark && (isHost || m.id === viewerId) ? presentMark(mark) : null,
          my_rating: myRatings.get(m.id) ?? null,
          can_rate: canRate && rateable.includes(m.id),
        };
      });
      const myRatingsShown = ratingsShown(game, rateable, myRatings, clock);
      return {
        ...base,
        players: list,
        my_ratings: myRatingsShown ? await repo.ratingsOfIn(db, postId, viewerId) : null,
      };
    },

    /**
     * `POST /posts/{id}/check-in`: a player (or the host) checks in by the browser's position,
     * used for this check only and never stored nor logged: it counts within 300 m of the place
     * allowing for its accuracy ({@link positionCounts}); from 30 minutes before to 30 minutes
     * after the start. A check-in removes a no-show mark. Online games: the host confirms.
     * @throws AppError 429 past the limit, 404 unknown or hidden game, 403 `not_player`, 400
     *   online game, outside the window, or `too_far` (the host can still confirm).
     */
    async checkIn(userId: number, postId: number, position: CheckInBody) {
      await limiter.write('checkIn', userId);
      const game = await visibleGame(userId, postId);
      const players = await repo.playersAtStart(db, game);
      if (!players.includes(userId))
        throw forbidden('not_player', 'Only the players of this game can check in');
      if (isEsport(game.sport))
        throw badRequest('This game is online: the host confirms who played');
      const clock = now();
      if (!checkInOpen(game.event_time, clock))
        throw badRequest('Check-in is open from 30 minutes before to 30 minutes after the start');
      if (!positionCounts([game.lng, game.lat], [position.lng, position.lat], position.accuracy)) {
        throw new AppError(
          'too_far',
          400,
          'Your position does not look like the place of the game. The host can confirm you.',
        );
      }
      await repo.saveCheckin(db, {
        post_id: postId,
        user_id: userId,
        checked_in_at: clock.toISOString(),
        by_host: 0,
      });
      await repo.deleteMark(db, postId, userId);
      return { success: true as const };
    },

    /**
     * `PUT /posts/{id}/players/{userId}/attendance`: the host's word. `checked_in` confirms a
     * player (the host too) from 30 minutes before the start to 48 hours after it, and removes a
     * mark. `no_show` marks a player who did not check in, from the start to 48 hours after it
     * (the player is told: `no_show_marked`), or confirms a disputed mark within 48 hours of the
     * dispute. Repeating is harmless.
     * @throws AppError 429, 404 hidden game or `userId` not a player of it, 403 `not_author`, 400
     *   outside a window, a checked-in player or the host marked.
     */
    async setAttendance(
      hostId: number,
      postId: number,
      userId: number,
      status: 'checked_in' | 'no_show',
    ) {
      await limiter.write('attendance', hostId);
      const game = await hostedGame(hostId, postId, 'confirm players');
      const { players, checkins, marks } = await playersOf(game);
      if (!players.includes(userId) || (await access.hiddenAmong(hostId, [userId])).size > 0)
        throw notFound('This member is not a player of this game');
      const clock = now();
      const at = clock.toISOString();
      const windows = windowsOf(game.event_time);
      if (status === 'checked_in') {
        if (at < windows.checkInOpens || at > windows.marksClose)
          throw badRequest(
            'Players can be confirmed from 30 minutes before to 48 hours after the start',
          );
        await repo.saveCheckin(db, {
          post_id: postId,
          user_id: userId,
          checked_in_at: at,
          by_host: 1,
        });
        await repo.deleteMark(db, postId, userId);
        return { success: true as const };
      }
      if (userId === hostId) throw badRequest('You cannot mark yourself');
      if (checkins.has(userId)) throw badRequest('A player who checked in cannot be marked');
      const mark = marks.get(userId);
      if (mark) {
        if (mark.disputed_at === null || mark.confirmed_at !== null)
          return { success: true as const };
        if (!within48Hours(mark.disputed_at, clock))
          throw badRequest('A disputed mark can be confirmed within 48 hours of the dispute');
        await repo.updateMark(db, postId, userId, { confirmed_at: at });
        return { success: true as const };
      }
      if (!marksOpen(game.event_time, clock))
        throw badRequest('No-shows can be marked from the start to 48 hours after it');
      await repo.insertMark(db, { post_id: postId, user_id: userId, marked_at: at });
      events.emit('trust.no_show_marked', {
        postId,
        heading: game.heading,
        hostId,
        userId,
      });
      return { success: true as const };
    },

    /**
     * `POST /posts/{id}/no-show/dispute`: the marked player disputes the mark, once, within 48
     * hours of it; it stops counting unless the host confirms it within 48 hours. The host is
     * told (`no_show_disputed`).
     * @throws AppError 429, 404 hidden game or no mark, 400 already disputed or too late.
     */
    async dispute(userId: number, postId: number) {
      await limiter.write('checkIn', userId);
      const game = await visibleGame(userId, postId);
      const mark = (await repo.marksOf(db, postId)).find((m) => m.user_id === userId);
      if (!mark) throw notFound('You have no no-show mark on this game');
      if (mark.disputed_at !== null) throw badRequest('A mark can be disputed once');
      const clock = now();
      if (!within48Hours(mark.marked_at, clock))
        throw badRequest('A mark can be disputed within 48 hours');
      await repo.updateMark(db, postId, userId, { disputed_at: clock.toISOString() });
      const [member] = await users.members([userId]);
      if (member)
        events.emit('trust.no_show_disputed', {
          postId,
          heading: game.heading,
          hostId: game.author_id,
          user: { id: member.id, username: member.username },
        });
      return { success: true as const };
    },

    /**
     * `PUT /posts/{id}/ratings/{userId}`: `raterId`, who checked in, rates the level of
     * `ratedId`, who came (a player without a counting mark), in the game's sport, within 72
     * hours of the start; the latest rating of the pair in the game replaces the earlier.
     * @throws AppError 429, 404 hidden game, or `ratedId` not a player, or hidden either way
     *   (block, suspension), 400 oneself or outside the window, 403 `not_checked_in`.
     */
    async rate(raterId: number, postId: number, ratedId: number, level: SkillLevel) {
      await limiter.write('rating', raterId);
      const game = await visibleGame(raterId, postId);
      if (raterId === ratedId) throw badRequest('You cannot rate yourself');
      const clock = now();
      if (!ratingsOpen(game.event_time, clock))
        throw badRequest('Levels can be rated from the start to 72 hours after it');
      const { players, checkins, marks } = await playersOf(game);
      if (!checkins.has(raterId))
        throw forbidden('not_checked_in', 'Only players who checked in can rate');
      const mark = marks.get(ratedId);
      if (
        !players.includes(ratedId) ||
        (mark && markCounts(mark)) ||
        (await access.hiddenAmong(raterId, [ratedId])).size > 0
      )
        throw notFound('This member did not play this game');
      await repo.saveRating(db, {
        post_id: postId,
        rater_id: raterId,
        rated_id: ratedId,
        sport: game.sport,
        level,
        created_at: clock.toISOString(),
      });
      return { success: true as const };
    },

    /**
     * `POST /ratings/{id}/report`: the rated member reports a rating they may see (see
     * {@link gameTrust}) for the operators, with its level, sport and game as they read now.
     * @throws AppError 429, 404 not a rating of the viewer, or not shown to them yet.
     */
    async reportRating(viewerId: number, ratingId: number, reason: string) {
      await limiter.write('report', viewerId);
      const rating = await repo.ratingWithGame(db, ratingId);
      if (!rating || rating.rated_id !== viewerId) throw notFound('Rating not found');
      const trust = await service.gameTrust(viewerId, rating.post_id).catch((error: unknown) => {
        throw error instanceof AppError && error.status === 404
          ? notFound('Rating not found')
          : error;
      });
      if (!trust.my_ratings?.some((r) => r.id === ratingId)) throw notFound('Rating not found');
      return reports.fileReport({
        reporterId: viewerId,
        targetType: 'rating',
        targetId: ratingId,
        memberId: rating.rater_id,
        reason,
        snapshot: {
          type: 'rating',
          level: rating.level,
          sport: rating.sport,
          post_id: rating.post_id,
          heading: rating.heading,
        },
      });
    },

    /**
     * `PUT /posts/{id}/minimums`: the host's minimums to join their game (a show-up percentage,
     * a rated level in its sport; null for none), before it starts.
     * @throws AppError 429, 404 hidden, 403 `not_author`, 400 the game has started.
     */
    async setMinimums(hostId: number, postId: number, minimums: Minimums): Promise<Minimums> {
      await limiter.write('attendance', hostId);
      const game = await hostedGame(hostId, postId, 'set minimums');
      if (game.event_time <= now().toISOString()) throw badRequest('This game has already started');
      await repo.saveMinimums(db, postId, minimums);
      return minimums;
    },

    /**
     * Before a member joins game `postId`: the host's minimums. A "New player" and an unrated
     * member always pass; a member already in the game passes (repeating a join).
     * @throws AppError 403 `below_minimum` with the reason, which the game page shows.
     */
    async requireMeetsMinimums(userId: number, postId: number): Promise<void> {
      const game = await repo.gameOf(db, postId);
      if (!game || game.author_id === userId) return;
      const minimums = await repo.minimumsOf(db, postId);
      if (minimums.min_show_up_percent === null && minimums.min_level === null) return;
      if (await repo.isInGame(db, postId, userId)) return;
      const refusal = await refusalFor(userId, game, minimums);
      if (refusal) throw forbidden('below_minimum', refusal);
    },

    /**
     * `GET /users/{id}/trust`: a member's show-up record ("Came to 18 of 20 games"; null for a
     * "New player") and rated levels per sport (three raters or more). Hidden by their
     * `activity_history_visibility`: then nothing but `hidden: true` leaves the server. The
     * member themselves also gets every game of their record with its mark.
     * @throws AppError 404 unknown, blocked either way or suspended.
     */
    async userTrust(viewerId: number, memberId: number): Promise<UserTrust> {
      const seen = await access.requireProfile(viewerId, memberId);
      if (!seen.activity) return { hidden: true, record: null, levels: [], games: null };
      const [{ games, record }, levels] = await Promise.all([
        recordFor(memberId),
        levelsFor(memberId),
      ]);
      return {
        hidden: false,
        record,
        levels,
        games: viewerId === memberId ? games : null,
      };
    },
  };
  return service;
}

export type TrustService = ReturnType<typeof createTrustService>;
