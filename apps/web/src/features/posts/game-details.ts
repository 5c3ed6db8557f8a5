/**
 * A game's details as its host types them, and the rules they follow alike when the game is posted
 * and when it is edited (spec part 2 §5): title and description given and within their lengths, a
 * place picked (an approximate one confirmed), a readable date and time, a whole number of players.
 */
import { POST_DESCRIPTION_MAX, POST_HEADING_MAX } from '@gameon/shared';
import type { Place } from '@gameon/shared';

/** The fields the create-post form and the edit-game form share. */
export interface GameDetailsValues {
  heading: string;
  description: string;
  tags: string[];
  /** The place as picked (when editing, the game's own place until the host picks another). */
  place: Place | null;
  /**
   * The host confirmed the picked place's approximate point (a post-office locality that may
   * lie kilometres away): an approximate place is never saved without it. Reset by a new pick.
   */
  approximateConfirmed: boolean;
  /** A `datetime-local` value, `YYYY-MM-DDTHH:mm` in the viewer's time zone. */
  eventTime: string;
  /** As typed in the number box. */
  playersNeeded: string;
}

export type GameDetailsField = 'heading' | 'description' | 'place' | 'eventTime' | 'playersNeeded';
export type GameDetailsErrors = Partial<Record<GameDetailsField, string>>;

export const CONFIRM_APPROXIMATE =
  'This place is approximate: confirm its area, or pick a more exact place.';

/**
 * The shared rules' failures, by field (title, description, place; the event time when it is
 * missing or unreadable), and the event time read (null when it is not). How early the time may
 * be and how many players may be asked for are the caller's rules.
 */
export function checkGameDetails(values: GameDetailsValues): {
  errors: GameDetailsErrors;
  when: Date | null;
} {
  const errors: GameDetailsErrors = {};
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
  if (when === null || Number.isNaN(when.getTime())) {
    errors.eventTime = 'Please select the date and time of your event';
    return { errors, when: null };
  }
  return { errors, when };
}

/** Whether `typed` (surrounding spaces ignored) is a whole number from `least` to `most`. */
export function isCountBetween(typed: string, least: number, most: number): boolean {
  const text = typed.trim();
  const count = Number(text);
  return text !== '' && Number.isInteger(count) && count >= least && count <= most;
}
