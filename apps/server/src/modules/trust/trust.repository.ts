/**
 * Queries of trust between players: who held a place when a game started, check-ins, no-show
 * marks, ratings and a host's minimums. Rating reads compose the access module's SQL rules: a
 * rating by a suspended member, or across a block either way, is not there.
 */
import type { Kysely, Transaction } from 'kysely';
import type { SkillLevel } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import { notBlockedWith, notSuspended } from '../access/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** The facts of game `postId` the rules read, or undefined when it is gone. */
export function gameOf(db: Executor, postId: number) {
  return db
    .selectFrom('posts')
    .select(['id', 'author_id', 'sport', 'heading', 'event_time', 'lng', 'lat', 'players_needed'])
    .where('id', '=', postId)
    .executeTakeFirst();
}
export type Game = NonNullable<Awaited<ReturnType<typeof gameOf>>>;

/*
 * "Joined at the start": who held a place, in these two functions only: the members whose
 * stored place is `joined` (post_interests.place; an offer still pending at the start ends and
 * its member waits again, and no one leaves once the game started), plus its host. Before the
 * start it is who holds a place now.
 */

/** The players of `game` at its start (or now, before it): its host first, then by joining order. */
export async function playersAtStart(
  db: Executor,
  game: Pick<Game, 'id' | 'author_id' | 'players_needed'>,
): Promise<number[]> {
  const rows = await db
    .selectFrom('post_interests')
    .select('user_id')
    .where('post_id', '=', game.id)
    .where('place', '=', 'joined')
    .orderBy('seq')
    .execute();
  return [game.author_id, ...rows.map((r) => r.user_id)];
}

/**
 * The games that started by `before` (UTC ISO) in which `memberId` held a place at the start:
 * those they host and those they had joined (place `joined`).
 */
export async function gamesPlayed(db: Executor, memberId: number, before: string) {
  const hosted = db
    .selectFrom('posts as p')
    .select(['p.id as post_id', 'p.heading', 'p.event_time'])
    .where('p.author_id', '=', memberId)
    .where('p.event_time', '<=', before);
  const joined = db
    .selectFrom('post_interests as pi')
    .innerJoin('posts as p', 'p.id', 'pi.post_id')
    .select(['p.id as post_id', 'p.heading', 'p.event_time'])
    .where('pi.user_id', '=', memberId)
    .where('p.event_time', '<=', before)
    .where('pi.place', '=', 'joined');
  return hosted.unionAll(joined).execute();
}

/**
 * Games that started by `before` which `memberId` left from a joined place (not removed, not
 * excused) and is not back in, with when they left: the service keeps those left less than 2 hours before the start.
 */
export function departuresOf(db: Executor, memberId: number, before: string) {
  return (
    db
      .selectFrom('post_departures as d')
      .innerJoin('posts as p', 'p.id', 'd.post_id')
      .select(['p.id as post_id', 'p.heading', 'p.event_time', 'd.left_at'])
      .where('d.user_id', '=', memberId)
      .where('d.reason', '=', 'left')
      .where('d.excused', '=', 0)
      // Only a member who held a place misses a game by leaving late; the waitlist never played.
      .where('d.place', '=', 'joined')
      .where('p.event_time', '<=', before)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('post_interests as pi')
              .select('pi.user_id')
              .whereRef('pi.post_id', '=', 'd.post_id')
              .where('pi.user_id', '=', memberId),
          ),
        ),
      )
      .execute()
  );
}

/** Whether `userId` is in game `postId` (joined or waitlisted) now. */
export async function isInGame(db: Executor, postId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('post_interests')
    .select('user_id')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The check-ins of game `postId`: member id to whether the host confirmed it. */
export async function checkinsOf(db: Executor, postId: number): Promise<Map<number, boolean>> {
  const rows = await db
    .selectFrom('game_checkins')
    .select(['user_id', 'by_host'])
    .where('post_id', '=', postId)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.by_host === 1]));
}

/** Stores a check-in (a second one of the same member keeps the first, unless the host's). */
export async function saveCheckin(
  db: Executor,
  row: { post_id: number; user_id: number; checked_in_at: string; by_host: number },
): Promise<void> {
  await db
    .insertInto('game_checkins')
    .values(row)
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doUpdateSet({ by_host: row.by_host }))
    .execute();
}

