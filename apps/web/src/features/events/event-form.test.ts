import { describe, expect, it } from 'vitest';
import { START_IN_PAST, emptyEventForm, eventFormSchema } from './event-form';
import type { EventFormValues } from './event-form';

const now = new Date('2026-07-01T06:30:00.000Z');
const bengaluru = {
  name: 'Koramangala, Bengaluru',
  address: 'Koramangala, Bengaluru, Karnataka, India',
  coordinates: [77.62, 12.93] as [number, number],
};

/** A valid form: local times, read in the test machine's zone like the browser does. */
const valid: EventFormValues = {
  ...emptyEventForm,
  title: '5-a-side Cup',
  description: 'Knockout, 16 teams.',
  sport: 'Football',
  location: bengaluru,
  eventDate: '2026-07-19T10:00',
  endDate: '2026-07-19T18:00',
  maxParticipants: '16',
  skillLevel: 'intermediate',
  cost: '50',
  prize: '1500',
  registrationDeadline: '2026-07-18T23:59',
  tags: ['turf'],
};

function issues(values: EventFormValues) {
  const result = eventFormSchema(() => now).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(
        result.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
      );
}

describe('eventFormSchema (eventBodySchema rules)', () => {
  it('turns valid values into the POST /events body', () => {
    const result = eventFormSchema(() => now).parse(valid);
    expect(result).toEqual({
      title: '5-a-side Cup',
      description: 'Knockout, 16 teams.',
      sport: 'Football',
      location: { type: 'Point', coordinates: [77.62, 12.93] },
      locationName: 'Koramangala, Bengaluru',
      eventDate: new Date('2026-07-19T10:00').toISOString(),
      endDate: new Date('2026-07-19T18:00').toISOString(),
      maxParticipants: 16,
      skillLevel: 'intermediate',
      equipmentProvided: false,
      cost: 50,
      prize: 1500,
      registrationDeadline: new Date('2026-07-18T23:59').toISOString(),
      paymentDeadline: null,
      tags: ['turf'],
    });
  });

  it('names every missing field with the shared messages', () => {
    expect(issues(emptyEventForm)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      sport: 'Please select a sport or game',
      eventDate: 'Start date and time is required',
      endDate: 'End date and time is required',
      maxParticipants: 'Maximum participants must be a whole number from 1 to 1000',
      skillLevel: 'Please select a skill level: beginner, intermediate or advanced',
    });
  });

  it('needs a place, except for an online game, which is listed as Online', () => {
    expect(issues({ ...valid, location: null })).toEqual({
      location: 'Please select a location for your event.',
    });
    const online = eventFormSchema(() => now).parse({
      ...valid,
      sport: 'Rocket League',
      location: null,
    });
    expect(online).toMatchObject({ location: null, locationName: 'Online' });
  });

  it('wants the end after the start and no deadline after the start', () => {
    expect(
      issues({ ...valid, endDate: '2026-07-19T09:00', paymentDeadline: '2026-07-20T10:00' }),
    ).toEqual({
      endDate: 'End date must be after the start',
      paymentDeadline: 'Payment deadline must not be after the start',
    });
  });

  it('wants whole rupees', () => {
    expect(issues({ ...valid, cost: '49.5' })).toEqual({
      cost: 'Cost must be a whole number of rupees',
    });
  });

  it('wants a start in the future', () => {
    expect(
      issues({
        ...valid,
        eventDate: '2026-06-30T10:00',
        endDate: '2026-06-30T12:00',
        registrationDeadline: '',
      }),
    ).toEqual({ eventDate: START_IN_PAST });
  });
});
