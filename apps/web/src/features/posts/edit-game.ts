/**
 * Edit-game rules (the host's edit of an upcoming game): the editable fields, checked as when
 * posting, players needed never below the joined count, and the `PATCH /posts/{id}` body of what
 * changed. The sport is fixed.
 */
import { PLAYERS_MAX, placeLabel } from '@gameon/shared';
import type { EditPostBody, Place, Post } from '@gameon/shared';
import { toDateTimeLocal } from '../../lib/format';
import { checkGameDetails, isCountBetween } from './game-details';
import type { GameDetailsErrors, GameDetailsField, GameDetailsValues } from './game-details';

/** The edit-game form: the game's details (its sport is fixed). */
export type EditGameValues = GameDetailsValues;
export type EditGameField = GameDetailsField;
export type EditGameErrors = GameDetailsErrors;

/** The game's own place as a picked {@link Place} (null when the viewer is not shown its point). */
export function placeOfGame(post: Post): Place | null {
  if (post.location === null) return null;
  return {
    name: post.location_name,
    address: post.location_name,
    label: post.location_name,
    coordinates: post.location.coordinates,
  };
}

/** The form's first values: the game as it is. */
export function editValuesOf(post: Post): EditGameValues {
  return {
    heading: post.heading,
    description: post.description,
    tags: post.tags,
    place: placeOfGame(post),
    approximateConfirmed: false,
    eventTime: toDateTimeLocal(new Date(post.event_time)),
    playersNeeded: String(post.players_needed),
  };
}

/** How many players have joined `post` (the waitlist not counted). */
export const joinedCount = (post: Post) => post.interested_users.length;

/**
 * Every failing rule, by field: title and description given and within their lengths, a place
 * picked (an approximate one confirmed), a time in the future, players needed a whole number
 * from the joined count (at least 1) to 20.
 */
export function validateEditGame(
  values: EditGameValues,
  post: Post,
  now = new Date(),
): EditGameErrors {
  const { errors, when } = checkGameDetails(values);
  if (when !== null && when.getTime() <= now.getTime())
    errors.eventTime = 'The new time must be in the future';
  const least = Math.max(1, joinedCount(post));
  if (!isCountBetween(values.playersNeeded, least, PLAYERS_MAX)) {
    errors.playersNeeded =
      joinedCount(post) > 1
        ? `${joinedCount(post)} players have joined: enter ${least} to ${PLAYERS_MAX}`
        : `Please enter a number between ${least} and ${PLAYERS_MAX}`;
  }
  return errors;
}

/** The `PATCH /posts/{id}` body of valid `values`: only what differs from `post`, or null. */
export function toEditBody(values: EditGameValues, post: Post): EditPostBody | null {
  const body: EditPostBody = {};
  const heading = values.heading.trim();
  const description = values.description.trim();
  if (heading !== post.heading) body.heading = heading;
  if (description !== post.description) body.description = description;
  if (JSON.stringify(values.tags) !== JSON.stringify(post.tags)) body.tags = values.tags;
  const eventTime = new Date(values.eventTime).toISOString();
  // The form holds minutes: an unchanged box is the game's own time.
  if (values.eventTime !== toDateTimeLocal(new Date(post.event_time))) body.eventTime = eventTime;
  const place = values.place;
  const own = placeOfGame(post);
  if (
    place !== null &&
    (own === null ||
      place.coordinates[0] !== own.coordinates[0] ||
      place.coordinates[1] !== own.coordinates[1] ||
      placeLabel(place) !== post.location_name)
  ) {
    body.location = { type: 'Point', coordinates: place.coordinates };
    body.locationName = placeLabel(place);
  }
  const players = Number(values.playersNeeded);
  if (players !== post.players_needed) body.playersNeeded = players;
  return Object.keys(body).length === 0 ? null : body;
}
