import { formatDistanceKm } from '@gameon/shared';
import type { EventInvitation, SessionUser, SportsEvent } from '@gameon/shared';
import {
  CalendarDays,
  Gauge,
  Hourglass,
  IndianRupee,
  MapPin,
  Navigation,
  Trophy,
  Wrench,
} from 'lucide-react';
import { Link } from 'react-router';
import { GameFact, SportBadge } from '../../../components/GameFacts';
import { TagChips } from '../../../components/TagChips';
import { cx } from '../../../lib/format';
import {
  costText,
  eventTimeRange,
  formatDeadline,
  placesText,
  prizeText,
  skillLevelLabel,
} from '../event-facts';
import { eventTimeLabel } from '../event-time';
import type { EventTimeLabel } from '../event-time';
import { EventActions, EventStatus } from './EventActions';

const labelTones: Record<EventTimeLabel, string> = {
  Today: 'bg-rose-50 text-rose-700 ring-rose-200',
  Tomorrow: 'bg-amber-50 text-amber-800 ring-amber-200',
  'This Week': 'bg-sky-50 text-sky-700 ring-sky-200',
  Upcoming: 'bg-slate-50 text-slate-600 ring-slate-200',
};

/**
 * An event in the list (spec part 2 §2 "Events", §3 Event, §4 labels): its time label
 * (Today, Tomorrow, This Week, Upcoming), sport, title, description, tags, the time range in the
 * viewer's local time, place, cost per person in rupees, prize pool, skill level, equipment,
 * deadlines, places left and organizer, then what the viewer may do (see {@link EventActions}).
 * `viewer` is null for a signed-out visitor; `invitation` is the viewer's open invitation to it,
 * shown as "Invitation" (pending: Accept, Decline) or "Invited" (accepted: Register).
 */
export function EventCard({
  event,
  viewer,
  invitation,
}: {
  event: SportsEvent;
  viewer: SessionUser | null;
  invitation?: EventInvitation;
}) {
  const titleId = `event-${event.id}-title`;
  const label = eventTimeLabel(event.event_date);
  const prize = prizeText(event.prize);
  const places = placesText(event);

  return (
    <article
      aria-labelledby={titleId}
      className="@container flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <SportBadge sport={event.sport} />
          <span
            className={cx(
              'rounded-full px-2.5 py-1 text-xs font-semibold ring-1',
              labelTones[label],
            )}
          >
            {label}
          </span>
        </div>
        {event.distance !== undefined && (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500">
            <Navigation aria-hidden="true" className="size-3.5" />
            <span>{formatDistanceKm(event.distance)}</span>
            <span className="sr-only"> away</span>
          </span>
        )}
      </div>

      <h3 id={titleId} className="mt-3 text-lg font-semibold break-words text-slate-900">
        {event.title}
      </h3>
      <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-600">
        {event.description}
      </p>
      <TagChips tags={event.tags} className="mt-3" />

      <dl className="mt-4 grid grid-cols-1 gap-2 text-sm text-slate-600 @md:grid-cols-2">
        <GameFact icon={CalendarDays} label="When" align="start">
          <dd>
            <time dateTime={event.event_date}>{eventTimeRange(event)}</time>
          </dd>
        </GameFact>
        <GameFact icon={MapPin} label="Place" align="start">
          <dd className="min-w-0 break-words">{event.location_name}</dd>
        </GameFact>
        <GameFact icon={IndianRupee} label="Cost">
          <dd className="font-semibold text-slate-800">{costText(event.cost)}</dd>
        </GameFact>
        {prize !== null && (
          <GameFact icon={Trophy} label="Prize">
            <dd className="font-semibold text-amber-700">{prize}</dd>
          </GameFact>
        )}
        <GameFact icon={Gauge} label="Skill level">
          <dd>{skillLevelLabel(event.skill_level)}</dd>
        </GameFact>
        <GameFact icon={Wrench} label="Equipment">
          <dd>{event.equipment_provided ? 'Equipment provided' : 'Bring your own equipment'}</dd>
        </GameFact>
        <GameFact icon={Hourglass} label="Deadlines" align="start">
          <dd>
            Register by {formatDeadline(event.registration_deadline)}
            {event.payment_deadline !== null && (
              <>
                <br />
                Pay by {formatDeadline(event.payment_deadline)}
              </>
            )}
          </dd>
        </GameFact>
      </dl>

      <p
        className={cx(
          'mt-4 text-sm font-semibold',
          places === 'Full' ? 'text-amber-700' : 'text-emerald-700',
        )}
      >
        {places}
      </p>

      <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4">
        <div className="flex items-center justify-between gap-2">
          <p className="min-w-0 truncate text-sm text-slate-500">
            by{' '}
            {viewer === null ? (
              <span className="font-semibold text-slate-800">{event.organizer.username}</span>
            ) : (
              <Link
                to={`/profile/${event.organizer.id}`}
                className="font-semibold text-slate-800 hover:text-emerald-700 hover:underline"
              >
                {event.organizer.username}
              </Link>
            )}
          </p>
          <EventStatus event={event} invitation={invitation} />
        </div>
        <EventActions event={event} viewer={viewer} invitation={invitation} />
      </div>
    </article>
  );
}
