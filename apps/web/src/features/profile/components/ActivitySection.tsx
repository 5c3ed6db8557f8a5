import type { Post } from '@gameon/shared';
import { ChevronDown, EyeOff, SquareStack, Star } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { GameWhenWhere } from '../../../components/GameFacts';
import { SportIcon } from '../../../components/SportIcon';
import { HttpError } from '../../../lib/api-client';
import { cx } from '../../../lib/format';
import { isUpcoming } from '../../../lib/games';
import { useUserPosts } from '../api';
import { EmptyText } from './ProfileSection';
import { LoadingLine } from '../../../components/LoadStates';

/** A profile shows the first 3 posts or reviews (spec part 2 §9). */
const PREVIEW_COUNT = 3;

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
          <Icon aria-hidden="true" className="size-4 text-emerald-600" />
          <span className="flex-1">
            {title}
            {count !== null && ` (${count})`}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cx('size-5 text-slate-400 transition-transform', open && 'rotate-180')}
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
      <EyeOff aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
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
            upcoming ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-500',
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

/**
 * Posts (n), collapsible, with the first 3 (spec part 2 §2), from `GET /posts/user/{id}`.
 * A member whose activity is private for this viewer gets a note instead.
 */
export function PostsSection({ userId, username, own, visible }: ActivityProps) {
  const posts = useUserPosts(userId, visible);
  const hidden = !visible || (posts.error instanceof HttpError && posts.error.status === 403);

  let count: string | null = null;
  if (!hidden && posts.data) count = `${posts.data.posts.length}${posts.data.more ? '+' : ''}`;

  let body: ReactNode;
  if (hidden) {
    body = <PrivateNote>{username} keeps their posts private.</PrivateNote>;
  } else if (posts.isPending) {
    body = <LoadingLine>Loading posts…</LoadingLine>;
  } else if (posts.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm text-rose-700">
          Could not load posts.
        </p>
        <Button variant="secondary" size="sm" onClick={() => void posts.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (posts.data.posts.length === 0) {
    body = (
      <EmptyText>
        No posts yet
        {own && (
          <>
            {' · '}
            <Link to="/create-post" className="font-semibold text-emerald-700 hover:underline">
              Create a post
            </Link>
          </>
        )}
      </EmptyText>
    );
  } else {
    body = (
      <ul className="space-y-3">
        {posts.data.posts.slice(0, PREVIEW_COUNT).map((post) => (
          <li key={post.id}>
            <PostPreview post={post} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <CollapsibleSection title="Posts" icon={SquareStack} count={count}>
      {body}
      {own && (
        <Link to="/past-posts" className={moreLinkClass}>
          See all my posts
        </Link>
      )}
    </CollapsibleSection>
  );
}

/**
 * Reviews (n), collapsible (spec part 2 §2). Reviews arrive in a later issue; until then the
 * section says there are none.
 */
export function ReviewsSection({ username, own, visible }: Omit<ActivityProps, 'userId'>) {
  return (
    <CollapsibleSection title="Reviews" icon={Star} count={visible ? '0' : null}>
      {visible ? (
        <EmptyText>No reviews yet</EmptyText>
      ) : (
        <PrivateNote>{username} keeps their reviews private.</PrivateNote>
      )}
      {own && (
        <Link to="/reviews" className={moreLinkClass}>
          See all reviews
        </Link>
      )}
    </CollapsibleSection>
  );
}
