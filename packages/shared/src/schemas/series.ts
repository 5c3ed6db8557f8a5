/**
 * Series: a game that repeats weekly or every two weeks, and its regulars (docs/ARCHITECTURE.md
 * "Series"). Each occurrence is a real game; these shapes are the series' own.
 */
import { z } from 'zod';
import { textListSchema } from './auth.js';
import { idSchema, userRefSchema } from './common.js';
import { createPostBodySchema, pointSchema } from './posts.js';

/** The longest claim window a host may give the regulars, in hours (a week). */
export const SERIES_CLAIM_WINDOW_MAX_HOURS = 168;
/** The regulars' claim window when the host gives none, in hours. */
export const SERIES_CLAIM_WINDOW_DEFAULT_HOURS = 24;

const localDateSchema = z
  .string({ error: 'The date must be YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD');

/**
 * `POST /series`: make the host's upcoming game `postId` repeat every `everyWeeks` weeks (1 or
 * 2), up to the local day `until` (inclusive) or open-ended (null or absent); the regulars hold
 * their places for `claimWindowHours` (0-168, default 24) from the previous occurrence's start.
 */
export const createSeriesBodySchema = z
  .object({
    postId: idSchema,
    everyWeeks: z.union([z.literal(1), z.literal(2)], {
      error: 'A game repeats every week or every two weeks',
    }),
    until: localDateSchema.nullable().optional(),
    claimWindowHours: z
      .number({ error: 'The claim window must be a number of hours' })
      .int('The claim window must be whole hours')
      .min(0, 'The claim window cannot be negative')
      .max(
        SERIES_CLAIM_WINDOW_MAX_HOURS,
        `The claim window is at most ${SERIES_CLAIM_WINDOW_MAX_HOURS} hours`,
      )
      .default(SERIES_CLAIM_WINDOW_DEFAULT_HOURS),
  })
  .strict();
export type CreateSeriesBody = z.input<typeof createSeriesBodySchema>;

/** `POST /series/{id}/skip`: skip the occurrence at recurrence instant `slot` (UTC ISO). */
export const skipSeriesBodySchema = z
  .object({ slot: z.iso.datetime({ offset: true, error: 'Pick a date of the series' }) })
  .strict();

/**
 * `PATCH /series/{id}`: change the series from occurrence `from` (a recurrence instant) on:
 * future occurrences change (their players are told) and so do the ones still to come. `time`
 * (HH:MM, the place's local time) and `weekday` (ISO: 1 Monday … 7 Sunday) move the series from
 * that date on: it then falls on the first such weekday on or after `from`'s day, at that time.
 */
export const editSeriesBodySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'Pick a date of the series' }),
    heading: createPostBodySchema.shape.heading.optional(),
    description: createPostBodySchema.shape.description.optional(),
    tags: textListSchema.optional(),
    location: pointSchema.optional(),
    locationName: createPostBodySchema.shape.locationName.optional(),
    playersNeeded: createPostBodySchema.shape.playersNeeded.optional(),
    time: z
      .string({ error: 'The time must be HH:MM' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The time must be HH:MM (00:00 to 23:59)')
      .optional(),
    weekday: z
      .number({ error: 'The day must be a weekday number' })
      .int('The day must be a weekday number')
      .min(1, 'The day must be 1 (Monday) to 7 (Sunday)')
      .max(7, 'The day must be 1 (Monday) to 7 (Sunday)')
      .optional(),
  })
  .strict()
  .refine((body) => (body.location === undefined) === (body.locationName === undefined), {
    message: 'Location and location name go together',
    path: ['locationName'],
  });
export type EditSeriesBody = z.input<typeof editSeriesBodySchema>;

/** `POST /series/{id}/regulars`: the host adds a player of a past occurrence. */
export const addRegularBodySchema = z.object({ userId: idSchema }).strict();
/** `DELETE /series/{id}/regulars/{userId}`. */
export const seriesRegularParamsSchema = z.object({ id: idSchema, userId: idSchema });

/** `POST /series/claims/{id}` (an occurrence's post id): a regular takes their place or passes. */
export const claimBodySchema = z
  .object({ answer: z.enum(['claim', 'pass'], { error: 'Answer claim or pass' }) })
  .strict();

/** One upcoming date of a series: its instant, and its game once created (else null). */
export const seriesDateSchema = z.object({
  slot: z.string(),
  post_id: z.number().nullable(),
  /** While the game is held for its regulars: until when (UTC ISO). */
  hidden_until: z.string().nullable(),
});

/** A series as its host and its occurrences' viewers see it. */
export const seriesSchema = z.object({
  id: z.number(),
  host_id: z.number(),
  every_weeks: z.number(),
  /** The last local day, or null when open-ended. */
  until: z.string().nullable(),
  time_zone: z.string(),
  claim_window_hours: z.number(),
  ended: z.boolean(),
  heading: z.string(),
  sport: z.string(),
  description: z.string(),
  players_needed: z.number(),
  /** The next dates (created games first), at most 6. */
  upcoming: z.array(seriesDateSchema),
  /** Skipped dates (UTC ISO instants). */
  skipped: z.array(z.string()),
  /** The regulars of the next occurrence to be offered (the host sees them; others get []). */
  regulars: z.array(userRefSchema),
  /** Players of past occurrences the host may add to the regulars (host only, else []). */
  past_players: z.array(userRefSchema),
});
export type Series = z.infer<typeof seriesSchema>;

/** The viewer's offer for one occurrence. */
export const seriesClaimSchema = z.object({
  status: z.enum(['offered', 'claimed', 'passed']),
  /** The end of the claim window (UTC ISO), null once the game is open to all. */
  hidden_until: z.string().nullable(),
});

/** `GET /posts/{id}/series`: the series of a game, and the viewer's offer in it, or nulls. */
export const postSeriesResponseSchema = z.object({
  series: seriesSchema.nullable(),
  claim: seriesClaimSchema.nullable(),
});
export type PostSeriesResponse = z.infer<typeof postSeriesResponseSchema>;
