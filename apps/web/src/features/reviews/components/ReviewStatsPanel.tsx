import type { ReviewStats } from '@gameon/shared';
import { useId } from 'react';
import { LoadingLine, RetryNote } from '../../../components/LoadStates';
import { RatingStars } from '../../../components/RatingStars';
import { formatRating, reviewCategoryLabels } from '../../../lib/reviews';
import { useReviewStats } from '../api';
import type { CategoryFilter } from '../api';

function reviewCount(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** The keys of the count per star, from 5 stars down to 1. */
const STARS_DOWN = ['5', '4', '3', '2', '1'] as const;

/** The count per star, 5 down to 1, each as a bar of its share of all ratings. */
function Distribution({ stats }: { stats: ReviewStats }) {
  return (
    <ul aria-label="Ratings by stars" className="space-y-1.5">
      {STARS_DOWN.map((star) => {
        const count = stats.distribution[star];
        const share = stats.count === 0 ? 0 : count / stats.count;
        return (
          <li key={star} className="flex items-center gap-2 text-sm text-slate-600">
            <span className="w-14 shrink-0">{star === '1' ? '1 star' : `${star} stars`}</span>
            <span
              aria-hidden="true"
              className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
            >
              <span
                className="block h-full rounded-full bg-amber-400"
                style={{ width: `${Math.round(share * 100)}%` }}
              />
            </span>
            <span className="w-16 shrink-0 text-right tabular-nums">
              {count}
              <span className="sr-only"> {count === 1 ? 'review' : 'reviews'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Every category's count and average rating (CONTRACT.md: all six, even empty ones). */
function CategoryTable({ stats }: { stats: ReviewStats }) {
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        By category
      </h3>
      <table aria-labelledby={headingId} className="mt-2 w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Reviews</th>
            <th scope="col">Average rating</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {stats.categories.map((row) => (
            <tr key={row.category}>
              <th scope="row" className="py-1.5 text-left font-medium text-slate-700">
                {reviewCategoryLabels[row.category]}
              </th>
              <td className="py-1.5 text-right text-slate-500 tabular-nums">
                {reviewCount(row.count)}
              </td>
              <td className="w-12 py-1.5 text-right font-semibold text-slate-800 tabular-nums">
                {row.average_rating === null ? (
                  <span aria-label="No ratings">–</span>
                ) : (
                  formatRating(row.average_rating)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The ratings over the list (`GET /reviews/stats`, CONTRACT.md), for the chosen category: how
 * many reviews, their average as a number and stars, the count per star and each category's
 * count and average.
 */
export function ReviewStatsPanel({ category }: { category: CategoryFilter }) {
  const stats = useReviewStats(category);
  const headingId = useId();

  let body;
  if (stats.isPending) {
    body = <LoadingLine>Loading ratings…</LoadingLine>;
  } else if (stats.isError) {
    body = (
      <RetryNote onRetry={() => void stats.refetch()}>We could not load the ratings.</RetryNote>
    );
  } else {
    const { data } = stats;
    body = (
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[auto_minmax(0,1fr)] xl:grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex flex-col items-start gap-1">
          <p className="text-4xl font-bold text-slate-900 tabular-nums">
            {data.average_rating === null ? '–' : formatRating(data.average_rating)}
            <span className="sr-only"> average rating</span>
          </p>
          {data.average_rating !== null && <RatingStars rating={data.average_rating} />}
          <p className="text-sm text-slate-500">
            {data.count === 0 ? 'No ratings yet' : reviewCount(data.count)}
          </p>
        </div>
        <Distribution stats={data} />
        <CategoryTable stats={data} />
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="mb-4 text-base font-semibold text-slate-900">
        {category === 'all' ? 'Ratings' : `${reviewCategoryLabels[category]} ratings`}
      </h2>
      {body}
    </section>
  );
}
