import { REVIEW_RATING_MAX } from '@gameon/shared';
import { Star } from 'lucide-react';
import { cx } from '../lib/format';
import { formatRating } from '../lib/reviews';

/** The star numbers 1-5 of a rating (spec part 2 §3 Review: rating 1-5). */
export const STAR_VALUES = Array.from({ length: REVIEW_RATING_MAX }, (_, index) => index + 1);

/** One decorative star, amber when `filled`, else grey. */
export function StarIcon({ filled, className }: { filled: boolean; className: string }) {
  return (
    <Star
      aria-hidden="true"
      className={cx(
        'shrink-0',
        filled ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-300',
        className,
      )}
    />
  );
}

/**
 * A rating (1-5, or an average of them) as five stars, the nearest whole number of them filled,
 * named for assistive technology e.g. "4 out of 5 stars" or "4.3 out of 5 stars".
 */
export function RatingStars({
  rating,
  starClassName = 'size-4',
}: {
  rating: number;
  /** Size of each star. */
  starClassName?: string;
}) {
  const filled = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={`${formatRating(rating)} out of ${REVIEW_RATING_MAX} stars`}
      className="inline-flex items-center gap-0.5"
    >
      {STAR_VALUES.map((value) => (
        <StarIcon key={value} filled={value <= filled} className={starClassName} />
      ))}
    </span>
  );
}
