/**
 * Series: a host's game that repeats weekly or every two weeks, and its regulars (BEYOND-THE-SPEC
 * rules 1-6; docs/ARCHITECTURE.md "Series").
 *
 * - Each occurrence is a real game (posts module: own page, chat, waitlist, calendar entry),
 *   tagged with its series and recurrence instant. Exactly two future occurrences exist while
 *   the series runs ({@link reconcile} tops them up whenever one starts or the series changes);
 *   a skipped instant is never created and a deleted occurrence is not made again.
 * - Times come from the rule in the place's time zone (recurrence.ts), whatever the process's.
 * - Regulars: the players holding a place (posts service `joinedPlayers`) in the previous
 *   occurrence when it started, plus the players the host added, less those the host removed.
 *   A new occurrence is created held (`hidden_until`): at the previous one's start each regular
 *   is offered their place (`series_claim`, in-app and push) until the claim window ends (the
 *   series' window after that start, never past the occurrence's own start); then the game
 *   opens to the feed and nearby alerts. Offers are recorded with their notification in one
 *   transaction, so each is sent once whichever process runs the job.
 * - Timed work is the scheduler's: `series-start` at each occurrence's start (offers and top-up),
 *   `series-open` at the end of each claim window.
 * - Blocks and suspension: nobody blocked either way with the host nor suspended is offered a
 *   place, nor anyone while the host is suspended. To anyone blocked either way with its host,
 *   and to all while the host is suspended, a series is not there (404), as its games are not.
 */
import type { Kysely } from 'kysely';
import {
  formatGameTime,
  type createSeriesBodySchema,
  type editSeriesBodySchema,
  type Post,
  type PostSeriesResponse,
  type Series,
} from '@gameon/shared';
import type { z } from 'zod';
import type { DB, PostRow, SeriesRow } from '../../db/types.js';
import type { CalendarEntry } from '../../lib/calendar.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { AccessService } from '../access/index.js';
import { notificationRow, notificationText } from '../notifications/index.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PostsService } from '../posts/posts.service.js';
import type { Scheduler } from '../scheduler/index.js';
import type { MemberLookup } from '../users/index.js';
import { seriesCalendar, seriesEntries } from './series-calendar.js';
import {
  isSlot,
  localDate,
  localTimeOf,
  movedStart,
  ruleOf,
  slotsAfter,
  slotsBetween,
} from './recurrence.js';
import * as repo from './series.repository.js';

/** The template fields of a series edit (everything but its date, time and weekday). */
type EditFields = Omit<z.output<typeof editSeriesBodySchema>, 'from' | 'time' | 'weekday'>;

/** The scheduler's kinds of series jobs (keys: the occurrence's post id). */
export const SERIES_START_JOB = 'series-start';
export const SERIES_OPEN_JOB = 'series-open';
/** How many future occurrences a running series keeps created. */
export const FUTURE_OCCURRENCES = 2;
/** The place's time zone: every place is in India (IST). */
const SERIES_TIME_ZONE = 'Asia/Kolkata';
/** How many upcoming dates a series view lists. */
const UPCOMING_SHOWN = 6;

export interface SeriesDeps {
  db: Kysely<DB>;
  events: DomainEventBus;
  posts: Pick<
    PostsService,
    | 'getOne'
    | 'createOccurrence'
    | 'openOccurrence'
    | 'joinedPlayers'
    | 'expressInterest'
    | 'update'
    | 'remove'
  >;
  scheduler: Pick<Scheduler, 'handle' | 'schedule' | 'cancel'>;
  access: Pick<AccessService, 'hiddenAmong' | 'requirePosts'>;
  notifications: Pick<NotificationsService, 'delivered'>;
  users: MemberLookup;
  limiter: Pick<RateLimiter, 'write'>;
  /** PUBLIC_URL: absolute links in calendars. */
  publicUrl: string;
  /** The clock of timed work (tests inject and move it). */
  now?: () => Date;
}

