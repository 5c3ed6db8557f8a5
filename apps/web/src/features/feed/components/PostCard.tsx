import { formatDateTime, formatDistanceKm, isEsport } from '@gameon/shared';
import type { Post } from '@gameon/shared';
import { CalendarDays, Heart, MapPin, Navigation, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { GameCapacity } from '../../../components/GameCapacity';
import { SportIcon } from '../../../components/SportIcon';
import { cx, viewerTimeZone } from '../../../lib/format';
import { isFull, viewerPlace } from '../../../lib/games';
import { InterestButton } from './InterestButton';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * A post in the feed (spec part 1 §2, §3 "Post"): sport or online game, heading, description,
 * tags, place, time in the viewer's zone, players needed, interest count, author, distance
 * (when known) and the interest button; how full the game is and the viewer's waitlist place
 * (issue 11). The heading links to the game page, the author to their profile.
 */
export function PostCard({ post, viewerId }: { post: Post; viewerId: number }) {
  const esport = isEsport(post.sport);
  const titleId = `post-${post.id}-title`;
  const place = viewerPlace(post, viewerId);

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          className={cx(
            'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
            esport ? 'bg-violet-50 text-violet-700' : 'bg-emerald-50 text-emerald-700',
          )}
        >
          <SportIcon sport={post.sport} className="size-3.5" />
          {post.sport}
          <span
            className={cx(
              'rounded-full px-1.5 text-[10px] tracking-wide uppercase',
              esport ? 'bg-violet-100' : 'bg-emerald-100',
            )}
          >
            {esport ? 'Esport' : 'Sport'}
          </span>
        </span>
        {post.distance !== undefined && (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500">
            <Navigation aria-hidden="true" className="size-3.5" />
            <span>{formatDistanceKm(post.distance)}</span>
            <span className="sr-only"> away</span>
          </span>
        )}
      </div>

      <h3 id={titleId} className="mt-3 text-lg font-semibold break-words text-slate-900">
        <Link
          to={`/posts/${post.id}`}
          className="rounded hover:text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          {post.heading}
        </Link>
      </h3>
      <p className="mt-1 line-clamp-4 text-sm break-words whitespace-pre-line text-slate-600">
        {post.description}
      </p>

      {post.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
          {post.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600"
            >
              #{tag}
            </li>
          ))}
        </ul>
      )}

      <dl className="mt-4 grid grid-cols-1 gap-2 text-sm text-slate-600 sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <dt>
            <MapPin aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only">Place</span>
          </dt>
          <dd className="truncate">{post.location_name}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <CalendarDays aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only">When</span>
          </dt>
          <dd>
            <time dateTime={post.event_time}>
              {formatDateTime(post.event_time, { timeZone: viewerTimeZone() })}
            </time>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Users aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only">Players needed</span>
          </dt>
          <dd>{plural(post.players_needed, 'player needed', 'players needed')}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Heart aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only">Interested</span>
          </dt>
          <dd>{plural(post.interested_users.length, 'interested', 'interested')}</dd>
        </div>
      </dl>

      <GameCapacity
        className="mt-4"
        joined={post.interested_users.length}
        places={post.players_needed}
        full={isFull(post)}
        waitlistPlace={place.status === 'waitlisted' ? place.position : undefined}
      />

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="flex min-w-0 items-center gap-2 text-sm text-slate-500">
          <Avatar src={null} size={28} />
          <span className="truncate">
            by{' '}
            <Link
              to={`/profile/${post.author_id}`}
              className="font-semibold text-slate-800 hover:text-emerald-700 hover:underline"
            >
              {post.author.username}
            </Link>
          </span>
        </p>
        <InterestButton post={post} viewerId={viewerId} />
      </div>
    </article>
  );
}