/** The no-show marks of game `postId`. */
export function marksOf(db: Executor, postId: number) {
  return db.selectFrom('no_show_marks').selectAll().where('post_id', '=', postId).execute();
}

/** Every no-show mark on `memberId`. */
export function marksOn(db: Executor, memberId: number) {
  return db.selectFrom('no_show_marks').selectAll().where('user_id', '=', memberId).execute();
}

/** Stores a new no-show mark. */
export async function insertMark(
  db: Executor,
  row: { post_id: number; user_id: number; marked_at: string },
): Promise<void> {
  await db
    .insertInto('no_show_marks')
    .values(row)
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .execute();
}

/** Sets `disputed_at` or `confirmed_at` of a mark. */
export async function updateMark(
  db: Executor,
  postId: number,
  userId: number,
  changes: { disputed_at?: string; confirmed_at?: string },
): Promise<void> {
  await db
    .updateTable('no_show_marks')
    .set(changes)
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes a mark (the player checked in after all, or the host confirmed them). */
export async function deleteMark(db: Executor, postId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('no_show_marks')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .execute();
}

/** Stores `rater`'s rating of `rated` in a game; a second one replaces the first. */
export async function saveRating(
  db: Executor,
  row: {
    post_id: number;
    rater_id: number;
    rated_id: number;
    sport: string;
    level: SkillLevel;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('skill_ratings')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['post_id', 'rater_id', 'rated_id'])
        .doUpdateSet({ level: row.level, created_at: row.created_at }),
    )
    .execute();
}

/** `raterId`'s ratings in game `postId`: rated member to level. */
export async function ratingsBy(
  db: Executor,
  postId: number,
  raterId: number,
): Promise<Map<number, SkillLevel>> {
  const rows = await db
    .selectFrom('skill_ratings')
    .select(['rated_id', 'level'])
    .where('post_id', '=', postId)
    .where('rater_id', '=', raterId)
    .execute();
  return new Map(rows.map((r) => [r.rated_id, r.level]));
}

/** The ratings of `ratedId` in game `postId` (ids and levels only), raters present to them. */
export function ratingsOfIn(db: Executor, postId: number, ratedId: number) {
  return db
    .selectFrom('skill_ratings as r')
    .select(['r.id', 'r.level'])
    .where('r.post_id', '=', postId)
    .where('r.rated_id', '=', ratedId)
    .where(notSuspended('r.rater_id'))
    .where(notBlockedWith(ratedId, 'r.rater_id'))
    .orderBy('r.id')
    .execute();
}

/**
 * Every rating of `ratedId` whose rater is present to them (not suspended, no block either
 * way), newest first: the service keeps each rater's latest per sport.
 */
export function ratingsOf(db: Executor, ratedId: number) {
  return db
    .selectFrom('skill_ratings as r')
    .select(['r.rater_id', 'r.sport', 'r.level', 'r.created_at', 'r.id'])
    .where('r.rated_id', '=', ratedId)
    .where(notSuspended('r.rater_id'))
    .where(notBlockedWith(ratedId, 'r.rater_id'))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

/** Rating `id` with its game's title, or undefined. */
export function ratingWithGame(db: Executor, id: number) {
  return db
    .selectFrom('skill_ratings as r')
    .innerJoin('posts as p', 'p.id', 'r.post_id')
    .select(['r.id', 'r.post_id', 'r.rater_id', 'r.rated_id', 'r.sport', 'r.level', 'p.heading'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** A game's minimums, or none. */
export async function minimumsOf(db: Executor, postId: number) {
  const row = await db
    .selectFrom('game_minimums')
    .select(['min_show_up_percent', 'min_level'])
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return row ?? { min_show_up_percent: null, min_level: null };
}

/** Stores a game's minimums (both null: none). */
export async function saveMinimums(
  db: Executor,
  postId: number,
  minimums: { min_show_up_percent: number | null; min_level: SkillLevel | null },
): Promise<void> {
  await db
    .insertInto('game_minimums')
    .values({ post_id: postId, ...minimums })
    .onConflict((oc) => oc.column('post_id').doUpdateSet(minimums))
    .execute();
}
