import type { Post } from '@gameon/shared';
import { cx } from '../lib/format';
import { isFull, takenPlaces, viewerPlace } from '../lib/games';

interface GameCapacityProps {
  /** Taken places: joined members and places offered (held) to the waitlist. */
  joined: number;
  /** Places of the game (`players_needed`). */
  places: number;
  /** Every place is taken (`is_full`). */
  full: boolean;
  /** The viewer's 1-based place on the waitlist, when they wait. */
  waitlistPlace?: number;
  className?: string;
}

/**
 * How full a game is: "N of M players" over a bar, a "Full" badge once every place is
 * taken, and the viewer's "Waitlist, place N" when they wait.
 */
export function GameCapacity({
  joined,
  places,
  full,
  waitlistPlace,
  className,
}: GameCapacityProps) {
  const share = places > 0 ? Math.min(1, joined / places) : 1;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-slate-800">
          {joined} of {places} players
        </span>
        {full && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
            Full
          </span>
        )}
        {waitlistPlace !== undefined && (
          <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800">
            Waitlist, place {waitlistPlace}
          </span>
        )}
      </div>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-slate-100">
        <div
          className={cx('h-full rounded-full', full ? 'bg-amber-500' : 'bg-emerald-500')}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
    </div>
  );
}

/** {@link GameCapacity} of `post` as `viewerId` sees it: its joined members, places and the viewer's waitlist place. */
export function PostCapacity({
  post,
  viewerId,
  className,
}: {
  post: Post;
  /** null: a signed-out visitor, who waits nowhere. */
  viewerId: number | null;
  className?: string;
}) {
  const place = viewerPlace(post, viewerId);
  return (
    <GameCapacity
      className={className}
      joined={takenPlaces(post)}
      places={post.players_needed}
      full={isFull(post)}
      waitlistPlace={place.status === 'waitlisted' ? place.position : undefined}
    />
  );
}
