/**
 * Demo data of trust between players (part of the demo history, SEED_DEMO): four past 5-a-side
 * games of arjun's, where priya, rahul and sneha came and vikram missed two (marked, one
 * disputed and confirmed); co-players' ratings that give arjun and priya a level in Football;
 * priya's badminton that started an hour ago (check-ins, one player not yet in, ratings open);
 * sneha's run starting in 20 minutes, which arjun can check in to at Lalbagh; and rahul's
 * upcoming box cricket asking for an 80% show-up record, which keeps vikram out.
 */
import type { Transaction } from 'kysely';
import type { SkillLevel } from '@gameon/shared';
import type { DB } from '../db/types.js';
import { publicPoint } from '../lib/geo.js';
import { notificationText } from '../modules/notifications/rows.js';
import * as notificationsRepo from '../modules/notifications/notifications.repository.js';
import * as postsRepo from '../modules/posts/posts.repository.js';
import * as trustRepo from '../modules/trust/trust.repository.js';

/**
 * The titles of these games: the past and just-started ones are timed from now, not at the
 * demo's usual hours.
 */
export const TRUST_DEMO_HEADINGS = [
  'Sunday 5-a-side, week 1',
  'Sunday 5-a-side, week 2',
  'Sunday 5-a-side, week 3',
  'Sunday 5-a-side, week 4',
  'Evening doubles at Indiranagar',
  '5K loop at Lalbagh',
  'Box cricket, regulars only',
];

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The demo members' ids, in seed.ts's MEMBERS order: arjun, priya, rahul, sneha, vikram. */
export async function seedTrust(trx: Transaction<DB>, ids: number[], now: number): Promise<void> {
  const [arjun, priya, rahul, sneha, vikram] = ids as [number, number, number, number, number];
  const iso = (ms: number) => new Date(ms).toISOString();
  const game = async (
    host: number,
    sport: string,
    heading: string,
    place: string,
    [lng, lat]: [number, number],
    start: number,
    players: number[],
    needed = players.length,
  ) => {
    const id = await postsRepo.insertPost(
      trx,
      {
        author_id: host,
        sport,
        heading,
        description: 'A regular game of the demo members.',
        location_name: place,
        lng,
        lat,
        public_lng: publicPoint(lng, lat, 'general')?.[0] ?? null,
        public_lat: publicPoint(lng, lat, 'general')?.[1] ?? null,
        event_time: iso(start),
        players_needed: needed,
        created_at: iso(Math.min(start, now) - 2 * DAY),
      },
      [],
    );
    for (const [i, player] of players.entries())
      await postsRepo.addInterest(trx, id, player, iso(Math.min(start, now) - DAY + i * MINUTE));
    return id;
  };
  const checkIn = (postId: number, userId: number, at: number, byHost = 0) =>
    trustRepo.saveCheckin(trx, {
      post_id: postId,
      user_id: userId,
      checked_in_at: iso(at),
      by_host: byHost,
    });
  const rate = (postId: number, rater: number, rated: number, level: SkillLevel, at: number) =>
    trustRepo.saveRating(trx, {
      post_id: postId,
      rater_id: rater,
      rated_id: rated,
      sport: 'Football',
      level,
      created_at: iso(at),
    });

  // Four past Sunday 5-a-sides of arjun's, a week apart.
  const koramangala: [number, number] = [77.6245, 12.9352];
  for (let week = 4; week >= 1; week -= 1) {
    const start = now - week * 7 * DAY;
    const postId = await game(
      arjun,
      'Football',
      `Sunday 5-a-side, week ${5 - week}`,
      'Koramangala Turf, Bengaluru',
      koramangala,
      start,
      [priya, rahul, sneha, vikram],
    );
    for (const who of [arjun, priya, rahul, sneha]) await checkIn(postId, who, start - 10 * MINUTE);
    if (week === 4 || week === 2) {
      // Vikram did not come: marked; the first mark disputed, then confirmed by arjun.
      await trustRepo.insertMark(trx, {
        post_id: postId,
        user_id: vikram,
        marked_at: iso(start + 3 * HOUR),
      });
      if (week === 4)
        await trustRepo.updateMark(trx, postId, vikram, {
          disputed_at: iso(start + 5 * HOUR),
          confirmed_at: iso(start + 9 * HOUR),
        });
      const heading = `Sunday 5-a-side, week ${5 - week}`;
      await notificationsRepo.insert(trx, {
        user_id: vikram,
        type: 'no_show_marked',
        message: notificationText.noShowMarked(heading),
        data: JSON.stringify({ post_id: postId }),
        conversation_id: null,
        created_at: iso(start + 3 * HOUR),
      });
    } else {
      await checkIn(postId, vikram, start - 5 * MINUTE);
    }
    if (week === 1) {
      // Ratings after the last game: arjun is rated intermediate by three players, priya advanced.
      const at = start + 4 * HOUR;
      await rate(postId, priya, arjun, 'intermediate', at);
      await rate(postId, rahul, arjun, 'advanced', at);
      await rate(postId, sneha, arjun, 'intermediate', at);
      await rate(postId, arjun, priya, 'advanced', at);
      await rate(postId, rahul, priya, 'expert', at);
      await rate(postId, sneha, priya, 'advanced', at);
    }
  }

  // Priya's badminton started an hour ago: she, arjun and rahul checked in; sneha has not.
  const indiranagar: [number, number] = [77.6408, 12.9784];
  const started = now - HOUR;
  const badminton = await game(
    priya,
    'Badminton',
    'Evening doubles at Indiranagar',
    'Indiranagar Club, Bengaluru',
    indiranagar,
    started,
    [arjun, rahul, sneha],
  );
  for (const who of [priya, arjun, rahul]) await checkIn(badminton, who, started - 15 * MINUTE);

  // Sneha's run starts in 20 minutes at Lalbagh: arjun can check in there.
  await game(
    sneha,
    'Running',
    '5K loop at Lalbagh',
    'Lalbagh West Gate, Bengaluru',
    [77.5848, 12.9507],
    now + 20 * MINUTE,
    [arjun],
  );

  // Rahul's box cricket asks for an 80% show-up record: vikram (3 of 5, counting the weekly futsal he played) sees why he cannot join.
  const cricket = await game(
    rahul,
    'Cricket',
    'Box cricket, regulars only',
    'HSR Layout Box Cricket, Bengaluru',
    [77.6387, 12.9116],
    now + 2 * DAY,
    [],
    8,
  );
  await trustRepo.saveMinimums(trx, cricket, { min_show_up_percent: 80, min_level: null });
}
