import { formatGameTime, isOnlineEvent } from '@gameon/shared';
import type { Post } from '@gameon/shared';
import { CalendarDays, MapPin } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx, viewerFormat } from '../lib/format';
import { SportIcon } from './SportIcon';

/**
 * A game's or event's sport as a chip with its icon, violet for an esport (an online game, Rocket
 * League included); `children` follow the name.
 */
export function SportBadge({ sport, children }: { sport: string; children?: ReactNode }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
        isOnlineEvent(sport) ? 'bg-violet-50 text-violet-700' : 'bg-emerald-50 text-emerald-700',
      )}
    >
      <SportIcon sport={sport} className="size-3.5" />
      {sport}
      {children}
    </span>
  );
}

/** When a game takes place, in the viewer's time zone. */
export function GameTime({ post }: { post: Pick<Post, 'event_time'> }) {
  return <time dateTime={post.event_time}>{formatGameTime(post.event_time, viewerFormat())}</time>;
}

/** A game's heading linking to the game page `/posts/:id`. */
export function GameTitleLink({ post, id }: { post: Pick<Post, 'id' | 'heading'>; id: string }) {
  return (
    <h3 id={id} className="mt-3 text-lg font-semibold break-words text-slate-900">
      <Link
        to={`/posts/${post.id}`}
        className="rounded hover:text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        {post.heading}
      </Link>
    </h3>
  );
}

/** The host's username linking to their profile. */
export function HostLink({ post }: { post: Pick<Post, 'author_id' | 'author'> }) {
  return (
    <Link
      to={`/profile/${post.author_id}`}
      className="font-semibold text-slate-800 hover:text-emerald-700 hover:underline"
    >
      {post.author.username}
    </Link>
  );
}

/**
 * One row of a game's facts list (`<dl>`): the icon with a screen-reader label as the term,
 * `children` as the value.
 */
export function GameFact({
  icon: Icon,
  label,
  align = 'center',
  children,
}: {
  icon: LucideIcon;
  label: string;
  /** `start` for values that may wrap over several lines. */
  align?: 'center' | 'start';
  children: ReactNode;
}) {
  return (
    <div className={cx('flex gap-2', align === 'start' ? 'items-start' : 'items-center')}>
      <dt>
        <Icon
          aria-hidden="true"
          className={cx('size-4 text-slate-500', align === 'start' && 'mt-0.5')}
        />
        <span className="sr-only">{label}</span>
      </dt>
      {children}
    </div>
  );
}

/**
 * A game's time and place in a compact card, each led by its icon; the class names lay the two
 * items out (stacked on My Posts, side by side on a profile).
 */
export function GameWhenWhere({
  post,
  className,
  itemClassName,
  iconClassName,
}: {
  post: Pick<Post, 'event_time' | 'location_name'>;
  className: string;
  itemClassName: string;
  iconClassName: string;
}) {
  return (
    <p className={className}>
      <span className={itemClassName}>
        <CalendarDays aria-hidden="true" className={cx('shrink-0', iconClassName)} />
        <GameTime post={post} />
      </span>
      <span className={cx('min-w-0', itemClassName)}>
        <MapPin aria-hidden="true" className={cx('shrink-0', iconClassName)} />
        <span className="truncate">{post.location_name}</span>
      </span>
    </p>
  );
}
