import type { UserSearchResult } from '@gameon/shared';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { SportIcon } from '../../../components/SportIcon';
import { FollowButton } from './FollowButton';
import { MessageButton } from './MessageButton';

/**
 * A search result (spec part 1 §2 "Find People", §3): avatar, username, bio, sports and tags;
 * the whole card opens the profile. Follow/Following for everyone, Message only for people
 * followed (spec part 1 §6).
 */
export function UserResultCard({ user }: { user: UserSearchResult }) {
  const nameId = `search-result-${user.id}-name`;
  return (
    <article
      aria-labelledby={nameId}
      className="relative flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition-shadow focus-within:ring-emerald-300 hover:shadow-md sm:flex-row sm:items-start"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <Avatar src={user.profile_picture_url} size={52} />
        <div className="min-w-0 flex-1">
          <h2 id={nameId} className="truncate text-base font-semibold text-slate-900">
            {/* The link stretches over the card, so a click anywhere opens the profile. */}
            <Link
              to={`/profile/${user.id}`}
              className="after:absolute after:inset-0 after:rounded-2xl hover:text-emerald-700 focus-visible:outline-none"
            >
              {user.username}
            </Link>
          </h2>
          {user.bio !== '' && (
            <p className="mt-0.5 line-clamp-2 text-sm break-words text-slate-600">{user.bio}</p>
          )}
          {(user.sports.length > 0 || user.tags.length > 0) && (
            <ul aria-label="Sports and interests" className="mt-2 flex flex-wrap gap-1.5">
              {user.sports.map((sport) => (
                <li
                  key={`sport-${sport}`}
                  className="inline-flex items-center gap-1 rounded-md bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800"
                >
                  <SportIcon sport={sport} className="size-3" />
                  {sport}
                </li>
              ))}
              {user.tags.map((tag) => (
                <li
                  key={`tag-${tag}`}
                  className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600"
                >
                  #{tag}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="relative z-10 flex shrink-0 gap-2 self-end sm:self-start">
        {user.is_following && (
          <MessageButton userId={user.id} username={user.username} describedBy={nameId} />
        )}
        <FollowButton userId={user.id} following={user.is_following} describedBy={nameId} />
      </div>
    </article>
  );
}
