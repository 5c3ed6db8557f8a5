/** Events as the server answers them, for the events tests. */
import type { EventRegistration, SportsEvent } from '@gameon/shared';

/**
 * The spec's sample event (spec part 2 §9: ₹50 per person, a ₹1,500 prize pool), 16 teams with
 * 13 registered, by rahul (id 3), starting a year after `now`; `overrides` replace fields.
 */
export function testEvent(overrides: Partial<SportsEvent> = {}, now = new Date()): SportsEvent {
  const start = new Date(now.getTime() + 365 * 24 * 3600_000);
  return {
    id: 11,
    title: 'Koramangala 5-a-side Cup',
    description: 'Knockout, eight minutes a half.',
    sport: 'Football',
    organizer: { id: 3, username: 'rahul' },
    location: { type: 'Point', coordinates: [77.62, 12.93] },
    location_name: 'Koramangala, Bengaluru',
    event_date: start.toISOString(),
    end_date: new Date(start.getTime() + 8 * 3600_000).toISOString(),
    duration_hours: 8,
    max_participants: 16,
    current_participants: 13,
    skill_level: 'intermediate',
    equipment_provided: true,
    cost: 50,
    prize: 1500,
    registration_deadline: new Date(start.getTime() - 24 * 3600_000).toISOString(),
    payment_deadline: null,
    tags: ['turf'],
    created_at: now.toISOString(),
    ...overrides,
  };
}

/** A team registered for event 11 by asha (id 5). */
export const testRegistration: EventRegistration = {
  id: 31,
  event_id: 11,
  user: { id: 5, username: 'asha' },
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  country_code: '+91',
  team_name: 'Indiranagar Strikers',
  created_at: '2026-07-01T10:00:00.000Z',
};
