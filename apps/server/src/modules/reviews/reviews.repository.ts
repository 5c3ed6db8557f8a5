/**
 * Queries for reviews and their tags. Lists join the author's username (no query per
 * row) and page newest first by keyset on (created_at, id), which the 0009 indexes serve.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ReviewCategory } from '@gameon/shared';
import type { DB, ReviewsTable } from '../../db/types.js';
import type { Keyset } from '../../lib/cursor.js';
import { presentTo } from '../access/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

export type NewReview = Insertable<ReviewsTable>;
/** What an edit replaces: everything but the author and the creation time. */
export type ReviewChanges = Pick<
  ReviewsTable,
  'category' | 'rating' | 'title' | 'content' | 'updated_at'
>;

async function insertTags(db: Executor, reviewId: number, tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  await db
    .insertInto('review_tags')
    .values(tags.map((tag, position) => ({ review_id: reviewId, tag, position })))
    .execute();
}

/** Inserts a review and its tags (in order); call it in a transaction. @returns the new id. */
export async function insertReview(
  db: Executor,
  review: NewReview,
  tags: string[],
): Promise<number> {
  const { id } = await db
    .insertInto('reviews')
    .values(review)
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertTags(db, id, tags);
  return id;
}

/**
 * Replaces review `id`'s fields and tags; call it in a transaction.
 * @returns false when the review no longer exists (nothing written).
 */
export async function replaceReview(
  db: Executor,
  id: number,
  changes: ReviewChanges,
  tags: string[],
): Promise<boolean> {
  const updated = await db
    .updateTable('reviews')
    .set(changes)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!updated) return false;
  await db.deleteFrom('review_tags').where('review_id', '=', id).execute();
  await insertTags(db, id, tags);
  return true;
}

/** Deletes review `id` (its tags go with it). @returns whether there was one. */
export async function deleteReview(db: Executor, id: number): Promise<boolean> {
  const rows = await db.deleteFrom('reviews').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

export interface ReviewFilter {
  /**
   * Reviews by members blocked either way with the viewer or suspended are
   * left out.
   */
  viewerId: number;
  category?: ReviewCategory;
  authorId?: number;
  /** The last row shown: its created_at and id. */
  cursor?: Keyset;
  limit: number;
}

function selectReviews(db: Executor) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.author_id')
    .select([
      'r.id',
      'r.author_id',
      'u.username as author_username',
      'r.category',
      'r.rating',
      'r.title',
      'r.content',
      'r.created_at',
      'r.updated_at',
    ]);
}

/** A review row as the lists read it: the review's columns plus `author_username`. */
export type ReviewListRow = NonNullable<Awaited<ReturnType<typeof findReview>>>;

/** Review `id` with its author's username, or undefined. */
export function findReview(db: Executor, id: number) {
  return selectReviews(db).where('r.id', '=', id).executeTakeFirst();
}

/**
 * Reviews matching `filter`, newest first (created_at, then id, descending), at most
 * `filter.limit`, with their authors' usernames.
 */
export function listReviews(db: Executor, filter: ReviewFilter) {
  let query = selectReviews(db).where(presentTo(filter.viewerId, 'r.author_id'));
  if (filter.category) query = query.where('r.category', '=', filter.category);
  if (filter.authorId !== undefined) query = query.where('r.author_id', '=', filter.authorId);
  if (filter.cursor) {
    const { time, id } = filter.cursor;
    query = query.where((eb) =>
      eb.or([
        eb('r.created_at', '<', time),
        eb.and([eb('r.created_at', '=', time), eb('r.id', '<', id)]),
      ]),
    );
  }
  return query
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(filter.limit)
    .execute();
}

/** The tags of `reviewIds`, in each review's order, in one query. */
export function tagsOf(db: Executor, reviewIds: number[]) {
  if (reviewIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('review_tags')
    .select(['review_id', 'tag'])
    .where('review_id', 'in', reviewIds)
    .orderBy('review_id')
    .orderBy('position')
    .execute();
}

/**
 * How many reviews give each rating in each category (at most 6 x 5 rows), leaving out authors
 * blocked either way with `viewerId` or suspended, as the list does. Counts are numbers on both
 * dialects.
 */
export async function ratingCounts(
  db: Executor,
  viewerId: number,
): Promise<{ category: ReviewCategory; rating: number; count: number }[]> {
  const rows = await db
    .selectFrom('reviews as r')
    .select(['r.category', 'r.rating', (eb) => eb.fn.countAll().as('count')])
    .where(presentTo(viewerId, 'r.author_id'))
    .groupBy(['r.category', 'r.rating'])
    .execute();
  // PostgreSQL's count is a bigint, which pg hands over as a string.
  return rows.map((r) => ({ category: r.category, rating: r.rating, count: Number(r.count) }));
}
