import { PROFILE_PREVIEW_COUNT } from '@gameon/shared';
import type { Post } from '@gameon/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronDown, EyeOff, SquareStack, Star } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { GameWhenWhere } from '../../../components/GameFacts';
import { ReviewCard } from '../../../components/ReviewCard';
import { SportIcon } from '../../../components/SportIcon';
import { HttpError } from '../../../lib/api-client';
import { cx } from '../../../lib/format';
import { isUpcoming } from '../../../lib/games';
import { useUserPosts, useUserReviews } from '../api';
import type { ActivityPreview } from '../api';
import { EmptyText } from './ProfileSection';
import { LoadingLine } from '../../../components/LoadStates';

const moreLinkClass =
  'mt-3 inline-block rounded text-sm font-semibold text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600';

interface CollapsibleSectionProps {
  title: string;
  icon: LucideIcon;
  /** Shown as "Title (n)"; null while unknown or hidden. */
  count: string | null;
  children: ReactNode;
}

/** A profile section whose heading opens and closes it (spec part 2 §2: collapsible). */
function CollapsibleSection({ title, icon: Icon, count, children }: CollapsibleSectionProps) {
  const [open, setOpen] = useState(true);
  const panelId = useId();
  return (
    <section className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-2 rounded-2xl px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          <Icon aria-hidden="true" className="size-4 text-emerald-700" />
          <span className="flex-1">
            {title}
            {count !== null && ` (${count})`}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cx('size-5 text-slate-500 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="px-5 pb-5">
        {children}
      </div>
    </section>
  );
}

/** The note shown instead of a list the member keeps private. */
function PrivateNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-3 text-sm text-slate-600">
      <EyeOff aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      {children}
    </p>
  );
}

/** A post in the profile's preview: sport, heading, time and place, and whether it is past. */
function PostPreview({ post }: { post: Post }) {
  const upcoming = isUpcoming(post);
  return (
    <article className="rounded-xl p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-emerald-700">
          <SportIcon sport={post.sport} className="size-3.5" />
          {post.sport}
        </span>
        <span
          className={cx(
            'rounded-full px-2 py-0.5 text-[11px] font-semibold',
            upcoming ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600',
          )}
        >
          {upcoming ? 'Upcoming' : 'Past Event'}
        </span>
      </div>
      <h3 className="mt-1.5 font-semibold break-words text-slate-900">{post.heading}</h3>
      <GameWhenWhere
        post={post}
        className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500"
        itemClassName="inline-flex items-center gap-1"
        iconClassName="size-3.5"
      />
    </article>
  );
}

interface ActivityProps {
  userId: number;
  username: string;
  own: boolean;
  /** False when the member's activity is hidden from this viewer. */
  visible: boolean;
}

/** A link under an activity list, shown on the own profile only (spec part 2 §2). */
interface OwnLink {
  to: string;
  label: string;
}

interface ActivityListProps<T extends { id: number }> {
  title: string;
  icon: LucideIcon;
  /** What the list holds, in the texts: 'posts', 'reviews'. */
  noun: string;
  username: string;
  own: boolean;
  /** False when the member's activity is hidden from this viewer (nothing is asked then). */
  visible: boolean;
  query: UseQueryResult<ActivityPreview<T>>;
  renderItem: (item: T) => ReactNode;
  /** Offered beside "No {noun} yet" on the own profile. */
  create: OwnLink;
  /** Under the list on the own profile. */
  seeAll: OwnLink;
}

/**
 * "{Title} (n)", collapsible, with the first 3 items (spec part 2 §2, §9); n ends in '+' when
 * the member has more than one page holds. Activity private for this viewer (not `visible`, or
 * a 403) shows a note instead.
 */
function ActivityList<T extends { id: number }>({
  title,
  icon,
  noun,
  username,
  own,
  visible,
  query,
  renderItem,
  create,
  seeAll,
}: ActivityListProps<T>) {
  const hidden = !visible || (query.error instanceof HttpError && query.error.status === 403);

  let count: string | null = null;
  if (!hidden && query.data) count = `${query.data.items.length}${query.data.more ? '+' : ''}`;

  let body: ReactNode;
  if (hidden) {
    body = (
      <PrivateNote>
        {username} keeps their {noun} private.
      </PrivateNote>
    );
  } else if (query.isPending) {
    body = <LoadingLine>Loading {noun}…</LoadingLine>;
  } else if (query.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm text-rose-700">
          Could not load {noun}.
        </p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (query.data.items.length === 0) {
    body = (
      <EmptyText>
        No {noun} yet
        {own && (
          <>
            {' · '}
            <Link to={create.to} className="font-semibold text-emerald-700 hover:underline">
              {create.label}
            </Link>
          </>
        )}
      </EmptyText>
    );
  } else {
    body = (
      <ul className="space-y-3">
        {query.data.items.slice(0, PROFILE_PREVIEW_COUNT).map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
    );
  }

  return (
    <CollapsibleSection title={title} icon={icon} count={count}>
      {body}
      {own && (
        <Link to={seeAll.to} className={moreLinkClass}>
          {seeAll.label}
        </Link>
      )}
    </CollapsibleSection>
  );
}

/** Posts (n) from `GET /posts/user/{id}` ({@link ActivityList}). */
export function PostsSection({ userId, visible, ...rest }: ActivityProps) {
  const posts = useUserPosts(userId, visible);
  return (
    <ActivityList
      title="Posts"
      icon={SquareStack}
      noun="posts"
      visible={visible}
      query={posts}
      renderItem={(post) => <PostPreview post={post} />}
      create={{ to: '/create-post', label: 'Create a post' }}
      seeAll={{ to: '/past-posts', label: 'See all my posts' }}
      {...rest}
    />
  );
}

/**
 * Reviews (n) from `GET /users/{id}/reviews` ({@link ActivityList}); "See all reviews" opens
 * the member's own on /reviews (`?view=mine`).
 */
export function ReviewsSection({ userId, visible, ...rest }: ActivityProps) {
  const reviews = useUserReviews(userId, visible);
  return (
    <ActivityList
      title="Reviews"
      icon={Star}
      noun="reviews"
      visible={visible}
      query={reviews}
      renderItem={(review) => <ReviewCard review={review} compact />}
      create={{ to: '/create-review', label: 'Write a review' }}
      seeAll={{ to: '/reviews?view=mine', label: 'See all reviews' }}
      {...rest}
    />
  );
}
