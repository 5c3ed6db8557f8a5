/** The create and edit review form (spec part 2 §5 "Create review"): its values and rules. */
import { reviewBodySchema } from '@gameon/shared';
import type { Review } from '@gameon/shared';
import { z } from 'zod';
import { parseCommaList } from '../../lib/format';

const body = reviewBodySchema.shape;

/**
 * The form's values checked by the rules of the `POST /reviews` body (spec part 2 §5), as typed:
 * no rating yet is null ("Please select a rating"), no category yet '' ("Please select a
 * category"), and the tags one comma-separated text, split, trimmed and with empties dropped.
 * Parses to the body sent.
 */
export const reviewFormSchema = z.object({
  rating: z.number().nullable().pipe(body.rating),
  category: z.string().pipe(body.category),
  title: body.title,
  content: body.content,
  tags: z.string().transform(parseCommaList).pipe(body.tags.unwrap()),
});
export type ReviewFormValues = z.input<typeof reviewFormSchema>;

/** A new review's form. */
export const emptyReviewForm: ReviewFormValues = {
  rating: null,
  category: '',
  title: '',
  content: '',
  tags: '',
};

/** The form of an edit, filled with `review` (its tags joined with ', '). */
export function reviewFormValues(review: Review): ReviewFormValues {
  return {
    rating: review.rating,
    category: review.category,
    title: review.title,
    content: review.content,
    tags: review.tags.join(', '),
  };
}
