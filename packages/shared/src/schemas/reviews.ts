/** Community reviews (spec part 2 §2 Reviews, §3 Review, §5, §7; CONTRACT.md reviews calls). */
import { z } from 'zod';
import {
  REVIEW_CATEGORIES,
  REVIEW_CONTENT_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TITLE_MAX,
} from '../constants.js';
import { textListSchema } from './auth.js';
import { pageQuerySchema } from './common.js';

export const reviewCategorySchema = z.enum(REVIEW_CATEGORIES, {
  error: 'Please select a category',
});

/**
 * `POST /reviews` and `PUT /reviews/{id}` body (spec part 2 §5): rating 1-5 required ("Please
 * select a rating"), category one of six, title 1-100 and content 1-2000 characters after
 * trimming, tags trimmed with empties and case-insensitive duplicates dropped.
 */
export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'Please select a rating' })
    .int('Please select a rating')
    .min(REVIEW_RATING_MIN, 'Please select a rating')
    .max(REVIEW_RATING_MAX, 'Please select a rating'),
  category: reviewCategorySchema,
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(REVIEW_TITLE_MAX, `Title must be at most ${REVIEW_TITLE_MAX} characters`),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(REVIEW_CONTENT_MAX, `Content must be at most ${REVIEW_CONTENT_MAX} characters`),
  tags: textListSchema.default([]),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

/**
 * A review as the API returns it (spec part 2 §3 Review). `created_at` is ISO 8601 UTC.
 * `author_id` and `author_username` are null to a viewer the author's
 * activity_history_visibility does not admit: the review reads, its author is not named.
 */
export const reviewSchema = z.object({
  id: z.number(),
  author_id: z.number().nullable(),
  author_username: z.string().nullable(),
  category: reviewCategorySchema,
  rating: z.number(),
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewsResponseSchema = z.array(reviewSchema);

/** `?category=` of the list and the stats: one category, or `all` / absent for every one. */
const categoryFilterSchema = z
  .enum(['all', ...REVIEW_CATEGORIES], { error: 'Unknown category' })
  .default('all');

/** `GET /reviews` query: a category filter plus the cursor page (newest first). */
export const reviewsQuerySchema = pageQuerySchema.extend({ category: categoryFilterSchema });
export type ReviewsQuery = z.input<typeof reviewsQuerySchema>;

/** `GET /reviews/stats` query. */
export const reviewStatsQuerySchema = z.object({ category: categoryFilterSchema });

/** An average over 1-5 ratings, rounded to 2 decimals; `null` when nothing was rated. */
const averageSchema = z.number().nullable();

/**
 * `GET /reviews/stats` (CONTRACT.md): totals for the filter, the count per star, and every one of
 * the six categories with its own count and average, empty ones included.
 */
export const reviewStatsSchema = z.object({
  count: z.number(),
  average_rating: averageSchema,
  distribution: z.object({
    '1': z.number(),
    '2': z.number(),
    '3': z.number(),
    '4': z.number(),
    '5': z.number(),
  }),
  categories: z.array(
    z.object({ category: reviewCategorySchema, count: z.number(), average_rating: averageSchema }),
  ),
});
export type ReviewStats = z.infer<typeof reviewStatsSchema>;
