import { formatDateTime, formatRelativeTime } from '@gameon/shared';
import type { Review } from '@gameon/shared';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx, viewerFormat } from '../lib/format';
import { reviewCategoryLabels } from '../lib/reviews';
import { RatingStars } from './RatingStars';
import { TagChips } from './TagChips';

interface ReviewCardProps {
  review: Review;
  /**
   * A profile's preview (spec part 2 §2 "Reviews (n)"): no author line, since the profile is the
   * author's, and the text cut to three lines.
   */
  compact?: boolean;
  /** Controls at the bottom, e.g. Edit and Delete for the author. */
  actions?: ReactNode;
}

/**
 * A review (spec part 2 §3 Review) as an article named by its title: stars ("4 out of 5
 * stars"), category, title, text, tags, the author linking to their profile ("A member", no
 * link, when the server does not name them: their activity is private to the viewer), when it
 * was written (relative, the full date on hover) and "edited" once it has been changed.
 */
export function ReviewCard({ review, compact = false, actions }: ReviewCardProps) {
  const titleId = useId();
  const format = viewerFormat();
  return (
    <article
      aria-labelledby={titleId}
      className={cx(
        'flex h-full flex-col bg-white ring-1 ring-slate-200',
        compact ? 'rounded-xl p-3' : 'rounded-2xl p-5 shadow-sm',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={review.rating} />
        <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
          {reviewCategoryLabels[review.category]}
        </span>
      </div>
      <h3 id={titleId} className="mt-2 font-semibold break-words text-slate-900">
        {review.title}
      </h3>
      <p
        className={cx(
          'mt-1 text-sm break-words whitespace-pre-line text-slate-600',
          compact && 'line-clamp-3',
        )}
      >
        {review.content}
      </p>
      <TagChips tags={review.tags} className="mt-3" />
      <p className="mt-auto flex flex-wrap items-center gap-x-1.5 pt-3 text-xs text-slate-500">
        {!compact && (
          <>
            <span>
              by{' '}
              {review.author_id === null || review.author_username === null ? (
                // The author's activity is private to this viewer: the server does not name them.
                <span className="font-semibold text-slate-700">A member</span>
              ) : (
                <Link
                  to={`/profile/${review.author_id}`}
                  className="font-semibold text-slate-700 hover:text-emerald-700 hover:underline"
                >
                  {review.author_username}
                </Link>
              )}
            </span>
            <span aria-hidden="true">·</span>
          </>
        )}
        <time dateTime={review.created_at} title={formatDateTime(review.created_at, format)}>
          {formatRelativeTime(review.created_at, new Date(), format)}
        </time>
        {review.updated_at !== null && (
          <>
            <span aria-hidden="true">·</span>
            <span title={`Edited ${formatDateTime(review.updated_at, format)}`}>edited</span>
          </>
        )}
      </p>
      {actions !== undefined && (
        <div className="mt-3 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
          {actions}
        </div>
      )}
    </article>
  );
}
