/** Create-post rules (spec part 2 §5 "Create post") and the request body they produce. */
import { PLAYERS_MAX, PLAYERS_MIN, placeLabel } from '@gameon/shared';
import type { CreatePostBody } from '@gameon/shared';
import { checkGameDetails, isCountBetween } from './game-details';
import type { GameDetailsField, GameDetailsValues } from './game-details';

export { CONFIRM_APPROXIMATE } from './game-details';

export type PostKind = 'sport' | 'game';

/** The create-post form: the game's details and its sport or online game. */
export interface CreatePostValues extends GameDetailsValues {
  kind: PostKind;
  sport: string;
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

export type CreatePostField = GameDetailsField | 'sport';
export type CreatePostErrors = Partial<Record<CreatePostField, string>>;

export const EVENT_TIME_IN_PAST = 'Event time must not be earlier than now';

/**
 * Every failing create-post rule, by field (spec part 2 §5): location picked (and an approximate
 * one confirmed, {@link GameDetailsValues.approximateConfirmed}); players needed
 * given and a whole number from 1 to 20; title and description given and within 100 / 1000
 * characters; date and time given and not earlier than `now`; a sport or game chosen.
 */
export function validateCreatePost(values: CreatePostValues, now = new Date()): CreatePostErrors {
  const { errors: details, when } = checkGameDetails(values);
  const errors: CreatePostErrors = details;
  if (when !== null && when.getTime() < now.getTime()) errors.eventTime = EVENT_TIME_IN_PAST;

  const players = values.playersNeeded.trim();
  if (players === '')
    errors.playersNeeded = `Please enter the number of players needed (${PLAYERS_MIN}-${PLAYERS_MAX})`;
  else if (!isCountBetween(players, PLAYERS_MIN, PLAYERS_MAX))
    errors.playersNeeded = `Please enter a number between ${PLAYERS_MIN} and ${PLAYERS_MAX}`;

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
