import { DEFAULT_RADIUS_M } from '@gameon/shared';
import { CalendarX2, LogIn, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { LoadMore } from '../../../components/LoadMore';
import { LoadingLine, RetryAlert, UpdatingNote } from '../../../components/LoadStates';
import { viewerTimeZone } from '../../../lib/format';
import { useAuth } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGeolocation } from '../../../lib/use-geolocation';
import { buildEventsQuery, defaultEventFilters, useEvents, useMyInvitations } from '../api';
import type { EventFilters as Filters, EventsNear } from '../api';
import { EventCard } from '../components/EventCard';
import { EventFilters } from '../components/EventFilters';

/** Refetch delay after a filter change, as the feed's (spec part 1 §9). */
const FILTER_DEBOUNCE_MS = 300;

function countActive(filters: Filters): number {
  return (Object.keys(filters) as (keyof Filters)[]).filter(
    (key) => filters[key] !== defaultEventFilters[key],
  ).length;
}

/**
 * The events list `/events` (spec part 2 §2 "Events"), for visitors and members alike:
 * "Sports Events", a filter panel whose values are sent as the `GET /events` query (refetched
 * 300 ms after a change; the distance only once the viewer shared their position, now or on an
 * earlier visit), the upcoming
 * events soonest first as cards, loaded page by page as the viewer scrolls. The empty state offers
 * members "Create Event" and visitors a sign-in. A member's open invitations are pinned above the
 * list ("Your invitations": pending ones with Accept and Decline, accepted ones as "Invited").
 */
export function EventsPage() {
  const { user } = useAuth();
  const geolocation = useGeolocation();
  const [filters, setFilters] = useState<Filters>(defaultEventFilters);
  const [radius, setRadius] = useState<number>(DEFAULT_RADIUS_M);
  const position = geolocation.state;

  const near = useMemo<EventsNear | null>(
    () => (position.status === 'granted' ? { lat: position.lat, lng: position.lng, radius } : null),
    [position, radius],
  );
  const query = useMemo(() => buildEventsQuery(filters, near, viewerTimeZone()), [filters, near]);
  const debouncedQuery = useDebouncedValue(query, FILTER_DEBOUNCE_MS);
  const events = useEvents(debouncedQuery);

  useEffect(() => {
    if (events.error) console.error('Could not load events', events.error);
  }, [events.error]);

  const invitations = useMyInvitations(user !== null);
  const pinned = invitations.data ?? [];
  const pinnedIds = new Set(pinned.map((invitation) => invitation.event.id));
  const list = (events.data?.pages.flatMap((page) => page.events) ?? []).filter(
    (event) => !pinnedIds.has(event.id),
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Sports Events</h1>
          <p className="mt-1 text-sm text-slate-500">
            Tournaments and meetups, soonest first. Register your team in a minute.
          </p>
        </div>
        {user !== null && (
          <Link to="/create-event" className={buttonClasses('secondary', 'md')}>
            <Plus aria-hidden="true" className="size-4" />
            Create Event
          </Link>
        )}
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 min-[601px]:grid-cols-[15rem_minmax(0,1fr)] lg:grid-cols-[17rem_minmax(0,1fr)]">
        <div className="min-[601px]:sticky min-[601px]:top-[85px] min-[601px]:self-start">
          <EventFilters
            filters={filters}
            onFiltersChange={setFilters}
            position={position}
            onUsePosition={geolocation.request}
            radius={radius}
            onRadiusChange={setRadius}
            onReset={() => {
              setFilters(defaultEventFilters);
              setRadius(DEFAULT_RADIUS_M);
            }}
            activeCount={countActive(filters)}
          />
        </div>

        <section aria-label="Events" aria-busy={events.isFetching} className="min-w-0">
          {pinned.length > 0 && (
            <section aria-labelledby="invitations-heading" className="mb-6">
              <h2 id="invitations-heading" className="text-lg font-semibold text-slate-900">
                Your invitations
              </h2>
              <div className="mt-3 grid grid-cols-1 gap-4 xl:grid-cols-2">
                {pinned.map((invitation) => (
                  <EventCard
                    key={invitation.id}
                    event={invitation.event}
                    viewer={user}
                    invitation={invitation}
                  />
                ))}
              </div>
            </section>
          )}
          {events.isPlaceholderData && <UpdatingNote />}
          {events.isPending ? (
            <LoadingLine className="justify-center py-12">Loading events…</LoadingLine>
          ) : events.isError && list.length === 0 ? (
            <RetryAlert onRetry={() => void events.refetch()}>
              We could not load events right now.
            </RetryAlert>
          ) : list.length === 0 && pinned.length === 0 ? (
            <EmptyState icon={CalendarX2} title="No events found">
              <p>Try fewer filters, or check back soon.</p>
              {user !== null ? (
                <Link to="/create-event" className={buttonClasses('primary', 'md', 'mt-4')}>
                  <Plus aria-hidden="true" className="size-4" />
                  Create Event
                </Link>
              ) : (
                <>
                  <p className="mt-1">Sign in to create an event of your own.</p>
                  <Link to="/login" className={buttonClasses('primary', 'md', 'mt-4')}>
                    <LogIn aria-hidden="true" className="size-4" />
                    Sign In
                  </Link>
                </>
              )}
            </EmptyState>
          ) : (
            <>
              <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
                {list.map((event) => (
                  <EventCard key={event.id} event={event} viewer={user} />
                ))}
              </div>
              <LoadMore list={events} className="mt-6 flex justify-center" />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
