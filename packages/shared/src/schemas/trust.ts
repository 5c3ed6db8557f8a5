/**
 * Trust between players: check-in at a game, the host's no-show marks and their disputes, a
 * member's show-up record, skill levels rated by co-players, and a host's minimums to join
 * (docs/ARCHITECTURE.md "Trust between players"). All windows count from the game's start.
 */
import { z } from 'zod';
import { idSchema, userRefSchema } from './common.js';
import { SKILL_LEVELS } from './users.js';

/** A check-in by position counts within this many metres of the game's place (after accuracy). */
export const CHECK_IN_RADIUS_M = 300;
/** A reported accuracy worse than this many metres proves nothing. */
export const CHECK_IN_MAX_ACCURACY_M = 500;
/** Check-in opens this many minutes before the start and closes as long after it. */
export const CHECK_IN_WINDOW_MIN = 30;
/** Hours after the start in which the host marks no-shows (and after a dispute, confirms one). */
export const NO_SHOW_WINDOW_HOURS = 48;
/** Hours after the start in which players who came rate each other's level. */
export const RATING_WINDOW_HOURS = 72;
/** A level shows once this many different members rated it. */
export const MIN_RATERS = 3;
/** A show-up record shows once this many games count ("New player" before). */
export const MIN_RECORD_GAMES = 3;

export type SkillLevel = (typeof SKILL_LEVELS)[number];

/** `POST /posts/{id}/check-in`: the browser's position at the tap (degrees, metres); never stored. */
export const checkInBodySchema = z.object({
  lat: z.number({ error: 'Latitude is required' }).min(-90).max(90),
  lng: z.number({ error: 'Longitude is required' }).min(-180).max(180),
  accuracy: z.number({ error: 'Accuracy is required' }).min(0).max(1_000_000),
});
export type CheckInBody = z.infer<typeof checkInBodySchema>;

/**
 * `PUT /posts/{id}/players/{userId}/attendance`: the host's word on a player: `checked_in`
 * (confirms them; removes a no-show mark) or `no_show` (marks them, or confirms a disputed mark).
 */
export const attendanceBodySchema = z.object({
  status: z.enum(['checked_in', 'no_show'], { error: 'Status is checked_in or no_show' }),
});

/** Path of a game and one of its players. */
export const playerParamsSchema = z.object({ id: idSchema, userId: idSchema });

/** `PUT /posts/{id}/ratings/{userId}`: the rater's level of a co-player in the game's sport. */
export const ratingBodySchema = z.object({
  level: z.enum(SKILL_LEVELS, { error: 'Pick a level' }),
});

/**
 * `PUT /posts/{id}/minimums`: the host's minimums to join: a show-up percentage (0-100) and a
 * rated level in the game's sport; null for none.
 */
export const minimumsSchema = z.object({
  min_show_up_percent: z
    .number({ error: 'A whole percentage or null' })
    .int('A whole percentage')
    .min(1, 'At least 1%')
    .max(100, 'At most 100%')
    .nullable(),
  min_level: z.enum(SKILL_LEVELS, { error: 'Pick a level' }).nullable(),
});
export type Minimums = z.infer<typeof minimumsSchema>;

/** A no-show mark as the host and the marked player see it (UTC ISO times). */
export const noShowMarkSchema = z.object({
  marked_at: z.string(),
  disputed_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** Whether it counts on the record now (not disputed, or confirmed after the dispute). */
  counts: z.boolean(),
});
export type NoShowMark = z.infer<typeof noShowMarkSchema>;

/** One player of a game on its trust panel, as a player or the host of the game sees them. */
export const trustPlayerSchema = z.object({
  user: userRefSchema,
  is_host: z.boolean(),
  checked_in: z.boolean(),
  /** The host sees every mark; a player only their own; null for none. */
  no_show: noShowMarkSchema.nullable(),
  /** The viewer's own rating of this player in this game, null when none. */
  my_rating: z.enum(SKILL_LEVELS).nullable(),
  /** Whether the viewer may rate this player now. */
  can_rate: z.boolean(),
});
export type TrustPlayer = z.infer<typeof trustPlayerSchema>;

/** `GET /posts/{id}/trust`: the game's trust panel for the viewer. */
export const gameTrustSchema = z.object({
  minimums: minimumsSchema,
  /** Why the viewer may not join under the minimums, null when they may. */
  refusal: z.string().nullable(),
  is_host: z.boolean(),
  /** The viewer held a place when the game started (or holds one now, before it). */
  is_player: z.boolean(),
  online: z.boolean(),
  /** Windows (UTC ISO): check-in from..to, marks until, ratings until. */
  check_in_opens: z.string(),
  check_in_closes: z.string(),
  marks_close: z.string(),
  ratings_close: z.string(),
  /** The players with their check-ins: for the game's players and host only, else empty. */
  players: z.array(trustPlayerSchema),
  /**
   * The levels others gave the viewer in this game, without who gave them, once the viewer has
   * rated every other player who came or the rating window closed; null before that.
   */
  my_ratings: z.array(z.object({ id: z.number(), level: z.enum(SKILL_LEVELS) })).nullable(),
});
export type GameTrust = z.infer<typeof gameTrustSchema>;

/** One rated level of a member in a sport. */
export const ratedLevelSchema = z.object({
  sport: z.string(),
  level: z.enum(SKILL_LEVELS),
  /** How many different members' latest ratings made it. */
  raters: z.number(),
});

/** One game on a member's own record: came, or a no-show and its state. */
export const recordGameSchema = z.object({
  post_id: z.number(),
  heading: z.string(),
  event_time: z.string(),
  came: z.boolean(),
  /** Why not: a no-show mark, or leaving less than 2 hours before the start. */
  missed: z.enum(['no_show', 'late_leave']).nullable(),
  no_show: noShowMarkSchema.nullable(),
});

/**
 * `GET /users/{id}/trust`: a member's show-up record and rated levels. `hidden` when their
 * `activity_history_visibility` keeps them from this viewer (nothing else is sent then);
 * `record` null for a "New player" (fewer than 3 games count); `games` only for oneself.
 */
export const userTrustSchema = z.object({
  hidden: z.boolean(),
  record: z.object({ came: z.number(), counted: z.number() }).nullable(),
  levels: z.array(ratedLevelSchema),
  games: z.array(recordGameSchema).nullable(),
});
export type UserTrust = z.infer<typeof userTrustSchema>;

/** Snapshot of a reported rating, as filed. */
export const ratingSnapshotSchema = z.object({
  type: z.literal('rating'),
  level: z.enum(SKILL_LEVELS),
  sport: z.string(),
  post_id: z.number(),
  heading: z.string(),
});
