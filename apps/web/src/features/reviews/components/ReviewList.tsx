import type { Review } from '@gameon/shared';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { LoadMore } from '../../../components/LoadMore';
import { LoadingLine, RetryAlert } from '../../../components/LoadStates';
import { ReviewCard } from '../../../components/ReviewCard';
import type { useReviews } from '../api';

interface ReviewListProps {
  /** A list loaded page by page ({@link useReviews} or `useMyReviews`). */
  list: ReturnType<typeof useReviews>;
  /** The list's heading (for assistive technology; the tabs and filter say it on screen). */
  heading: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  /** Controls under a review, e.g. Edit and Delete for its author. */
  actions?: (review: Review) => ReactNode;
}

/**
 * Reviews as cards, newest first, the next page loading as the end scrolls into view,
 * with a loading line, a load failure with Try again, and `empty` for no reviews.
 */
export function ReviewList({ list, heading, empty, actions }: ReviewListProps) {
  const headingId = useId();
  let body: ReactNode;
  if (list.isPending) {
    body = <LoadingLine className="justify-center py-10">Loading reviews…</LoadingLine>;
  } else if (list.data === undefined) {
    body = (
      <RetryAlert onRetry={() => void list.refetch()}>We could not load these reviews.</RetryAlert>
    );
  } else if (list.data.length === 0) {
    body = empty;
  } else {
    body = (
      <>
        <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {list.data.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} actions={actions?.(review)} />
            </li>
          ))}
        </ul>
        <LoadMore list={list} className="mt-6 flex justify-center" />
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} aria-busy={list.isFetching}>
      <h2 id={headingId} className="sr-only">
        {heading}
      </h2>
      {body}
    </section>
  );
}