export function createSeriesService({
  db,
  events,
  posts,
  scheduler,
  access,
  notifications,
  users,
  limiter,
  publicUrl,
  now = () => new Date(),
}: SeriesDeps) {
  const nowIso = () => now().toISOString();

  /**
   * Series `seriesId`, which `viewerId` must host. A series is there for whoever may see its
   * host's games (access `hiddenAmong`, as `requirePosts`): across a block either way or of a
   * suspended host it is unknown, not forbidden, so a refusal tells nothing of it.
   * @throws AppError 404 unknown or hidden, 403 `not_host` for anyone else.
   */
  async function hostSeries(viewerId: number, seriesId: number): Promise<SeriesRow> {
    const series = await repo.findSeries(db, seriesId);
    if (!series) throw notFound('Series not found');
    if (series.host_id !== viewerId) {
      if ((await access.hiddenAmong(viewerId, [series.host_id])).has(series.host_id))
        throw notFound('Series not found');
      throw forbidden('not_host', 'Only the host can change this series');
    }
    return series;
  }

  /**
   * The regulars offered the occurrence after `previous`: its joined players, the players the
   * host added, less those the host removed, the host, and anyone blocked either way with the
   * host or suspended (nobody while the host is suspended).
   */
  async function regularsAfter(series: SeriesRow, previous: PostRow | undefined) {
    const changes = await repo.regularChangesOf(db, series.id);
    const removed = new Set(changes.filter((c) => c.status === 'removed').map((c) => c.user_id));
    const added = changes.filter((c) => c.status === 'added').map((c) => c.user_id);
    const joined = previous ? ((await posts.joinedPlayers(previous.id))?.playerIds ?? []) : [];
    const ids = [...new Set([...joined, ...added])].filter(
      (id) => id !== series.host_id && !removed.has(id),
    );
    if ((await access.hiddenAmong(null, [series.host_id])).has(series.host_id)) return [];
    const hidden = await access.hiddenAmong(series.host_id, ids);
    return ids.filter((id) => !hidden.has(id));
  }

  /** Offers held occurrence `next` to the regulars of `previous` not yet asked. */
  async function offer(series: SeriesRow, previous: PostRow, next: PostRow, until: string) {
    const regulars = await regularsAfter(series, previous);
    const already = new Set((await posts.joinedPlayers(next.id))?.playerIds);
    const userIds = regulars.filter((id) => !already.has(id));
    const at = now();
    const message = notificationText.seriesClaim(
      next.heading,
      formatGameTime(until, { timeZone: series.time_zone }, at),
    );
    const { told, stored } = await repo.offerOnce(db, {
      postId: next.id,
      userIds,
      now: at.toISOString(),
      rowOf: (userId) =>
        notificationRow(
          userId,
          'series_claim',
          message,
          { post_id: next.id, series_id: series.id },
          at.toISOString(),
        ),
    });
    await notifications.delivered(told, stored);
  }

  /**
   * Brings series `seriesId` up to date with the clock: creates occurrences up to
   * {@link FUTURE_OCCURRENCES} future ones (held when an earlier occurrence exists), offers
   * each held occurrence whose previous one started to its regulars and schedules its opening
   * (at once when its window is over; at once with no previous occurrence), and schedules the
   * start of each future occurrence. Idempotent: any process may run it any number of times.
   */
  async function reconcile(seriesId: number): Promise<void> {
    const series = await repo.findSeries(db, seriesId);
    if (!series) return;
    const at = nowIso();
    let games = await repo.occurrencesOf(db, seriesId);
    if (series.ended_at === null) {
      const rule = ruleOf(series, await repo.skipsOf(db, seriesId));
      const future = games.filter((g) => g.event_time > at).length;
      const after = series.last_slot > at ? series.last_slot : at;
      const slots = slotsAfter(rule, after, FUTURE_OCCURRENCES - future);
      for (const slot of slots) {
        const previous = games.at(-1);
        const hiddenUntil =
          previous && series.claim_window_s > 0 ? windowEnd(series, previous, slot) : null;
        const tags = JSON.parse(series.tags) as string[];
        await posts.createOccurrence(
          series.host_id,
          {
            sport: series.sport,
            heading: series.heading,
            description: series.description,
            tags,
            location: { type: 'Point', coordinates: [series.lng, series.lat] },
            locationName: series.location_name,
            eventTime: slot,
            playersNeeded: series.players_needed,
          },
          { seriesId, slot, hiddenUntil },
        );
        await repo.setLastSlot(db, seriesId, slot);
        games = await repo.occurrencesOf(db, seriesId);
      }
    }
    for (const [index, game] of games.entries()) {
      if (game.event_time <= at) continue;
      await scheduler.schedule({
        kind: SERIES_START_JOB,
        key: String(game.id),
        dueAt: new Date(game.event_time),
        payload: { seriesId },
      });
      if (game.hidden_until === null) continue;
      const previous = index > 0 ? games[index - 1] : undefined;
      if (!previous) {
        await posts.openOccurrence(game.id);
        continue;
      }
      if (previous.event_time > at) continue;
      const until = windowEnd(series, previous, game.event_time);
      if (until <= at) {
        await posts.openOccurrence(game.id);
        continue;
      }
      if (until !== game.hidden_until) await repo.setHiddenUntil(db, game.id, until);
      await offer(series, previous, game, until);
      await scheduler.schedule({
        kind: SERIES_OPEN_JOB,
        key: String(game.id),
        dueAt: new Date(until),
        payload: { postId: game.id },
      });
    }
  }

  /** The end of the claim window of the occurrence at `start` after `previous` (UTC ISO). */
  function windowEnd(series: SeriesRow, previous: PostRow, start: string): string {
    const end = new Date(Date.parse(previous.event_time) + series.claim_window_s * 1000);
    const iso = end.toISOString();
    return iso < start ? iso : start;
  }

  /** The stored template columns of an edit's `fields` (only those given). */
  function templateChanges(fields: EditFields) {
    return {
      ...(fields.heading !== undefined ? { heading: fields.heading } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.tags !== undefined ? { tags: JSON.stringify(fields.tags) } : {}),
      ...(fields.location && fields.locationName !== undefined
        ? {
            location_name: fields.locationName,
            lng: fields.location.coordinates[0],
            lat: fields.location.coordinates[1],
          }
        : {}),
      ...(fields.playersNeeded !== undefined ? { players_needed: fields.playersNeeded } : {}),
    };
  }

  /**
   * Moves `series` from its instant `from` on to local `time` (HH:MM; null: unchanged) on ISO
   * `weekday` (null: unchanged), as calendars change "this and following events". The rule is
   * re-anchored: its first instant becomes the first such weekday on or after `from`'s local day
   * at that time (recurrence `movedStart`), so one rule keeps giving every future instant and
   * the scheduler's jobs, the two future occurrences and the regulars (same series) carry on;
   * the occurrences before `from` stay as they were (the calendar lists them as single events).
   * The k-th instant from `from` becomes the k-th of the moved rule: each created occurrence
   * moves there (edited as the host edits a game, with `fields`: its players are told, its
   * calendar revision goes up; one past the last day is deleted), and so does each skip.
   * `from` must be an upcoming instant no later than the first not yet created, since the
   * instants between the last created one and the new start would be lost.
   * @throws AppError 400 (field `from`) an ended series or a date it cannot move from, 400
   *   (field `time`) a new start that is not in the future or past the last day.
   */
  async function moveFrom(
    hostId: number,
    series: SeriesRow,
    from: string,
    time: string | null,
    weekday: number | null,
    fields: EditFields,
  ): Promise<void> {
    const at = nowIso();
    const plain = ruleOf(series, []);
    const [next] = slotsAfter(plain, series.last_slot, 1);
    if (
      series.ended_at !== null ||
      from <= at ||
      !isSlot(plain, from) ||
      (next !== undefined && from > next)
    ) {
      const message = 'Pick one of the next dates of the series';
      throw badRequest(message, [{ field: 'from', message }]);
    }
    const start = movedStart(
      from,
      weekday,
      time ?? localTimeOf(from, series.time_zone).time,
      series.time_zone,
    );
    if (
      start <= at ||
      (series.until_date !== null && localDate(start, series.time_zone) > series.until_date)
    ) {
      const message = 'The new time must be in the future and by the last date of the series';
      throw badRequest(message, [{ field: 'time', message }]);
    }
    // A game of these dates the host moved earlier and that has started stays as it was.
    const games = (await repo.occurrencesOf(db, series.id)).filter(
      (g) => g.series_slot !== null && g.series_slot >= from && g.event_time > at,
    );
    const skips = (await repo.skipsOf(db, series.id)).filter((slot) => slot >= from);
    const last = [series.last_slot, ...skips].sort().at(-1)!;
    const old = last >= from ? slotsBetween(plain, from, last) : [];
    const moved = { ...plain, firstAt: start };
    const fresh = slotsAfter(moved, new Date(Date.parse(start) - 1).toISOString(), old.length);
    const movedTo = (slot: string) => fresh[old.indexOf(slot)];
    for (const game of games) {
      const slot = movedTo(game.series_slot!);
      if (slot === undefined) {
        await posts.remove(hostId, game.id);
        await scheduler.cancel(SERIES_START_JOB, String(game.id));
        await scheduler.cancel(SERIES_OPEN_JOB, String(game.id));
        continue;
      }
      await posts.update(hostId, game.id, { ...fields, eventTime: slot });
      await repo.tagOccurrence(db, game.id, series.id, slot);
    }
    await repo.dropSkipsFrom(db, series.id, from);
    for (const skip of skips) {
      const slot = movedTo(skip);
      if (slot !== undefined) await repo.addSkip(db, series.id, slot);
    }
    const lastMoved = series.last_slot >= from ? movedTo(series.last_slot) : series.last_slot;
    await repo.updateSeries(db, series.id, {
      ...templateChanges(fields),
      first_at: start,
      last_slot: lastMoved ?? fresh.at(-1) ?? series.last_slot,
    });
    await reconcile(series.id);
  }

  /** The series view of `series` for `viewerId` (regulars and past players for its host). */
  async function view(series: SeriesRow, viewerId: number): Promise<Series> {
    const at = nowIso();
    const skipped = await repo.skipsOf(db, series.id);
    const games = await repo.occurrencesOf(db, series.id);
    const upcoming: Series['upcoming'] = games
      .filter((g) => g.event_time > at)
      .map((g) => ({
        slot: g.series_slot ?? g.event_time,
        post_id: g.id,
        hidden_until: g.hidden_until,
      }));
    if (series.ended_at === null && upcoming.length < UPCOMING_SHOWN) {
      const after = series.last_slot > at ? series.last_slot : at;
      for (const slot of slotsAfter(
        ruleOf(series, skipped),
        after,
        UPCOMING_SHOWN - upcoming.length,
      ))
        upcoming.push({ slot, post_id: null, hidden_until: null });
    }
    const isHost = viewerId === series.host_id;
    let regulars: Series['regulars'] = [];
    let pastPlayers: Series['past_players'] = [];
    if (isHost) {
      const started = games.filter((g) => g.event_time <= at).at(-1) ?? games[0];
      const members = async (ids: number[]) =>
        (await users.members(ids)).map((m) => ({ id: m.id, username: m.username }));
      regulars = await members(await regularsAfter(series, started));
      const regularIds = new Set(regulars.map((r) => r.id));
      const past = await repo.pastPlayersOf(db, series.id, at);
      // Blocked either way or suspended: not shown to the host.
      const hidden = await access.hiddenAmong(series.host_id, past);
      pastPlayers = await members(past.filter((id) => !regularIds.has(id) && !hidden.has(id)));
    }
    return {
      id: series.id,
      host_id: series.host_id,
      every_weeks: series.every_weeks,
      until: series.until_date,
      time_zone: series.time_zone,
      claim_window_hours: series.claim_window_s / 3600,
      ended: series.ended_at !== null,
      heading: series.heading,
      sport: series.sport,
      description: series.description,
      players_needed: series.players_needed,
      upcoming,
      skipped,
      regulars,
      past_players: pastPlayers,
    };
  }

  scheduler.handle(SERIES_START_JOB, ({ payload }) => reconcile(Number(payload.seriesId)));
  scheduler.handle(SERIES_OPEN_JOB, async ({ payload }) => {
    await posts.openOccurrence(Number(payload.postId));
  });

  // The host moved an occurrence: its start job follows it (the window of the next one too).
  events.on('post.updated', async ({ postId, changes }) => {
    if (!changes.includes('time')) return;
    const game = await repo.seriesOfPost(db, postId);
    if (game?.series_id != null) await reconcile(game.series_id);
  });

  return {
    reconcile,

    /**
     * `POST /series`: makes the host's upcoming game the first occurrence of a new series
     * repeating every `everyWeeks` weeks up to local day `until` (or open-ended), and creates
     * the next occurrence (held for the regulars while the claim window runs).
     * @returns the series as its host sees it.
     * @throws AppError 404 unknown or hidden game, 403 `not_host`, 400 a started game, a game
     *   already in a series, or an `until` before the game's day; 429 past the host's limit.
     */
    async create(hostId: number, body: z.output<typeof createSeriesBodySchema>): Promise<Series> {
      await limiter.write('series', hostId);
      const post: Post = await posts.getOne(hostId, body.postId);
      if (post.author_id !== hostId)
        throw forbidden('not_host', 'Only the host can make this game repeat');
      const game = await repo.gameOf(db, body.postId);
      if (!game) throw notFound('Post not found');
      if (game.event_time <= nowIso()) throw badRequest('This game has already started');
      if (game.series_id !== null) throw badRequest('This game already repeats');
      const until = body.until ?? null;
      if (until !== null && until < localDate(game.event_time, SERIES_TIME_ZONE)) {
        const message = 'The last date cannot be before the game';
        throw badRequest(message, [{ field: 'until', message }]);
      }
      const id = await db.transaction().execute(async (trx) => {
        const seriesId = await repo.insertSeries(trx, {
          host_id: hostId,
          every_weeks: body.everyWeeks,
          first_at: game.event_time,
          time_zone: SERIES_TIME_ZONE,
          until_date: until,
          claim_window_s: body.claimWindowHours * 3600,
          sport: game.sport,
          heading: game.heading,
          description: game.description,
          tags: JSON.stringify(post.tags),
          location_name: game.location_name,
          lng: game.lng,
          lat: game.lat,
          players_needed: game.players_needed,
          last_slot: game.event_time,
          created_at: nowIso(),
        });
        await repo.tagOccurrence(trx, game.id, seriesId, game.event_time);
        return seriesId;
      });
      await reconcile(id);
      return view((await repo.findSeries(db, id))!, hostId);
    },

    /**
     * `GET /posts/{id}/series`: the series of game `postId` and the viewer's offer in it, or
     * nulls for a single game.
     * @throws AppError 404 unknown or hidden game.
     */
    async ofPost(viewerId: number, postId: number): Promise<PostSeriesResponse> {
      await access.requirePosts(viewerId, [postId]);
      const game = await repo.seriesOfPost(db, postId);
      if (!game || game.series_id === null) return { series: null, claim: null };
      const series = await repo.findSeries(db, game.series_id);
      if (!series) return { series: null, claim: null };
      const claim = await repo.claimOf(db, postId, viewerId);
      return {
        series: await view(series, viewerId),
        claim: claim ? { status: claim.status, hidden_until: game.hidden_until } : null,
      };
    },

    /**
     * `POST /series/claims/{id}`: a regular offered occurrence `postId` takes their place
     * (joined through the posts service, which lets a claim into a held game) or passes (not
     * asked again for it).
     * @throws AppError 404 unknown or hidden game, 400 `not_offered` with no open offer, and
     *   the posts service's errors of a join; 429 past the member's interest limit.
     */
    async answer(userId: number, postId: number, answer: 'claim' | 'pass') {
      await access.requirePosts(userId, [postId]);
      const claim = await repo.claimOf(db, postId, userId);
      if (claim?.status !== 'offered')
        throw new AppError('not_offered', 400, 'You have no place held in this game');
      if (answer === 'pass') {
        await limiter.write('interestOrFollow', userId);
        await repo.answerClaim(db, postId, userId, 'passed', nowIso());
        return { status: 'passed' as const };
      }
      const interest = await posts.expressInterest(userId, postId, { claim: true });
      await repo.answerClaim(db, postId, userId, 'claimed', nowIso());
      return { status: 'claimed' as const, interest };
    },

    /**
     * `POST /series/{id}/skip`: skips the series' upcoming instant `slot`; its game, when
     * created, is deleted as the host deletes a game (its players are told) and the next date
     * is created in its stead.
     * @throws AppError 404 unknown or hidden, 403 `not_host`, 400 a slot that is not an
     *   upcoming date of the series; 429 past the host's limit.
     */
    async skip(hostId: number, seriesId: number, slot: string): Promise<Series> {
      await limiter.write('series', hostId);
      const series = await hostSeries(hostId, seriesId);
      const at = new Date(slot).toISOString();
      const skipped = await repo.skipsOf(db, seriesId);
      if (series.ended_at !== null || at <= nowIso() || !isSlot(ruleOf(series, skipped), at)) {
        const message = 'Pick an upcoming date of the series';
        throw badRequest(message, [{ field: 'slot', message }]);
      }
      const game = (await repo.occurrencesOf(db, seriesId)).find((g) => g.series_slot === at);
      if (game) await posts.remove(hostId, game.id);
      await repo.addSkip(db, seriesId, at);
      await repo.updateSeries(db, seriesId, {});
      await reconcile(seriesId);
      return view((await repo.findSeries(db, seriesId))!, hostId);
    },

    /**
     * `PATCH /series/{id}`: changes the series from instant `from` on: each created occurrence
     * from then is edited as the host edits a game (its players are told), and later ones are
     * made with the change. A new `time` or `weekday` moves the series from `from` on
     * ({@link moveFrom}).
     * @throws AppError 404 unknown or hidden, 403 `not_host`, 400 a move the series cannot take
     *   ({@link moveFrom}), the posts service's edit errors; 429.
     */
    async edit(
      hostId: number,
      seriesId: number,
      body: z.output<typeof editSeriesBodySchema>,
    ): Promise<Series> {
      await limiter.write('series', hostId);
      const series = await hostSeries(hostId, seriesId);
      const from = new Date(body.from).toISOString();
      const { from: _from, time, weekday, ...fields } = body;
      if (time !== undefined || weekday !== undefined) {
        await moveFrom(hostId, series, from, time ?? null, weekday ?? null, fields);
        return view((await repo.findSeries(db, seriesId))!, hostId);
      }
      const at = nowIso();
      for (const game of await repo.occurrencesOf(db, seriesId))
        if (game.event_time > at && (game.series_slot ?? game.event_time) >= from)
          await posts.update(hostId, game.id, fields);
      await repo.updateSeries(db, series.id, templateChanges(fields));
      return view((await repo.findSeries(db, seriesId))!, hostId);
    },

    /**
     * `POST /series/{id}/end`: ends the series: its future occurrences are deleted as the host
     * deletes a game (their players are told) and no more are made.
     * @throws AppError 404 unknown or hidden, 403 `not_host`; 429.
     */
    async end(hostId: number, seriesId: number): Promise<Series> {
      await limiter.write('series', hostId);
      const series = await hostSeries(hostId, seriesId);
      const at = nowIso();
      await repo.updateSeries(db, seriesId, { ended_at: series.ended_at ?? at });
      for (const game of await repo.occurrencesOf(db, seriesId)) {
        if (game.event_time <= at) continue;
        await posts.remove(hostId, game.id);
        await scheduler.cancel(SERIES_START_JOB, String(game.id));
        await scheduler.cancel(SERIES_OPEN_JOB, String(game.id));
      }
      return view((await repo.findSeries(db, seriesId))!, hostId);
    },

    /**
     * `POST /series/{id}/regulars` and `DELETE /series/{id}/regulars/{userId}`: the host adds a
     * player of a past occurrence to the regulars, or removes a regular.
     * @throws AppError 404 unknown or hidden, 403 `not_host`, 400 `not_a_player` adding someone
     *   who played no past occurrence; 429.
     */
    async setRegular(
      hostId: number,
      seriesId: number,
      userId: number,
      status: 'added' | 'removed',
    ): Promise<Series> {
      await limiter.write('series', hostId);
      const series = await hostSeries(hostId, seriesId);
      const at = nowIso();
      if (status === 'added' && !(await repo.pastPlayersOf(db, seriesId, at)).includes(userId))
        throw new AppError('not_a_player', 400, 'Only a player of a past game can be a regular');
      await repo.setRegular(db, seriesId, userId, status, at);
      return view(series, hostId);
    },

    /**
     * The calendar entries of series `seriesIds` as host `hostId` sees them (their private
     * feed), leaving out any they do not host.
     */
    async calendarEntries(hostId: number, seriesIds: number[]): Promise<CalendarEntry[]> {
      const entries: CalendarEntry[] = [];
      for (const id of seriesIds) {
        const series = await repo.findSeries(db, id);
        if (!series || series.host_id !== hostId) continue;
        const skipped = await repo.skipsOf(db, id);
        const games = await repo.occurrencesOf(db, id);
        entries.push(...seriesEntries(publicUrl, hostId, { series, skipped, games }));
      }
      return entries;
    },

    /**
     * `GET /series/{id}/calendar.ics`: the series as one repeating event (RRULE, EXDATE, its
     * changed occurrences as RECURRENCE-ID overrides), for its host.
     * @throws AppError 404 unknown or hidden, 403 `not_host`.
     */
    async calendar(hostId: number, seriesId: number): Promise<string> {
      const series = await hostSeries(hostId, seriesId);
      const skipped = await repo.skipsOf(db, seriesId);
      return seriesCalendar(publicUrl, hostId, [
        { series, skipped, games: await repo.occurrencesOf(db, seriesId) },
      ]);
    },
  };
}

export type SeriesService = ReturnType<typeof createSeriesService>;
