/** Posts (requests for players) and the feed (spec part 1 §3, §7; spec part 2 §3, §5). */
import { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  FEED_ORDERS,
  FILTER_TYPES,
  LOCATION_NAME_MAX,
  NO_RADIUS,
  PLAYERS_MAX,
  PLAYERS_MIN,
  POST_DESCRIPTION_MAX,
  POST_HEADING_MAX,
  POST_SPORTS,
} from '../constants.js';
import { textListSchema } from './auth.js';
import { idSchema, listParam, pageQuerySchema, userRefSchema } from './common.js';

/** A GeoJSON point, coordinates `[longitude, latitude]` in degrees. */
export const pointSchema = z.object(
  {
    type: z.literal('Point', { error: 'Location type must be "Point"' }),
    coordinates: z.tuple(
      [
        z
          .number({ error: 'Longitude must be a number' })
          .min(-180, 'Longitude must be between -180 and 180')
          .max(180, 'Longitude must be between -180 and 180'),
        z
          .number({ error: 'Latitude must be a number' })
          .min(-90, 'Latitude must be between -90 and 90')
          .max(90, 'Latitude must be between -90 and 90'),
      ],
      { error: 'Coordinates must be [longitude, latitude]' },
    ),
  },
  { error: 'Please select a location for your event.' },
);
export type Point = z.infer<typeof pointSchema>;

const sportSchema = z.enum(POST_SPORTS as [string, ...string[]], {
  error: 'Please select a sport or game',
});

/** `POST /posts` body (spec part 2 §5). The "not earlier than now" rule is checked by the service. */
export const createPostBodySchema = z.object({
  sport: sportSchema,
  heading: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(POST_HEADING_MAX, `Title must be at most ${POST_HEADING_MAX} characters`),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(POST_DESCRIPTION_MAX, `Description must be at most ${POST_DESCRIPTION_MAX} characters`),
  tags: textListSchema.default([]),
  location: pointSchema,
  locationName: z
    .string({ error: 'Please select a location for your event.' })
    .trim()
    .min(1, 'Please select a location for your event.')
    .max(LOCATION_NAME_MAX, `Location name must be at most ${LOCATION_NAME_MAX} characters`),
  eventTime: z.iso.datetime({ offset: true, error: 'Event date and time is required' }),
  playersNeeded: z
    .number({ error: 'Please enter the number of players needed (1-20)' })
    .int('Please enter a number between 1 and 20')
    .min(PLAYERS_MIN, 'Please enter a number between 1 and 20')
    .max(PLAYERS_MAX, 'Please enter a number between 1 and 20'),
});
export type CreatePostBody = z.input<typeof createPostBodySchema>;

/** The fields of a game its host may change (spec: the sport is fixed). */
const EDITABLE = ['heading', 'description', 'tags', 'location', 'eventTime', 'playersNeeded'];

/**
 * `PATCH /posts/{id}` body: any of the host's fields of {@link createPostBodySchema} but the
 * sport, at least one; `location` and `locationName` together. The "time in the future" and
 * "players needed not below the joined count" rules are checked by the service.
 */
export const editPostBodySchema = z
  .object({
    heading: createPostBodySchema.shape.heading.optional(),
    description: createPostBodySchema.shape.description.optional(),
    tags: textListSchema.optional(),
    location: pointSchema.optional(),
    locationName: createPostBodySchema.shape.locationName.optional(),
    eventTime: createPostBodySchema.shape.eventTime.optional(),
    playersNeeded: createPostBodySchema.shape.playersNeeded.optional(),
    sport: z
      .unknown()
      .optional()
      .refine((sport) => sport === undefined, 'The sport of a game cannot be changed'),
  })
  .strict()
  .refine((body) => (body.location === undefined) === (body.locationName === undefined), {
    message: 'Location and location name go together',
    path: ['locationName'],
  })
  .refine((body) => EDITABLE.some((field) => body[field as keyof typeof body] !== undefined), {
    message: 'Nothing to change',
  });
export type EditPostBody = z.input<typeof editPostBodySchema>;

/** `DELETE /posts/{id}/players/{userId}`: the game and the member its host removes. */
export const postPlayerParamsSchema = z.object({ id: idSchema, userId: idSchema });

const timeZoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'Unknown time zone');

/**
 * `date` and `tz` of a list query (CONTRACT.md feed filters): a calendar day YYYY-MM-DD in the
 * viewer's IANA time zone, default Asia/Kolkata. Shared by the feed and the events list.
 */
export const dayQueryShape = {
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
    .optional(),
  tz: timeZoneSchema.default(DEFAULT_TIME_ZONE),
};

/**
 * `radius` (metres, -1 or absent = no location filter) with `lat` and `lng` (degrees) of a list
 * query (CONTRACT.md feed filters); their rules are {@link checkNearQuery}.
 */
