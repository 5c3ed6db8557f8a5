/**
 * An event's facts as its card writes them (spec part 2 §3 Event, §9 "50 per person (rupees)
 * with a prize pool of 1500"): rupees with Indian digit grouping, places left, skill
 * level, and the time range in the viewer's local time.
 */
import { formatGameTime, formatTimeRange } from '@gameon/shared';
import type { EventSkillLevel, SportsEvent } from '@gameon/shared';
import { viewerFormat } from '../../lib/format';

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** Whole rupees with Indian grouping: 1500 -> '₹1,500', 150000 -> '₹1,50,000'. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** The cost per person: '₹50 per person', or 'Free' at 0. */
export function costText(cost: number): string {
  return cost === 0 ? 'Free' : `${formatRupees(cost)} per person`;
}

/** The prize pool: '₹1,500 prize pool', or null when there is none. */
export function prizeText(prize: number): string | null {
  return prize === 0 ? null : `${formatRupees(prize)} prize pool`;
}

/** Places (registrations, i.e. teams) left: '3 of 16 places left', or 'Full'. */
export function placesText(event: Pick<SportsEvent, 'max_participants' | 'current_participants'>) {
  const left = event.max_participants - event.current_participants;
  return left <= 0 ? 'Full' : `${left} of ${event.max_participants} places left`;
}

/** A skill level as shown: 'beginner' -> 'Beginner'. */
export function skillLevelLabel(level: EventSkillLevel | 'all'): string {
  return level === 'all' ? 'All levels' : level.charAt(0).toUpperCase() + level.slice(1);
}

/**
 * From start to end in the viewer's zone, the day written once when both fall on it:
 * 'Sat, 19 Jul, 10:00 am – 6:00 pm', else 'Sat, 19 Jul, 10:00 am – Sun, 20 Jul, 6:00 pm'.
 */
export function eventTimeRange(event: Pick<SportsEvent, 'event_date' | 'end_date'>): string {
  return formatTimeRange(event.event_date, event.end_date, viewerFormat());
}

/** A deadline in the viewer's zone, written as game times are: 'Sat, 19 Jul, 8:00 pm'. */
export function formatDeadline(instant: string): string {
  return formatGameTime(instant, viewerFormat());
}

/** Why registering is not possible at `now` (full, or past the registration deadline), or null. */
export function registrationClosedReason(
  event: Pick<SportsEvent, 'max_participants' | 'current_participants' | 'registration_deadline'>,
  now: Date = new Date(),
): 'Full' | 'Registration closed' | null {
  if (event.current_participants >= event.max_participants) return 'Full';
  if (Date.parse(event.registration_deadline) <= now.getTime()) return 'Registration closed';
  return null;
}
