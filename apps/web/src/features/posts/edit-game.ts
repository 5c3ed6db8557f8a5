/**
 * Edit-game rules (the host's edit of an upcoming game): the editable fields, checked as when
 * posting, players needed never below the joined count, and the `PATCH /posts/{id}` body of what
 * changed. The sport is fixed.
 */
import { PLAYERS_MAX, POST_DESCRIPTION_MAX, POST_HEADING_MAX, placeLabel } from '@gameon/shared';
import type { EditPostBody, Place, Post } from '@gameon/shared';
import { toDateTimeLocal } from '../../lib/format';
import { CONFIRM_APPROXIMATE } from './create-post';

export interface EditGameValues {
  heading: string;
  description: string;
  tags: string[];
  /** The game's place as picked; the game's own place until the host picks another. */
  place: Place | null;
  /** The host confirmed a newly picked approximate place. */
  approximateConfirmed: boolean;
  /** A `datetime-local` value in the viewer's time zone. */
  eventTime: string;
  /** As typed in the number box. */
  playersNeeded: string;
}

export type EditGameField = 'heading' | 'description' | 'place' | 'eventTime' | 'playersNeeded';
export type EditGameErrors = Partial<Record<EditGameField, string>>;

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
  const errors: EditGameErrors = {};
  const heading = values.heading.trim();
  if (heading === '') errors.heading = 'Title is required';
  else if (heading.length > POST_HEADING_MAX)
    errors.heading = `Title must be at most ${POST_HEADING_MAX} characters`;
  const description = values.description.trim();
  if (description === '') errors.description = 'Description is required';
  else if (description.length > POST_DESCRIPTION_MAX)
    errors.description = `Description must be at most ${POST_DESCRIPTION_MAX} characters`;
  if (values.place === null) errors.place = 'Please select a location for your event.';
  else if (values.place.approximate && !values.approximateConfirmed)
    errors.place = CONFIRM_APPROXIMATE;
  const when = values.eventTime === '' ? null : new Date(values.eventTime);
  if (when === null || Number.isNaN(when.getTime()))
    errors.eventTime = 'Please select the date and time of your event';
  else if (when.getTime() <= now.getTime()) errors.eventTime = 'The new time must be in the future';
  const least = Math.max(1, joinedCount(post));
  const players = Number(values.playersNeeded.trim());
  if (
    values.playersNeeded.trim() === '' ||
    !Number.isInteger(players) ||
    players < least ||
    players > PLAYERS_MAX
  ) {
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
