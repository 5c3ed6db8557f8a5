import { describe, expect, it } from 'vitest';
import {
  costText,
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
