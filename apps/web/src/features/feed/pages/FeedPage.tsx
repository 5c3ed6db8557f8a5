import { DEFAULT_RADIUS_M, isEsport, placeLabel } from '@gameon/shared';
import type { FeedOrder, Place, Post } from '@gameon/shared';
import { CalendarDays, Plus, SearchX, Trophy } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { LoadMore } from '../../../components/LoadMore';
import { PostCreatedBanner } from '../../../components/PostCreatedBanner';
import { UpdatingNote } from '../../../components/LoadStates';
import { viewerTimeZone } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCurrentUser } from '../../../lib/session';
import { buildFeedQuery, canOrderNearest, defaultFeedFilters, useFeed, useHomeArea } from '../api';
import { areaPromptDue, areaPromptFirst, snoozeAreaPrompt } from '../area-prompt';
import { AreaPrompt } from '../components/AreaPrompt';
import type { FeedFilters as Filters, FeedLocation } from '../api';
import { FeedFilters } from '../components/FeedFilters';
import { PostCard } from '../components/PostCard';
import { PostCardSkeleton } from '../components/PostCardSkeleton';
import { useGeolocation } from '../../../lib/use-geolocation';

/** Feed refetch delay after a filter change (spec part 1 §4, §9). */
const FILTER_DEBOUNCE_MS = 300;
/** How long the first load waits for a remembered position before going without it. */
const GEOLOCATION_GRACE_MS = 1500;

function countActive(filters: Filters): number {
  return (
    (filters.filterType === 'ALL' ? 0 : 1) +
    filters.sports.length +
    filters.esports.length +
    (filters.tags.trim() === '' ? 0 : 1) +
    (filters.date === '' ? 0 : 1)
  );
}

/** Cards of games, two columns on wide screens. */
function PostGrid({ posts, viewerId }: { posts: Post[]; viewerId: number }) {
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} viewerId={viewerId} />
      ))}
    </div>
  );
}

/**
 * The signed-in home, 'Sports Feed' (spec part 1 §2, §4, §9): upcoming games of others near
 * a picked place, else the member's position, else their home area (at the default 25 km), filtered
 * and refetched 300 ms after a change, loaded page by page as the member scrolls, with "Load
 * more" kept for keyboard users. The position is asked only on "Use my position" (or remembered
 * from an earlier visit); soonest or nearest first, and nearest first the server sends online
 * games last, shown under their own heading. A member without a home area is asked for it
 * (AreaPrompt): on their first visit (right after sign-up, as a welcome), and again a week after
 * each "Not now".
 */
