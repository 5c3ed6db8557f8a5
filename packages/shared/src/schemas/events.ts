/**
 * Events and their registrations (spec part 2 §2 Events and Event registration, §3 Event and
 * Event registration form, §5, §9; CONTRACT.md events calls). Named `events` in the
 * API; the types are `SportsEvent...` so they never shadow the DOM's `Event` (nor the socket
 * event maps of `../events.ts`).
 */
import { z } from 'zod';
import { cleanPhoneNumber } from '../phone.js';
import {
  COUNTRY_CODES,
  DEFAULT_COUNTRY_CODE,
  EVENT_COST_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_DURATION_MAX_DAYS,
  EVENT_PRIZE_MAX,
  EVENT_SKILL_LEVELS,
  EVENT_SPORTS,
  EVENT_TEAMS_MAX,
  EVENT_TITLE_MAX,
  LOCATION_NAME_MAX,
  REGISTRATION_NAME_MAX,
  TEAM_NAME_MAX,
  isOnlineEvent,
} from '../constants.js';
import { textListSchema } from './auth.js';
import { idSchema, pageQuerySchema, userRefSchema } from './common.js';
import { checkNearQuery, dayQueryShape, nearQueryShape, pointSchema } from './posts.js';

/** Whole rupees from 0 to `max`, named `label` in the messages. */
function rupees(label: string, max: number) {
  return z
    .number({ error: `${label} must be a number of rupees` })
    .int(`${label} must be a whole number of rupees`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max} rupees`);
}

const TEAMS_MESSAGE = `Maximum participants must be a whole number from 1 to ${EVENT_TEAMS_MAX}`;
const DAY_MS = 24 * 3600 * 1000;

/**
 * `POST /events` and `PUT /events/{id}` body (camelCase like `POST /posts`). Times are
 * ISO-8601 instants with an offset; `cost` is rupees per person, `prize` the prize pool in
 * rupees; `maxParticipants` counts registrations (teams). An online game's event may leave out
 * `location`; every other event needs one. The end comes after the start (at most 30 days on);
 * neither deadline comes after the start; no registration deadline means registration closes at
 * the start. "The start is in the future" needs the clock, so the server checks it.
 */
export const eventBodySchema = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(EVENT_TITLE_MAX, `Title must be at most ${EVENT_TITLE_MAX} characters`),
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(
        EVENT_DESCRIPTION_MAX,
        `Description must be at most ${EVENT_DESCRIPTION_MAX} characters`,
      ),
    sport: z.enum(EVENT_SPORTS, { error: 'Please select a sport or game' }),
    location: pointSchema.nullish(),
    locationName: z
      .string({ error: 'Location name is required' })
      .trim()
      .min(1, 'Location name is required')
      .max(LOCATION_NAME_MAX, `Location name must be at most ${LOCATION_NAME_MAX} characters`),
    eventDate: z.iso.datetime({ offset: true, error: 'Start date and time is required' }),
    endDate: z.iso.datetime({ offset: true, error: 'End date and time is required' }),
    maxParticipants: z
      .number({ error: TEAMS_MESSAGE })
      .int(TEAMS_MESSAGE)
      .min(1, TEAMS_MESSAGE)
      .max(EVENT_TEAMS_MAX, TEAMS_MESSAGE),
    skillLevel: z.enum(EVENT_SKILL_LEVELS, {
      error: 'Please select a skill level: beginner, intermediate or advanced',
    }),
    equipmentProvided: z
      .boolean({ error: 'Equipment provided must be true or false' })
      .default(false),
    cost: rupees('Cost', EVENT_COST_MAX).default(0),
    prize: rupees('Prize', EVENT_PRIZE_MAX).default(0),
    registrationDeadline: z.iso
      .datetime({ offset: true, error: 'Registration deadline must be a date and time' })
      .nullish(),
    paymentDeadline: z.iso
      .datetime({ offset: true, error: 'Payment deadline must be a date and time' })
      .nullish(),
    tags: textListSchema.default([]),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (!body.location && !isOnlineEvent(body.sport))
      issue('location', 'Please select a location for your event.');
    // A malformed time has its own issue already; only real instants are compared.
    const start = Date.parse(body.eventDate);
    if (Number.isNaN(start)) return;
    const end = Date.parse(body.endDate);
    if (end <= start) issue('endDate', 'End date must be after the start');
    else if (end - start > EVENT_DURATION_MAX_DAYS * DAY_MS)
      issue('endDate', `An event may last at most ${EVENT_DURATION_MAX_DAYS} days`);
    if (body.registrationDeadline && Date.parse(body.registrationDeadline) > start)
      issue('registrationDeadline', 'Registration deadline must not be after the start');
    if (body.paymentDeadline && Date.parse(body.paymentDeadline) > start)
      issue('paymentDeadline', 'Payment deadline must not be after the start');
  });
export type EventBody = z.input<typeof eventBodySchema>;

/**
 * `GET /events` query (spec part 2 §7 "filter parameters"; CONTRACT.md): each filter optional
 * and combinable. `sport` and `skill_level`: one value, `all` or absent for any; `date`: events
 * that run on that day in `tz` (multi-day events included); `max_cost`: rupees, inclusive;
 * `equipment_provided`: `true` or `false`; `radius` metres around `lat`/`lng` (-1 = none; an
 * online event without a point is never hidden by it). Plus the cursor page.
 */
export const eventsQuerySchema = pageQuerySchema
  .extend({
    sport: z.enum(['all', ...EVENT_SPORTS], { error: 'Unknown sport' }).default('all'),
    skill_level: z
      .enum(['all', ...EVENT_SKILL_LEVELS], {
        error: 'skill_level must be all, beginner, intermediate or advanced',
      })
      .default('all'),
    ...dayQueryShape,
    max_cost: z.coerce
      .number({ error: 'max_cost must be a number of rupees' })
      .int('max_cost must be a whole number of rupees')
      .min(0, 'max_cost cannot be negative')
      .optional(),
    equipment_provided: z
      .enum(['true', 'false'], { error: 'equipment_provided must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
    ...nearQueryShape,
  })
  .superRefine(checkNearQuery);
export type EventsQuery = z.input<typeof eventsQuerySchema>;

/**
 * An event as the API returns it (spec part 2 §3 Event). Times are UTC ISO-8601;
 * `duration_hours` = end minus start in hours (2 decimals); `cost` (per person) and `prize` in
 * whole rupees; `max_participants` and `current_participants` count registrations (teams);
 * `location` null for an online event without a point; `distance` in metres when `lat`/`lng`
 * were sent and the event has a point. `is_registered` only for a signed-in viewer, and then
 * `registration_id`, the viewer's own registration (to cancel it), only when registered.
 */
export const eventSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  sport: z.string(),
  organizer: userRefSchema,
  location: pointSchema.nullable(),
  location_name: z.string(),
  event_date: z.string(),
  end_date: z.string(),
  duration_hours: z.number(),
  max_participants: z.number(),
  current_participants: z.number(),
  skill_level: z.enum(EVENT_SKILL_LEVELS),
  equipment_provided: z.boolean(),
  cost: z.number(),
  prize: z.number(),
  registration_deadline: z.string(),
  payment_deadline: z.string().nullable(),
  tags: z.array(z.string()),
  created_at: z.string(),
  distance: z.number().optional(),
  is_registered: z.boolean().optional(),
  registration_id: z.number().optional(),
});
export type SportsEvent = z.infer<typeof eventSchema>;

/** `GET /events`: one page of events, soonest first, a JSON array (CONTRACT.md lists). */
export const eventsResponseSchema = z.array(eventSchema);

const PHONE_MESSAGE = 'Phone number must be exactly 10 digits';

/**
 * `POST /event-registrations` body (spec part 2 §3 Event registration form, §5, §7): `name`
 * (the team leader) required; `phone` exactly 10 digits once cleaned (phone.ts); `country_code` one of five, +91 by
 * default; `team_name` optional. `event_title` and `email` are informative only: the server
 * reads the title from the event and stores the account's e-mail, whatever these say.
 */
export const eventRegistrationBodySchema = z.object({
  event_id: idSchema,
  event_title: z.string().max(200).optional(),
  name: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(REGISTRATION_NAME_MAX, `Full name must be at most ${REGISTRATION_NAME_MAX} characters`),
  email: z.string().max(254).optional(),
  phone: z
    .string({ error: PHONE_MESSAGE })
    .transform(cleanPhoneNumber)
    .pipe(z.string().regex(/^\d{10}$/, PHONE_MESSAGE)),
  country_code: z
    .enum(COUNTRY_CODES, { error: `Country code must be one of ${COUNTRY_CODES.join(', ')}` })
    .default(DEFAULT_COUNTRY_CODE),
  team_name: z
    .string({ error: 'Team name must be text' })
    .trim()
    .max(TEAM_NAME_MAX, `Team name must be at most ${TEAM_NAME_MAX} characters`)
    .nullish()
    .transform((name) => name || null),
});
export type EventRegistrationBody = z.input<typeof eventRegistrationBodySchema>;

/**
 * One registration: a team registered by `user`, with the contact details of the
 * form and the account's e-mail. Only the registrant (in the answer to registering) and the
 * organizer (`GET /events/{id}/registrations`) ever receive one.
 */
export const eventRegistrationSchema = z.object({
  id: z.number(),
  event_id: z.number(),
  user: userRefSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  country_code: z.enum(COUNTRY_CODES),
  team_name: z.string().nullable(),
  created_at: z.string(),
});
export type EventRegistration = z.infer<typeof eventRegistrationSchema>;

/** `POST /event-registrations` 201 (spec part 2 §7: "read for a success flag"). */
export const eventRegistrationResponseSchema = z.object({
  success: z.literal(true),
  registration: eventRegistrationSchema,
});
export type EventRegistrationResponse = z.infer<typeof eventRegistrationResponseSchema>;

/** `GET /events/{id}/registrations`: the organizer's list, first registered first. */
export const eventRegistrationsResponseSchema = z.array(eventRegistrationSchema);
