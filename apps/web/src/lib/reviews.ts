/** Display words of reviews (spec part 2 §9 "Review categories ... labels vary by screen"). */
import type { ReviewCategory } from '@gameon/shared';

/** The label of each review category, as the filter, the form and the cards show it. */
export const reviewCategoryLabels: Record<ReviewCategory, string> = {
  general: 'General',
  venue: 'Venue',
  event: 'Event',
  equipment: 'Equipment',
  coaching: 'Coaching',
  app: 'App',
};

/** A rating or an average of ratings (1-5) for display: whole as is, else one decimal ('4.3'). */
export function formatRating(rating: number): string {
  return Number.isInteger(rating) ? String(rating) : rating.toFixed(1);
}