export function FeedPage() {
  const user = useCurrentUser();
  // Never asked before: right after sign-up (or the first visit since this prompt exists).
  const [welcome] = useState(() => areaPromptFirst(user.id));
  const geolocation = useGeolocation();
  const homeArea = useHomeArea();
  const home = homeArea.data ?? null;
  const [promptDue, setPromptDue] = useState(() => areaPromptDue(user.id));
  const [filters, setFilters] = useState<Filters>(defaultFeedFilters);
  const [place, setPlace] = useState<Place | null>(null);
  const [placeKey, setPlaceKey] = useState(0);
  const [radius, setRadius] = useState<number>(DEFAULT_RADIUS_M);
  const [order, setOrder] = useState<FeedOrder>('soonest');
  const [graceOver, setGraceOver] = useState(false);
  const geo = geolocation.state;

  useEffect(() => {
    const timer = setTimeout(() => setGraceOver(true), GEOLOCATION_GRACE_MS);
    return () => clearTimeout(timer);
  }, []);

  const location = useMemo<FeedLocation | null>(() => {
    // An approximate place (a postal district's centre) may lie kilometres away: it
    // filters by distance only once the member confirms a point with "Use my position".
    if (place && !place.approximate)
      return { lat: place.coordinates[1], lng: place.coordinates[0], name: placeLabel(place) };
    if (geo.status === 'granted') return { lat: geo.lat, lng: geo.lng, name: null };
    if (home) return { lat: home.coordinates[1], lng: home.coordinates[0], name: home.name };
    return null;
  }, [place, geo, home]);

  const query = useMemo(
    () => buildFeedQuery(filters, location, radius, order, viewerTimeZone()),
    [filters, location, radius, order],
  );
  const debouncedQuery = useDebouncedValue(query, FILTER_DEBOUNCE_MS);
  // The first load waits for the home area (a failed read goes without it).
  const locationSettled = (geo.status !== 'pending' || graceOver) && !homeArea.isPending;
  const askArea = homeArea.isSuccess && home === null && promptDue;
  const feed = useFeed(debouncedQuery, locationSettled && debouncedQuery === query);

  useEffect(() => {
    if (feed.error) console.error('Could not load the feed', feed.error);
  }, [feed.error]);

  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  const online = query.order === 'nearest' ? posts.filter((post) => isEsport(post.sport)) : [];
  const placed = online.length > 0 ? posts.filter((post) => !isEsport(post.sport)) : posts;
  const clearPlace = () => {
    setPlace(null);
    setPlaceKey((key) => key + 1);
  };

  let scope = 'Upcoming games everywhere';
  if (location && radius > 0) {
    scope = `Games within ${radius / 1000} km of ${location.name ?? 'you'}`;
  } else if (location) scope = `Games near ${location.name ?? 'you'}, any distance`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Sports Feed</h1>
          <p className="mt-1 text-sm text-slate-500">{scope}</p>
        </div>
        <Link to="/create-post" className={buttonClasses('secondary', 'md', 'max-sm:hidden')}>
          <Plus aria-hidden="true" className="size-4" />
          Post a game
        </Link>
      </div>

      <PostCreatedBanner className="mt-5" />

      {askArea && (
        <div className="mt-5">
          <AreaPrompt
            welcome={welcome}
            onDismiss={() => {
              snoozeAreaPrompt(user.id);
              setPromptDue(false);
            }}
          />
        </div>
      )}

      <aside className="mt-5 flex flex-col gap-3 rounded-2xl bg-gradient-to-r from-violet-600 to-indigo-600 p-4 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-3 text-sm">
          <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-white/15">
            <Trophy aria-hidden="true" className="size-5" />
          </span>
          <span>
            <span className="font-semibold">Tournament registrations are open!</span> Sign your team
            up on the Events page.
          </span>
        </p>
        <Link
          to="/events"
          className={buttonClasses('light', 'sm', 'self-start text-indigo-700 sm:self-auto')}
        >
          <CalendarDays aria-hidden="true" className="size-4" />
          Go to Events
        </Link>
      </aside>

      <div className="mt-6 grid grid-cols-1 gap-6 min-[601px]:grid-cols-[15rem_minmax(0,1fr)] lg:grid-cols-[17rem_minmax(0,1fr)]">
        <div className="min-[601px]:sticky min-[601px]:top-[85px] min-[601px]:self-start">
          <FeedFilters
            filters={filters}
            onFiltersChange={setFilters}
            place={place}
            placeKey={placeKey}
            onPlaceChange={(next) => {
              setPlace(next);
              if (next) setRadius(DEFAULT_RADIUS_M);
            }}
            onClearPlace={clearPlace}
            radius={radius}
            onRadiusChange={setRadius}
            geolocation={geo}
            onUseMyLocation={() => {
              clearPlace();
              setRadius(DEFAULT_RADIUS_M);
              geolocation.request();
            }}
            homeArea={home?.name ?? null}
            order={order}
            onOrderChange={setOrder}
            nearestAllowed={canOrderNearest(location, radius)}
            onReset={() => {
              setFilters(defaultFeedFilters);
              setRadius(DEFAULT_RADIUS_M);
            }}
            activeCount={countActive(filters)}
          />
        </div>

        <section aria-label="Posts" aria-busy={feed.isFetching} className="min-w-0">
          {feed.isPlaceholderData && <UpdatingNote />}
          {feed.isPending ? (
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-2" role="status">
              <span className="sr-only">Loading posts…</span>
              <PostCardSkeleton />
              <PostCardSkeleton />
              <PostCardSkeleton />
              <PostCardSkeleton />
            </div>
          ) : posts.length === 0 ? (
            <EmptyState icon={SearchX} title="No posts found">
              {feed.isError ? (
                <>
                  We could not load games right now.{' '}
                  <Button variant="ghost" size="sm" onClick={() => void feed.refetch()}>
                    Try again
                  </Button>
                </>
              ) : (
                'Try a wider distance or fewer filters, or post a game of your own.'
              )}
            </EmptyState>
          ) : (
            <>
              <PostGrid posts={placed} viewerId={user.id} />
              {online.length > 0 && (
                <>
                  <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">Online games</h2>
                  <PostGrid posts={online} viewerId={user.id} />
                </>
              )}
              <LoadMore list={feed} className="mt-6 flex justify-center" />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
