import type { Post } from '@gameon/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, SquareStack, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { EmptyState } from '../../../components/EmptyState';
import { PostCapacity } from '../../../components/GameCapacity';
import { GameTitleLink, GameWhenWhere, HostLink, SportBadge } from '../../../components/GameFacts';
import { LoadingLine, RetryAlert } from '../../../components/LoadStates';
import { Tabs, pillTabClass } from '../../../components/Tabs';
import { cx } from '../../../lib/format';
import { isUpcoming } from '../../../lib/games';
import { useCurrentUser } from '../../../lib/session';
import { postQueries, useDeletePost, useJoinedGames, useMyPosts } from '../api';

/** The filters of My Posts (spec part 2 §2), plus the games the member joined. */
const FILTERS = ['All', 'Upcoming', 'Past Events', 'Joined'] as const;
type Filter = (typeof FILTERS)[number];

const emptyTexts: Record<Filter, { title: string; text: string }> = {
  All: { title: 'No posts yet', text: 'You have not posted a game yet.' },
  Upcoming: { title: 'No upcoming posts', text: 'None of your games is coming up.' },
  'Past Events': { title: 'No past events', text: 'None of your games has taken place yet.' },
  Joined: { title: 'No joined games', text: 'You have not joined an upcoming game.' },
};

/** What the page says after a delete (spec part 2 §8). */
type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The `notice` of router state (HostGameActions' MyPostsNotice), or null. */
function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' ? state.notice : null;
}

function MyPostCard({
  post,
  viewerId,
  onDelete,
}: {
  post: Post;
  viewerId: number;
  /** Asks to delete `post`; offered on the member's own upcoming games only (spec part 2 §2, §6). */
  onDelete: (post: Post) => void;
}) {
  const upcoming = isUpcoming(post);
  const deletable = post.author_id === viewerId && upcoming;
  const waiting = post.waitlist?.length ?? 0;
  const titleId = `my-post-${post.id}`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <SportBadge sport={post.sport} />
          <span
            className={cx(
              'rounded-full px-2.5 py-1 text-xs font-semibold',
              upcoming ? 'bg-sky-50 text-sky-700' : 'bg-slate-100 text-slate-600',
            )}
          >
            {upcoming ? 'Upcoming' : 'Past Event'}
          </span>
        </div>
        <GameTitleLink post={post} id={titleId} />
        <GameWhenWhere
          post={post}
          className="mt-2 flex flex-col gap-1 text-sm text-slate-600"
          itemClassName="flex items-center gap-2"
          iconClassName="size-4 text-slate-500"
        />
        <PostCapacity className="mt-4" post={post} viewerId={viewerId} />
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm text-slate-500">
          {post.author_id === viewerId ? (
            <span>{waiting === 0 ? 'No waitlist' : `${waiting} on the waitlist`}</span>
          ) : (
            <span>
              Host <HostLink post={post} />
            </span>
          )}
          {deletable && (
            <Button
              variant="ghost"
              size="sm"
              className="text-rose-700! hover:bg-rose-50"
              onClick={() => onDelete(post)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
              <span className="sr-only"> {post.heading}</span>
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}

/**
 * My Posts `/past-posts` (spec part 2 §2, §4, §6, §8): the member's games under All,
 * Upcoming and Past Events, each with its count, plus the upcoming games they joined or wait
 * for. The host deletes an upcoming game after "Are you sure you want to delete this post?",
 * then the page says "Post deleted successfully!" or "Failed to delete post". Empty states link
 * to /create-post.
 */
export function MyPostsPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const mine = useMyPosts();
  const joined = useJoinedGames();
  const deletePost = useDeletePost();
  const [filter, setFilter] = useState<Filter>('All');
  const [confirming, setConfirming] = useState<Post | null>(null);
  const location = useLocation();
  // A delete from the game page lands here with the spec's success text.
  const [outcome, setOutcome] = useState<Outcome>(() => {
    const notice = noticeOf(location.state);
    return notice === null ? null : { tone: 'success', text: notice };
  });

  const hosted = mine.data ?? [];
  const lists: Record<Filter, Post[]> = {
    All: hosted,
    Upcoming: hosted.filter((post) => isUpcoming(post)),
    'Past Events': hosted.filter((post) => !isUpcoming(post)),
    Joined: joined.data ?? [],
  };
  const query = filter === 'Joined' ? joined : mine;
  const shown = lists[filter];

  const confirmDelete = () => {
    if (!confirming) return;
    setOutcome(null);
    deletePost.mutate(confirming.id, {
      onSuccess: () => {
        setOutcome({ tone: 'success', text: 'Post deleted successfully!' });
        void queryClient.invalidateQueries({ queryKey: postQueries.all() });
      },
      onError: (failure) => {
        console.error('Could not delete the post', failure);
        setOutcome({ tone: 'error', text: 'Failed to delete post' });
      },
      onSettled: () => setConfirming(null),
    });
  };

  let panel;
  if (query.isPending) {
    panel = <LoadingLine>Loading your posts…</LoadingLine>;
  } else if (query.isError) {
    panel = (
      <RetryAlert onRetry={() => void query.refetch()}>We could not load these games.</RetryAlert>
    );
  } else if (shown.length === 0) {
    const empty = emptyTexts[filter];
    panel = (
      <EmptyState icon={SquareStack} title={empty.title}>
        {empty.text}{' '}
        <Link to="/create-post" className="font-semibold text-emerald-700 hover:underline">
          Create a post
        </Link>
      </EmptyState>
    );
  } else {
    panel = (
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {shown.map((post) => (
          <MyPostCard key={post.id} post={post} viewerId={user.id} onDelete={setConfirming} />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Posts</h1>
        <Link to="/create-post" className={buttonClasses('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          Create a post
        </Link>
      </div>

      {outcome !== null && (
        <Alert tone={outcome.tone} className="mt-4">
          {outcome.text}
        </Alert>
      )}

      <Tabs
        label="Filter posts"
        tabs={FILTERS.map((id) => {
          const loaded = id === 'Joined' ? joined.isSuccess : mine.isSuccess;
          return { id, label: loaded ? `${id} (${lists[id].length})` : id };
        })}
        selected={filter}
        onSelect={setFilter}
        listClassName="mt-5 flex flex-wrap gap-2"
        tabClassName={pillTabClass}
        panelClassName="mt-5"
      >
        {panel}
      </Tabs>

      {confirming !== null && (
        <ConfirmDeleteDialog
          title="Delete post"
          question="Are you sure you want to delete this post?"
          subject={confirming.heading}
          pending={deletePost.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={confirmDelete}
        />
      )}
    </div>
  );
}
