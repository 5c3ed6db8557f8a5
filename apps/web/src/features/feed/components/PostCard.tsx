import { formatDistanceKm, isEsport } from '@gameon/shared';
import type { Post } from '@gameon/shared';
import { CalendarDays, Heart, MapPin, Navigation, Users } from 'lucide-react';
import { Avatar } from '../../../components/Avatar';
import { PostCapacity } from '../../../components/GameCapacity';
import {
  GameFact,
  GameTime,
  GameTitleLink,
  HostLink,
  SportBadge,
} from '../../../components/GameFacts';
import { TagChips } from '../../../components/TagChips';
import { cx } from '../../../lib/format';
import { InterestButton } from './InterestButton';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * A post in the feed (spec part 1 §2, §3 "Post"): sport or online game, heading, description,
 * tags, place, time in the viewer's zone, players needed, interest count, author, distance
 * (when known; never on an online game) and the interest button; how full the game is and the
 * viewer's waitlist place. The heading links to the game page, the author to their profile.
 */
export function PostCard({ post, viewerId }: { post: Post; viewerId: number }) {
  const esport = isEsport(post.sport);
  const titleId = `post-${post.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SportBadge sport={post.sport}>
          <span
            className={cx(
              'rounded-full px-1.5 text-[10px] tracking-wide uppercase',
              esport ? 'bg-violet-100' : 'bg-emerald-100',
            )}
          >
            {esport ? 'Esport' : 'Sport'}
          </span>
        </SportBadge>
        {post.distance !== undefined && !esport && (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500">
            <Navigation aria-hidden="true" className="size-3.5" />
            <span>{formatDistanceKm(post.distance)}</span>
            <span className="sr-only"> away</span>
          </span>
        )}
      </div>

      <GameTitleLink post={post} id={titleId} />
      <p className="mt-1 line-clamp-4 text-sm break-words whitespace-pre-line text-slate-600">
        {post.description}
      </p>

      <TagChips tags={post.tags} className="mt-3" />

      <dl className="mt-4 grid grid-cols-1 gap-2 text-sm text-slate-600 sm:grid-cols-2">
        <GameFact icon={MapPin} label="Place">
          <dd className="truncate">{post.location_name}</dd>
        </GameFact>
        <GameFact icon={CalendarDays} label="When">
          <dd>
            <GameTime post={post} />
          </dd>
        </GameFact>
        <GameFact icon={Users} label="Players needed">
          <dd>{plural(post.players_needed, 'player needed', 'players needed')}</dd>
        </GameFact>
        <GameFact icon={Heart} label="Interested">
          <dd>{plural(post.interested_users.length, 'interested', 'interested')}</dd>
        </GameFact>
      </dl>

      <PostCapacity className="mt-4" post={post} viewerId={viewerId} />

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="flex min-w-0 items-center gap-2 text-sm text-slate-500">
          <Avatar src={null} size={28} />
          <span className="truncate">
            by <HostLink post={post} />
          </span>
        </p>
        <InterestButton post={post} viewerId={viewerId} />
      </div>
    </article>
  );
}
