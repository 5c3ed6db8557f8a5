import { describe, expect, it } from 'vitest';
import { viewerIn } from '../../test/time-zone';
import {
  costText,
  eventTimeRange,
  formatDeadline,
  formatRupees,
  placesText,
  prizeText,
  registrationClosedReason,
  skillLevelLabel,
} from './event-facts';

describe('event facts (spec part 2 §3, §9)', () => {
  it('writes rupees with Indian grouping', () => {
    expect(formatRupees(1500)).toBe('₹1,500');
    expect(formatRupees(150000)).toBe('₹1,50,000');
  });

  it('writes the cost per person, or Free', () => {
    expect(costText(50)).toBe('₹50 per person');
    expect(costText(0)).toBe('Free');
  });

  it('writes the prize pool, or nothing without one', () => {
    expect(prizeText(1500)).toBe('₹1,500 prize pool');
    expect(prizeText(0)).toBeNull();
  });

  it('counts the places left, or Full', () => {
    expect(placesText({ max_participants: 16, current_participants: 13 })).toBe(
      '3 of 16 places left',
    );
    expect(placesText({ max_participants: 16, current_participants: 16 })).toBe('Full');
  });

  it('capitalises skill levels', () => {
    expect(skillLevelLabel('intermediate')).toBe('Intermediate');
    expect(skillLevelLabel('all')).toBe('All levels');
  });

  it('closes registration when full or past the deadline', () => {
    const now = new Date('2026-07-18T12:00:00Z');
    const open = {
      max_participants: 16,
      current_participants: 3,
      registration_deadline: '2026-07-19T12:00:00Z',
    };
    expect(registrationClosedReason(open, now)).toBeNull();
    expect(registrationClosedReason({ ...open, current_participants: 16 }, now)).toBe('Full');
    expect(
      registrationClosedReason({ ...open, registration_deadline: '2026-07-18T11:00:00Z' }, now),
    ).toBe('Registration closed');
  });
});

describe('event times (Indian English, the viewer’s zone)', () => {
  const event = { event_date: '2026-12-05T04:30:00.000Z', end_date: '2026-12-05T12:30:00.000Z' };

  it('writes the range with the day once, as game cards write times', () => {
    viewerIn('Asia/Kolkata', '2026-11-27T12:00:00.000Z');
    expect(eventTimeRange(event)).toBe('Sat, 5 Dec, 10:00 am – 6:00 pm');
    expect(formatDeadline('2026-12-03T14:30:00.000Z')).toBe('Thu, 3 Dec, 8:00 pm');
  });

  it('follows the viewer into another zone', () => {
    viewerIn('Europe/London', '2026-11-27T12:00:00.000Z');
    expect(eventTimeRange(event)).toBe('Sat, 5 Dec, 4:30 am – 12:30 pm');
    expect(formatDeadline('2026-12-03T14:30:00.000Z')).toBe('Thu, 3 Dec, 2:30 pm');
  });
});
