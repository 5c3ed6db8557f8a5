import { reviewCategorySchema } from '@gameon/shared';
import type { Review } from '@gameon/shared';
import { PenLine, Pencil, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { EmptyState } from '../../../components/EmptyState';
import { FilterPanel } from '../../../components/FilterPanel';
import { ReportButton } from '../../../components/ReportButton';
import { Tabs, pillTabClass } from '../../../components/Tabs';
import { reviewCategoryLabels } from '../../../lib/reviews';
import { useAuth } from '../../../lib/session';
import { useDeleteReview, useMyReviews, useReviews } from '../api';
import type { CategoryFilter as Filter } from '../api';
import { CategoryFilter } from '../components/CategoryFilter';
import { EditReviewDialog } from '../components/EditReviewDialog';
import { ReviewList } from '../components/ReviewList';
import { ReviewStatsPanel } from '../components/ReviewStatsPanel';

/** The page's views: everyone's reviews, or the member's own (`?view=mine`). */
const VIEWS = [
  { id: 'all', label: 'All reviews' },
  { id: 'mine', label: 'My reviews' },
] as const;
type View = (typeof VIEWS)[number]['id'];

const linkClass = 'font-semibold text-emerald-700 hover:underline';

/** "Write a review" inside an empty state. */
function WriteLink() {
  return (
    <Link to="/create-review" className={linkClass}>
      Write a review
    </Link>
  );
}

/** Everyone's reviews of the category in the URL, its ratings over them, the filter beside. */
function AllReviews({
  category,
  onCategoryChange,
}: {
  category: Filter;
  onCategoryChange: (category: Filter) => void;
}) {
  const reviews = useReviews(category);
  const { user } = useAuth();
  const label = category === 'all' ? null : reviewCategoryLabels[category];
  return (
    <div className="grid grid-cols-1 gap-6 min-[601px]:grid-cols-[12rem_minmax(0,1fr)]">
      <div className="min-[601px]:sticky min-[601px]:top-[85px] min-[601px]:self-start">
        <FilterPanel id="review-filters" activeCount={category === 'all' ? 0 : 1}>
          <CategoryFilter value={category} onChange={onCategoryChange} />
        </FilterPanel>
      </div>
      <div className="min-w-0 space-y-6">
        <ReviewStatsPanel category={category} />
        <ReviewList
          list={reviews}
          heading={label === null ? 'Latest reviews' : `Latest ${label} reviews`}
          empty={
            <EmptyState
              icon={Star}
              title={label === null ? 'No reviews yet' : `No ${label} reviews yet`}
            >
              Be the first to tell other players what to expect. <WriteLink />
            </EmptyState>
          }
          // One's own review has nothing to report (the server would refuse it).
          actions={(review) =>
            review.author_id === user?.id ? null : (
              <ReportButton path={`/reviews/${review.id}`} subject={review.title} />
            )
          }
        />
      </div>
    </div>
  );
}

/** What the page says after an edit or a delete. */
type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The member's own reviews, each with Edit (a dialog) and Delete (after a confirmation). */
function MyReviews() {
  const reviews = useMyReviews();
  const deleteReview = useDeleteReview();
  const [editing, setEditing] = useState<Review | null>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const confirmDelete = () => {
    if (deleting === null) return;
    setOutcome(null);
    deleteReview.mutate(deleting.id, {
      onSuccess: () => setOutcome({ tone: 'success', text: 'Review deleted.' }),
      onError: (failure) => {
        console.error('Could not delete the review', failure);
        setOutcome({ tone: 'error', text: 'Failed to delete review' });
      },
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      {outcome !== null && (
        <Alert tone={outcome.tone} className="mb-4">
          {outcome.text}
        </Alert>
      )}
      <ReviewList
        list={reviews}
        heading="Your reviews"
        empty={
          <EmptyState icon={Star} title="You have not written a review yet">
            Share how a venue, an event or a coach was. <WriteLink />
          </EmptyState>
        }
        actions={(review) => (
          <>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit ${review.title}`}
              onClick={() => setEditing(review)}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-rose-700! hover:bg-rose-50"
              aria-label={`Delete ${review.title}`}
              onClick={() => setDeleting(review)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          </>
        )}
      />
      {editing !== null && (
        <EditReviewDialog
          review={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setOutcome({ tone: 'success', text: 'Review updated.' });
          }}
        />
      )}
      {deleting !== null && (
        <ConfirmDeleteDialog
          title="Delete review"
          question="Are you sure you want to delete this review?"
          subject={deleting.title}
          pending={deleteReview.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      )}
    </>
  );
}

/**
 * Reviews `/reviews` (spec part 2 §2 "Reviews", §9; CONTRACT.md reviews calls): everyone's
 * reviews, newest first, with their ratings over them and a category filter (`?category=`)
 * behind a Filters toggle, a side panel on wider screens; the member's own under "My reviews"
 * (`?view=mine`), to edit or delete; and a link to write one. Lists load page by page.
 */
export function ReviewsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('view') === 'mine' ? 'mine' : 'all';
  const parsed = reviewCategorySchema.safeParse(searchParams.get('category'));
  const category: Filter = parsed.success ? parsed.data : 'all';

  /** Sets one query parameter (null removes it), keeping the others. */
  const setParam = (name: 'view' | 'category', value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Reviews</h1>
          <p className="mt-1 text-sm text-slate-500">
            What players say about venues, events, gear, coaches and GameOn.
          </p>
        </div>
        <Link to="/create-review" className={buttonClasses('primary')}>
          <PenLine aria-hidden="true" className="size-4" />
          Write a review
        </Link>
      </div>

      <Tabs
        label="Whose reviews"
        tabs={VIEWS}
        selected={view}
        onSelect={(id) => setParam('view', id === 'mine' ? 'mine' : null)}
        listClassName="mt-5 flex flex-wrap gap-2"
        tabClassName={pillTabClass}
        panelClassName="mt-5"
      >
        {view === 'all' ? (
          <AllReviews
            category={category}
            onCategoryChange={(next) => setParam('category', next === 'all' ? null : next)}
          />
        ) : (
          <MyReviews />
        )}
      </Tabs>
    </div>
  );
}
