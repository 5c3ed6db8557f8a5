/** Create-post rules (spec part 2 §5 "Create post") and the request body they produce. */
import { PLAYERS_MAX, PLAYERS_MIN, POST_DESCRIPTION_MAX, POST_HEADING_MAX } from '@gameon/shared';
import { placeLabel } from '@gameon/shared';
import type { CreatePostBody, Place } from '@gameon/shared';

export type PostKind = 'sport' | 'game';

export interface CreatePostValues {
  kind: PostKind;
  sport: string;
  /** As typed in the number box. */
  playersNeeded: string;
  heading: string;
  description: string;
  tags: string[];
  place: Place | null;
  /**
   * The host confirmed the picked place's approximate point (a post-office locality that may
   * lie kilometres away): an approximate place is never saved without it. Reset by a new pick.
   */
  approximateConfirmed: boolean;
  /** A `datetime-local` value, `YYYY-MM-DDTHH:mm` in the viewer's time zone. */
  eventTime: string;
}

export const emptyCreatePost: CreatePostValues = {
  kind: 'sport',
  sport: '',
  playersNeeded: '',
  heading: '',
  description: '',
  tags: [],
  place: null,
  approximateConfirmed: false,
  eventTime: '',
};

export const CONFIRM_APPROXIMATE =
  'This place is approximate: confirm its area, or pick a more exact place.';

export type CreatePostField =
  'place' | 'playersNeeded' | 'heading' | 'description' | 'eventTime' | 'sport';
export type CreatePostErrors = Partial<Record<CreatePostField, string>>;

export const EVENT_TIME_IN_PAST = 'Event time must not be earlier than now';

/**
 * Every failing create-post rule, by field (spec part 2 §5): location picked (and an approximate
 * one confirmed, {@link CreatePostValues.approximateConfirmed}); players needed
 * given and a whole number from 1 to 20; title and description given and within 100 / 1000
 * characters; date and time given and not earlier than `now`; a sport or game chosen.
 */
export function validateCreatePost(values: CreatePostValues, now = new Date()): CreatePostErrors {
  const errors: CreatePostErrors = {};
  if (values.place === null) errors.place = 'Please select a location for your event.';
  else if (values.place.approximate && !values.approximateConfirmed)
    errors.place = CONFIRM_APPROXIMATE;

  const players = values.playersNeeded.trim();
  if (players === '')
    errors.playersNeeded = `Please enter the number of players needed (${PLAYERS_MIN}-${PLAYERS_MAX})`;
  else {
    const count = Number(players);
    if (!Number.isInteger(count) || count < PLAYERS_MIN || count > PLAYERS_MAX)
      errors.playersNeeded = `Please enter a number between ${PLAYERS_MIN} and ${PLAYERS_MAX}`;
  }

  const heading = values.heading.trim();
  if (heading === '') errors.heading = 'Title is required';
  else if (heading.length > POST_HEADING_MAX)
    errors.heading = `Title must be at most ${POST_HEADING_MAX} characters`;

  const description = values.description.trim();
  if (description === '') errors.description = 'Description is required';
  else if (description.length > POST_DESCRIPTION_MAX)
    errors.description = `Description must be at most ${POST_DESCRIPTION_MAX} characters`;

  const when = values.eventTime === '' ? null : new Date(values.eventTime);
  if (when === null || Number.isNaN(when.getTime()))
    errors.eventTime = 'Please select the date and time of your event';
  else if (when.getTime() < now.getTime()) errors.eventTime = EVENT_TIME_IN_PAST;

  if (values.sport === '') errors.sport = 'Please select a sport or game';
  return errors;
}

/** The `POST /posts` body of valid form values. Throws when no place is picked. */
export function toCreatePostBody(values: CreatePostValues): CreatePostBody {
  if (values.place === null) throw new Error('A place is required');
  return {
    sport: values.sport,
    heading: values.heading.trim(),
    description: values.description.trim(),
    tags: values.tags,
    location: { type: 'Point', coordinates: values.place.coordinates },
    // The label keeps the city: "Koramangala, Bengaluru" on cards, previews and calendars.
    locationName: placeLabel(values.place),
    eventTime: new Date(values.eventTime).toISOString(),
    playersNeeded: Number(values.playersNeeded),
  };
}
