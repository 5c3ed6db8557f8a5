/**
 * Community reviews (spec part 2 §2 Reviews, §3 Review, §5 Create review; CONTRACT.md reviews
 * calls): members write, edit and delete their own reviews, read everyone's newest
 * first, a profile's when its activity is visible to them, and the rating stats. A member
 * blocked either way is not there: their reviews leave every list and the stats.
 */
import type { Kysely } from 'kysely';
import {
  REVIEW_CATEGORIES,
  type pageQuerySchema,
  type Review,
  type ReviewCategory,
  type reviewBodySchema,
  type ReviewStats,
  type reviewStatsQuerySchema,
  type reviewsQuerySchema,
} from '@gameon/shared';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/cursor.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { AccessService } from '../access/index.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ReportsService } from '../admin/reports.service.js';
import * as repo from './reviews.repository.js';

export interface ReviewsDeps {
  db: Kysely<DB>;
  /** Per-member write limits. */
  limiter: Pick<RateLimiter, 'write'>;
  access: Pick<AccessService, 'requireActivity' | 'requireReviews' | 'activityVisibleAmong'>;
  /** Where reports go (the admin module). */
  reports: Pick<ReportsService, 'fileReport'>;
}

type ReviewBody = z.output<typeof reviewBodySchema>;
type Page = z.output<typeof pageQuerySchema>;
/** A page of reviews and the cursor of the next one, if any (CONTRACT.md pagination). */
export interface ReviewPage {
  reviews: Review[];
  nextCursor?: string;
}

/** `sum * 100 / count` rounded half up, over 100: exact, as both are whole numbers. */
function averageOf(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum * 100) / count) / 100;
}

/**
 * The stats of CONTRACT.md `GET /reviews/stats` from per-category, per-rating counts: `count`,
 * `average_rating` (2 decimals, null when nothing was rated) and `distribution` for `category`
 * (`all` = every one), plus every category of REVIEW_CATEGORIES in that order, empty ones
 * included.
 */
export function summarize(
  counts: { category: ReviewCategory; rating: number; count: number }[],
  category: ReviewCategory | 'all',
): ReviewStats {
  const total = (rows: typeof counts) => {
    const count = rows.reduce((n, r) => n + r.count, 0);
    const sum = rows.reduce((n, r) => n + r.rating * r.count, 0);
    return { count, average_rating: averageOf(sum, count) };
  };
  const chosen = category === 'all' ? counts : counts.filter((r) => r.category === category);
  const stars = (rating: number) =>
    chosen.filter((r) => r.rating === rating).reduce((n, r) => n + r.count, 0);
  return {
    ...total(chosen),
    distribution: { '1': stars(1), '2': stars(2), '3': stars(3), '4': stars(4), '5': stars(5) },
    categories: REVIEW_CATEGORIES.map((c) => ({
      category: c,
      ...total(counts.filter((r) => r.category === c)),
    })),
  };
}

