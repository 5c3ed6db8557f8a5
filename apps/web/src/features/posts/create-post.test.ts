import type { Place } from '@gameon/shared';
import { describe, expect, it } from 'vitest';
import { testApproximatePlace } from '../../test/utils';
import {
  CONFIRM_APPROXIMATE,
  emptyCreatePost,
  toCreatePostBody,
  validateCreatePost,
} from './create-post';
import type { CreatePostValues } from './create-post';

const now = new Date('2030-01-01T10:00:00');
const place: Place = {
  name: 'Pune',
  address: 'Pune, Maharashtra, India',
  coordinates: [73.85, 18.52],
};

const valid: CreatePostValues = {
  kind: 'sport',
  sport: 'Football',
  playersNeeded: '4',
  heading: 'Evening 5-a-side',
  description: 'Turf booked, need 4 more.',
  tags: ['turf'],
  place,
  approximateConfirmed: false,
  eventTime: '2030-01-02T18:30',
};

const colabaBazar = testApproximatePlace;

describe('validateCreatePost (spec part 2 §5)', () => {
  it('accepts a complete post', () => {
    expect(validateCreatePost(valid, now)).toEqual({});
  });

  it('reports every missing field with its message', () => {
    expect(validateCreatePost(emptyCreatePost, now)).toEqual({
      place: 'Please select a location for your event.',
      playersNeeded: 'Please enter the number of players needed (1-20)',
      heading: 'Title is required',
      description: 'Description is required',
      eventTime: 'Please select the date and time of your event',
      sport: 'Please select a sport or game',
    });
  });

  it('refuses an approximate place until the host confirms it', () => {
    expect(validateCreatePost({ ...valid, place: colabaBazar }, now).place).toBe(
      CONFIRM_APPROXIMATE,
    );
    expect(
      validateCreatePost({ ...valid, place: colabaBazar, approximateConfirmed: true }, now).place,
    ).toBeUndefined();
  });

  it('posts the place with its city', () => {
    expect(toCreatePostBody({ ...valid, place: colabaBazar }).locationName).toBe(
      'Colaba Bazar, Mumbai',
    );
    // A server without labels: the name.
    expect(toCreatePostBody(valid).locationName).toBe('Pune');
  });

  it.each(['0', '21', '2.5', '-3'])('refuses %s players', (playersNeeded) => {
    expect(validateCreatePost({ ...valid, playersNeeded }, now).playersNeeded).toBe(
      'Please enter a number between 1 and 20',
    );
  });

  it.each(['1', '20'])('accepts %s players', (playersNeeded) => {
    expect(validateCreatePost({ ...valid, playersNeeded }, now).playersNeeded).toBeUndefined();
  });

  it('limits the title to 100 and the description to 1000 characters', () => {
    expect(validateCreatePost({ ...valid, heading: 'x'.repeat(100) }, now).heading).toBeUndefined();
    expect(validateCreatePost({ ...valid, heading: 'x'.repeat(101) }, now).heading).toBe(
      'Title must be at most 100 characters',
    );
    expect(validateCreatePost({ ...valid, description: 'x'.repeat(1001) }, now).description).toBe(
      'Description must be at most 1000 characters',
    );
  });

  it('refuses a time earlier than now', () => {
    expect(validateCreatePost({ ...valid, eventTime: '2030-01-01T09:59' }, now).eventTime).toBe(
      'Event time must not be earlier than now',
    );
  });
});

describe('toCreatePostBody', () => {
  it('builds the POST /posts body', () => {
    expect(toCreatePostBody(valid)).toEqual({
      sport: 'Football',
      heading: 'Evening 5-a-side',
      description: 'Turf booked, need 4 more.',
      tags: ['turf'],
      location: { type: 'Point', coordinates: [73.85, 18.52] },
      locationName: 'Pune',
      eventTime: new Date('2030-01-02T18:30').toISOString(),
      playersNeeded: 4,
    });
  });
});
