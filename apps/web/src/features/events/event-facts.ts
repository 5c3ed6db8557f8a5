/**
 * An event's facts as its card writes them (spec part 2 §3 Event, §9 "50 per person (rupees)
 * with a prize pool of 1500"): rupees with Indian digit grouping, places left, skill
 * level, and the time range in the viewer's local time.
 */
import type { EventSkillLevel, SportsEvent } from '@gameon/shared';

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

const range = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * From start to end in the viewer's local time, the day written once when both fall on it:
 * 'Sat, Jul 19, 10:00 AM – 6:00 PM', else 'Sat, Jul 19, 10:00 AM – Sun, Jul 20, 6:00 PM'.
 */
export function eventTimeRange(event: Pick<SportsEvent, 'event_date' | 'end_date'>): string {
  return range.formatRange(new Date(event.event_date), new Date(event.end_date));
}

const deadline = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A deadline in the viewer's local time: 'Jul 19, 8:00 PM'. */
export function formatDeadline(instant: string): string {
  return deadline.format(new Date(instant));
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