export function createReviewsService({ db, limiter, access, reports }: ReviewsDeps) {
  /**
   * Reviews as `viewerId` sees them, their tags loaded for the whole page in one query. An
   * author whose activity the viewer may not see (access module) is not named: `author_id` and
   * `author_username` are null, the review still counts and reads.
   */
  async function present(rows: repo.ReviewListRow[], viewerId: number): Promise<Review[]> {
    const [tags, named] = await Promise.all([
      repo.tagsOf(
        db,
        rows.map((r) => r.id),
      ),
      access.activityVisibleAmong(
        viewerId,
        rows.map((r) => r.author_id),
      ),
    ]);
    return rows.map((r) => ({
      ...r,
      ...(named.has(r.author_id) ? {} : { author_id: null, author_username: null }),
      tags: tags.filter((t) => t.review_id === r.id).map((t) => t.tag),
    }));
  }

  /** One page of `filter` (one extra row is read to know whether another page follows). */
  async function page(
    filter: Omit<repo.ReviewFilter, 'cursor' | 'limit'>,
    { limit, cursor }: Page,
  ): Promise<ReviewPage> {
    const rows = await repo.listReviews(db, {
      ...filter,
      ...(cursor === undefined ? {} : { cursor: decodeKeysetCursor(cursor) }),
      limit: limit + 1,
    });
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      reviews: await present(shown, filter.viewerId),
      ...(rows.length > limit && last
        ? { nextCursor: encodeKeysetCursor({ time: last.created_at, id: last.id }) }
        : {}),
    };
  }

  /** Review `id` as `viewerId` sees it. @throws AppError 404 when it is gone. */
  async function presentOne(id: number, viewerId: number): Promise<Review> {
    const row = await repo.findReview(db, id);
    if (!row) throw notFound('Review not found');
    const [review] = await present([row], viewerId);
    return review!;
  }

  /**
   * The author of review `id` may change it.
   * @throws AppError 404 unknown or blocked either way, 403 `not_author` for another member.
   */
  async function requireAuthor(userId: number, id: number, action: 'edit' | 'delete') {
    const authors = await access.requireReviews(userId, [id]);
    if (authors.get(id) !== userId)
      throw forbidden('not_author', `Only the author can ${action} this review`);
  }

  return {
    /**
     * `POST /reviews` (spec part 2 §5): a review by the caller, written with its tags in one
     * transaction; the body rules are the shared `reviewBodySchema`'s.
     * @returns the review, `updated_at` null.
     * @throws AppError 429 past the member's limit.
     */
    async create(authorId: number, input: ReviewBody): Promise<Review> {
      await limiter.write('review', authorId);
      const { tags, ...fields } = input;
      const id = await db
        .transaction()
        .execute((trx) =>
          repo.insertReview(
            trx,
            { ...fields, author_id: authorId, created_at: nowIso(), updated_at: null },
            tags,
          ),
        );
      return presentOne(id, authorId);
    },

    /**
     * `PUT /reviews/{id}` (CONTRACT.md): the author replaces every field and the tags; sets
     * `updated_at`, keeps `created_at` (so the review keeps its place in the lists).
     * @throws AppError 404 unknown, deleted or blocked either way, 403 `not_author`, 429 past
     *   the member's limit (edits and deletions together).
     */
    async update(userId: number, id: number, input: ReviewBody): Promise<Review> {
      await limiter.write('reviewEdit', userId);
      await requireAuthor(userId, id, 'edit');
      const { tags, ...fields } = input;
      const replaced = await db
        .transaction()
        .execute((trx) => repo.replaceReview(trx, id, { ...fields, updated_at: nowIso() }, tags));
      // Deleted between the check and the write.
      if (!replaced) throw notFound('Review not found');
      return presentOne(id, userId);
    },

    /**
     * `DELETE /reviews/{id}` (CONTRACT.md): the author deletes a review; a second delete finds
     * nothing.
     * @throws AppError 404 unknown, already deleted or blocked either way, 403 `not_author`,
     *   429 past the member's limit (edits and deletions together).
     */
    async remove(userId: number, id: number): Promise<{ success: true }> {
      await limiter.write('reviewEdit', userId);
      await requireAuthor(userId, id, 'delete');
      if (!(await repo.deleteReview(db, id))) throw notFound('Review not found');
      return { success: true };
    },

    /**
     * `GET /reviews?category=` (spec part 2 §2, §7): every review, or one category's (`all` or
     * absent = every one), newest first, without members blocked either way; authors whose
     * activity the viewer may not see are not named ({@link present}).
     * @throws AppError 400 invalid cursor.
     */
    list(
      viewerId: number,
      { category, ...pageQuery }: z.output<typeof reviewsQuerySchema>,
    ): Promise<ReviewPage> {
      return page({ viewerId, ...(category === 'all' ? {} : { category }) }, pageQuery);
    },

    /**
     * `GET /reviews/my-reviews` (spec part 2 §7): the caller's reviews, newest first.
     * @throws AppError 400 invalid cursor.
     */
    mine(userId: number, pageQuery: Page): Promise<ReviewPage> {
      return page({ viewerId: userId, authorId: userId }, pageQuery);
    },

    /**
     * `GET /users/{id}/reviews` (CONTRACT.md; spec part 2 §2 Profile): a member's reviews,
     * newest first, gated like their posts by activity_history_visibility.
     * @throws AppError 404 unknown or blocked either way, 403 `activity_private`, 400 invalid
     *   cursor.
     */
    async listByAuthor(viewerId: number, authorId: number, pageQuery: Page): Promise<ReviewPage> {
      await access.requireActivity(viewerId, authorId);
      return page({ viewerId, authorId }, pageQuery);
    },

    /**
     * `GET /reviews/stats?category=` (CONTRACT.md): see {@link summarize}. Reviews by members
     * blocked either way are left out, as in the list, so the numbers match what the viewer
     * can read; reviews whose author is not named to the viewer count, as they are listed
     * (the stats name nobody).
     */
    async stats(
      viewerId: number,
      { category }: z.output<typeof reviewStatsQuerySchema>,
    ): Promise<ReviewStats> {
      return summarize(await repo.ratingCounts(db, viewerId), category);
    },

    /**
     * `POST /reviews/{id}/report`: files a report about a review for the operators,
     * with the review's category, rating, title and text as they read now.
     * @throws AppError 404 unknown or hidden by a block, 400 one's own review.
     */
    async report(
      viewerId: number,
      reviewId: number,
      reason: string,
    ): Promise<{ success: true; message: string }> {
      await limiter.write('report', viewerId);
      const authorId = (await access.requireReviews(viewerId, [reviewId])).get(reviewId)!;
      if (authorId === viewerId) throw badRequest('You cannot report your own review');
      const row = await repo.findReview(db, reviewId);
      if (!row) throw notFound('Review not found');
      return reports.fileReport({
        reporterId: viewerId,
        targetType: 'review',
        targetId: reviewId,
        memberId: authorId,
        reason,
        snapshot: {
          type: 'review',
          category: row.category,
          rating: row.rating,
          title: row.title,
          content: row.content,
        },
      });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
