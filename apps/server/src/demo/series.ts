/**
 * The demo's weekly game (modules/series): rahul's futsal at 8 pm every week. Its last game
 * started within the past day with sneha, vikram and priya in it; the next one is held for them
 * as regulars: sneha claimed her place, priya passed, vikram has yet to answer (his offer is an
 * unread notification); the one after is held too, as a running series keeps two future games.
 * Written through the repositories, back-dated as the scheduler would have made it.
 */
import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE, formatGameTime } from '@gameon/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import { publicPoint } from '../lib/geo.js';
import * as chatsRepo from '../modules/chats/chats.repository.js';
import * as notificationsRepo from '../modules/notifications/notifications.repository.js';
import { notificationText } from '../modules/notifications/notifications.service.js';
import * as postsRepo from '../modules/posts/posts.repository.js';
import * as schedulerRepo from '../modules/scheduler/scheduler.repository.js';
import * as seriesRepo from '../modules/series/series.repository.js';
import { SERIES_OPEN_JOB, SERIES_START_JOB } from '../modules/series/series.service.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** The most recent 8 pm in India before `now` (ms). */
function lastEightPm(now: number): number {
  const today = new TZDate(now, DEFAULT_TIME_ZONE);
  const at = (days: number) =>
    new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() - days,
      20,
      0,
      DEFAULT_TIME_ZONE,
    ).getTime();
  return at(0) <= now ? at(0) : at(1);
}

/** Seeds the weekly series; `ids` the demo members by MEMBERS order (arjun, priya, rahul, …). */
export async function seedSeries(trx: Transaction<DB>, ids: number[], now: number): Promise<void> {
  const [priya, rahul, sneha, vikram] = [ids[1]!, ids[2]!, ids[3]!, ids[4]!];
  const last = lastEightPm(now);
  const slots = [last, last + WEEK, last + 2 * WEEK].map((t) => new Date(t).toISOString());
  const game = {
    sport: 'Football',
    heading: 'Weekly futsal at HSR Layout',
    description: 'Six-a-side futsal under lights, every week at 8 pm. ₹200 per head for the court.',
    location_name: 'HSR Layout, Bengaluru',
    lng: 77.6387,
    lat: 12.9121,
    players_needed: 6,
  };
  const iso = (t: number) => new Date(t).toISOString();
  const seriesId = await seriesRepo.insertSeries(trx, {
    host_id: rahul,
    every_weeks: 1,
    first_at: slots[0]!,
    time_zone: DEFAULT_TIME_ZONE,
    until_date: null,
    claim_window_s: 24 * 3600,
    ...game,
    tags: JSON.stringify(['futsal', 'weekly']),
    last_slot: slots[2]!,
    created_at: iso(last - 2 * DAY),
  });
  const shown = publicPoint(game.lng, game.lat, 'general');
  const postIds: number[] = [];
  for (const [i, slot] of slots.entries()) {
    postIds.push(
      await postsRepo.insertPost(
        trx,
        {
          author_id: rahul,
          ...game,
          public_lng: shown?.[0] ?? null,
          public_lat: shown?.[1] ?? null,
          event_time: slot,
          created_at: iso(i === 0 ? last - 2 * DAY : last - i * HOUR),
          series_id: seriesId,
          series_slot: slot,
          // Held for the regulars: a day from the game before's start.
          hidden_until: i === 0 ? null : iso(Date.parse(slots[i - 1]!) + DAY),
        },
        ['futsal', 'weekly'],
      ),
    );
  }
  const [played, next, after] = postIds as [number, number, number];
  for (const [i, member] of [sneha, vikram, priya].entries())
    await postsRepo.addInterest(trx, played, member, iso(last - DAY + i * HOUR));
  // Sneha claimed her place in the next one (its group chat with the host).
  const claimedAt = iso(last + 30 * 60_000);
  await postsRepo.addInterest(trx, next, sneha, claimedAt);
  const chatId = await chatsRepo.ensureGroupChatForPost(
    trx,
    next,
    `${game.sport} - ${game.heading}`,
    claimedAt,
  );
  await chatsRepo.addMembers(trx, chatId, [rahul, sneha], claimedAt);
  const message = notificationText.seriesClaim(
    game.heading,
    formatGameTime(iso(last + DAY), { timeZone: DEFAULT_TIME_ZONE }, new Date(now)),
  );
  for (const [member, status, read] of [
    [sneha, 'claimed', true],
    [priya, 'passed', true],
    [vikram, 'offered', false],
  ] as const) {
    await trx
      .insertInto('series_claims')
      .values({
        post_id: next,
        user_id: member,
        status,
        offered_at: iso(last),
        answered_at: status === 'offered' ? null : claimedAt,
      })
      .execute();
    const { id } = await notificationsRepo.insert(trx, {
      user_id: member,
      type: 'series_claim',
      message,
      data: JSON.stringify({ post_id: next, series_id: seriesId }),
      conversation_id: null,
      created_at: iso(last),
    });
    if (read) await notificationsRepo.markRead(trx, member, [id]);
  }
  // The scheduler's work: the next game opens when the window ends; each start offers the next.
  await schedulerRepo.upsertJob(trx, {
    kind: SERIES_OPEN_JOB,
    key: String(next),
    due_at: iso(last + DAY),
    payload: JSON.stringify({ postId: next }),
  });
  for (const [postId, slot] of [
    [next, slots[1]!],
    [after, slots[2]!],
  ] as const)
    await schedulerRepo.upsertJob(trx, {
      kind: SERIES_START_JOB,
      key: String(postId),
      due_at: slot,
      payload: JSON.stringify({ seriesId }),
    });
}
