/**
 * The create-event form: its values as typed, checked by the rules of the shared
 * `POST /events` body (eventBodySchema), and the body it sends.
 */
import { eventBodySchema, placeLabel } from '@gameon/shared';
import type { Place } from '@gameon/shared';
import { z } from 'zod';

/** The form's values as the controls hold them; times are `datetime-local` values, local time. */
export interface EventFormValues {
  title: string;
  description: string;
  /** '' until a sport or game is chosen. */
  sport: string;
  /** The picked place, or null (allowed for an online game). */
  location: Place | null;
  eventDate: string;
  endDate: string;
  /** Teams, as typed. */
  maxParticipants: string;
  /** '' until a level is chosen. */
  skillLevel: string;
  equipmentProvided: boolean;
  /** Whole rupees per person as typed; '' is free. */
  cost: string;
  /** Whole rupees as typed; '' is no prize. */
  prize: string;
  /** '' for none: registration then closes at the start. */
  registrationDeadline: string;
  /** '' for none. */
  paymentDeadline: string;
  tags: string[];
}

export const emptyEventForm: EventFormValues = {
  title: '',
  description: '',
  sport: '',
  location: null,
  eventDate: '',
  endDate: '',
  maxParticipants: '',
  skillLevel: '',
  equipmentProvided: false,
  cost: '',
  prize: '',
  registrationDeadline: '',
  paymentDeadline: '',
  tags: [],
};

/** The place name an online game's event without a place is listed under. */
export const ONLINE_LOCATION_NAME = 'Online';

/** The server's words for it too (the events service). */
export const START_IN_PAST = 'Start date must be in the future';

/** A typed number, or undefined when the box is empty (the body's own rules then apply). */
function typedNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** A `datetime-local` value as an ISO instant; '' stays absent, an unreadable value as it is. */
function instant(local: string): string | undefined {
  if (local === '') return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** The raw `POST /events` body of the form's values, before the shared rules check it. */
function rawBody(values: EventFormValues): Record<string, unknown> {
  const { location } = values;
  return {
    title: values.title,
    description: values.description,
    sport: values.sport === '' ? undefined : values.sport,
    location: location && { type: 'Point', coordinates: location.coordinates },
    locationName: location ? placeLabel(location) : ONLINE_LOCATION_NAME,
    eventDate: instant(values.eventDate),
    endDate: instant(values.endDate),
    maxParticipants: typedNumber(values.maxParticipants),
    skillLevel: values.skillLevel === '' ? undefined : values.skillLevel,
    equipmentProvided: values.equipmentProvided,
    cost: typedNumber(values.cost),
    prize: typedNumber(values.prize),
    registrationDeadline: instant(values.registrationDeadline) ?? null,
    paymentDeadline: instant(values.paymentDeadline) ?? null,
    tags: values.tags,
  };
}

/**
 * The form checked by the `POST /events` body rules (eventBodySchema: title and description
 * required and within 100 / 1000 characters, a sport or game, a place unless an online game,
 * the end after the start, 1 to 1,000 teams, a skill level, whole rupees, deadlines not after
 * the start), plus a start in the future (checked against `now`). Each issue is reported on the
 * form field it concerns (the place name's on `location`). Parses to the body sent.
 */
export function eventFormSchema(now: () => Date = () => new Date()) {
  return z.custom<EventFormValues>().transform((values, ctx) => {
    const parsed = eventBodySchema.safeParse(rawBody(values));
    const issue = (path: PropertyKey[], message: string) =>
      ctx.addIssue({ code: 'custom', path: path.map(String), message });
    if (!parsed.success) {
      for (const found of parsed.error.issues) {
        issue(found.path[0] === 'locationName' ? ['location'] : found.path, found.message);
      }
      return z.NEVER;
    }
    if (Date.parse(parsed.data.eventDate) <= now().getTime()) {
      issue(['eventDate'], START_IN_PAST);
      return z.NEVER;
    }
    return parsed.data;
  });
}
