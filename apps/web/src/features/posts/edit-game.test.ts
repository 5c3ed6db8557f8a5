/**
 * The host's edit of a game: the rules it shares with posting, its own time and players rules,
 * and the body of what changed.
 */
import { describe, expect, it } from 'vitest';
import { toDateTimeLocal } from '../../lib/format';
import { testApproximatePlace, testPost } from '../../test/utils';
import { CONFIRM_APPROXIMATE } from './create-post';
import { editValuesOf, toEditBody, validateEditGame } from './edit-game';

const now = new Date('2030-01-01T10:00:00');

// Two have joined; four players are needed.
const game = testPost(42, {
  players_needed: 4,
  interested_users: [{ user_id: 11 }, { user_id: 12 }],
});

const colabaBazar = testApproximatePlace;

describe('validateEditGame', () => {
  it('accepts the game as it is, and sends nothing for it', () => {
    const values = editValuesOf(game);
    expect(validateEditGame(values, game, now)).toEqual({});
    expect(toEditBody(values, game)).toBeNull();
  });

  it('checks title, description, place and time as when posting', () => {
    const values = {
      ...editValuesOf(game),
      heading: ' ',
      description: '',
      place: null,
      eventTime: '',
    };
    expect(validateEditGame(values, game, now)).toEqual({
      heading: 'Title is required',
      description: 'Description is required',
      place: 'Please select a location for your event.',
      eventTime: 'Please select the date and time of your event',
    });
    const long = { ...editValuesOf(game), heading: 'x'.repeat(101), description: 'y'.repeat(1001) };
    expect(validateEditGame(long, game, now)).toEqual({
      heading: 'Title must be at most 100 characters',
      description: 'Description must be at most 1000 characters',
    });
  });

  it('refuses a newly picked approximate place until the host confirms it', () => {
    const values = { ...editValuesOf(game), place: colabaBazar };
    expect(validateEditGame(values, game, now).place).toBe(CONFIRM_APPROXIMATE);
    expect(
      validateEditGame({ ...values, approximateConfirmed: true }, game, now).place,
    ).toBeUndefined();
  });

  it('wants a new time strictly in the future', () => {
    const at = (eventTime: string) =>
      validateEditGame({ ...editValuesOf(game), eventTime }, game, now).eventTime;
    expect(at(toDateTimeLocal(now))).toBe('The new time must be in the future');
    expect(at('2030-01-01T10:01')).toBeUndefined();
  });

  it.each(['1', '21', '2.5', '', ' '])('refuses %j players when two have joined', (typed) => {
    expect(
      validateEditGame({ ...editValuesOf(game), playersNeeded: typed }, game, now).playersNeeded,
    ).toBe('2 players have joined: enter 2 to 20');
  });

  it('asks for 1 to 20 players when at most one has joined', () => {
    const one = { ...game, interested_users: [{ user_id: 11 }] };
    const check = (typed: string) =>
      validateEditGame({ ...editValuesOf(one), playersNeeded: typed }, one, now).playersNeeded;
    expect(check('0')).toBe('Please enter a number between 1 and 20');
    expect(check(' 1 ')).toBeUndefined();
    expect(check('20')).toBeUndefined();
  });
});

describe('toEditBody', () => {
  it('sends only what changed, the place with its city', () => {
    const values = {
      ...editValuesOf(game),
      heading: ' Box cricket at Powai, 10 overs ',
      tags: ['casual', 'tennis-ball'],
      place: colabaBazar,
      approximateConfirmed: true,
    };
    expect(toEditBody(values, game)).toEqual({
      heading: 'Box cricket at Powai, 10 overs',
      tags: ['casual', 'tennis-ball'],
      location: { type: 'Point', coordinates: [72.8106, 18.9069] },
      locationName: 'Colaba Bazar, Mumbai',
    });
  });
});