export const nearQueryShape = {
  radius: z.coerce.number({ error: 'Radius must be a number' }).default(NO_RADIUS),
  lat: z.coerce
    .number({ error: 'Latitude must be a number' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90')
    .optional(),
  lng: z.coerce
    .number({ error: 'Longitude must be a number' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180')
    .optional(),
};

/**
 * The rules of {@link nearQueryShape}, for `superRefine`: a radius is positive metres or -1;
 * `lat` and `lng` go together; a radius needs them.
 */
export function checkNearQuery(
  query: { radius: number; lat?: number | undefined; lng?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (query.radius !== NO_RADIUS && !(query.radius > 0)) {
    ctx.addIssue({
      code: 'custom',
      path: ['radius'],
      message: 'Radius must be positive metres, or -1 for no location filter',
    });
  }
  if ((query.lat === undefined) !== (query.lng === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [query.lat === undefined ? 'lat' : 'lng'],
      message: 'lat and lng go together',
    });
  }
  if (query.radius > 0 && query.lat === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['lat'],
      message: 'lat and lng are required with a radius',
    });
  }
}

/**
 * `GET /posts` query (spec part 1 §7 call table; CONTRACT.md feed filters). `order`:
 * `soonest` (default) or `nearest`, which needs `lat`/`lng` and a radius in metres (not -1).
 */
export const feedQuerySchema = pageQuerySchema
  .extend({
    order: z.enum(FEED_ORDERS, { error: 'order must be soonest or nearest' }).default('soonest'),
    sports: listParam(z.string().max(50)),
    esports: listParam(z.string().max(50)),
    filterType: z
      .enum(FILTER_TYPES, { error: 'filterType must be ALL, SPORTS_ONLY or ESPORTS_ONLY' })
      .default('ALL'),
    tags: listParam(z.string().max(50)),
    ...dayQueryShape,
    location: z.string().max(LOCATION_NAME_MAX).optional(),
    ...nearQueryShape,
  })
  .superRefine((query, ctx) => {
    checkNearQuery(query, ctx);
    if (query.order === 'nearest' && !(query.radius > 0 && query.lat !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['order'],
        message: 'order=nearest needs lat, lng and a radius',
      });
    }
  });
export type FeedQuery = z.input<typeof feedQuerySchema>;

/**
 * A post as the API returns it (spec part 1 §3 Post). `distance` in metres when `lat`/`lng` were
 * given and the game has a place: never on an online game.
 */
export const postSchema = z.object({
  id: z.number(),
  author_id: z.number(),
  author: userRefSchema,
  sport: z.string(),
  heading: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  location: pointSchema.nullable(),
  location_name: z.string(),
  event_time: z.string(),
  players_needed: z.number(),
  distance: z.number().optional(),
  /** Joined members only, in joining order. */
  interested_users: z.array(z.object({ user_id: z.number() })),
  /**
   * Waitlisted members in joining order: place 1 first. Always sent by the server;
   * optional only so that clients' older fixtures still parse.
   */
  waitlist: z.array(z.object({ user_id: z.number() })).optional(),
  /**
   * Places offered to waitlisted members (taken while held), each with the hold's end (UTC
   * ISO): the member accepts or declines before it (`POST /posts/{id}/offer/accept|decline`).
   * Always sent by the server; optional only so that older fixtures still parse.
   */
  offered: z.array(z.object({ user_id: z.number(), expires_at: z.string() })).optional(),
  /** Joined and offered places reach `players_needed`. Always sent by the server. */
  is_full: z.boolean().optional(),
  created_at: z.string(),
});
export type Post = z.infer<typeof postSchema>;

/** `GET /posts` and `GET /posts/user/{id}`: one page of posts, a JSON array (CONTRACT.md lists). */
export const postsResponseSchema = z.array(postSchema);

/**
 * A member's place in a game: joined while places are free, else waitlisted; `offered` while a
 * freed place is held for them.
 */
export const INTEREST_STATUSES = ['joined', 'waitlisted', 'offered'] as const;
export type InterestStatus = (typeof INTEREST_STATUSES)[number];

/**
 * `POST /posts/{id}/interest`: the game's group chat (spec part 1 §4 Interest) and the member's
 * place: `status`, and `position` (1-based) only when waitlisted. `status` is always
 * sent by the server; optional only so that clients' older fixtures still parse.
 */
export const interestResponseSchema = z.object({
  groupChatId: z.number(),
  status: z.enum(INTEREST_STATUSES).optional(),
  position: z.number().int().positive().optional(),
});
export type InterestResponse = z.infer<typeof interestResponseSchema>;

/**
 * `POST /posts/{id}/offer/accept` (`joined`: the place is the member's) and
 * `POST /posts/{id}/offer/decline` (`declined`: they left the waitlist, the place passed on).
 * No body; the game is the path's `id` (idParamsSchema).
 */
export const offerReplyResponseSchema = z.object({ status: z.enum(['joined', 'declined']) });
export type OfferReplyResponse = z.infer<typeof offerReplyResponseSchema>;

/**
 * `GET /posts/{id}/calendar.ics` and `GET /calendar/{secret}.ics`: iCalendar text
 * (RFC 5545), `Content-Type: text/calendar`.
 */
export const calendarResponseSchema = z.string();

/**
 * `GET /posts/{id}/card.png`: a game's share card, a 1200×630 PNG (the bytes, sent as they are,
 * never as JSON).
 */
export const shareCardResponseSchema = z.custom<Uint8Array<ArrayBufferLike>>(
  (value) => value instanceof Uint8Array,
);

/**
 * `GET /calendar/{secret}.ics` path: the file name, the feed's secret (base64url) plus `.ics`;
 * parsed to the secret alone.
 */
export const calendarFeedParamsSchema = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, 'Unknown calendar feed')
    .transform((file) => file.slice(0, -'.ics'.length)),
});

/** `GET /settings/calendar-feed`: whether the member has a private feed, and since when. */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/**
 * `POST /settings/calendar-feed`: a new secret address of the member's private feed
 * of upcoming games, for a phone calendar to subscribe to; the old address stops at once. The
 * secret is stored hashed, so this answer is the one place the address is shown.
 */
export const calendarFeedResponseSchema = z.object({ url: z.string() });
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;
