/**
 * Queries for comments on games. The thread reads oldest first by keyset on (created_at, id),
 * which `comments_post_created_idx` (post_id, created_at, id) serves, joining each author's
 * username (no query per row). Every read composes the access module's SQL rules: a comment
 * whose author is blocked either way with the viewer or suspended is not there
 * (`presentTo`), nor one whose author is blocked either way with the game's host.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CommentsTable, DB } from '../../db/types.js';
import { afterKeyset, type Keyset } from '../../lib/cursor.js';
import { notBlockedWith, presentTo } from '../access/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Whose eyes a read is for: the viewer (null: signed out) and the game's host. */
export interface Audience {
  viewerId: number | null;
  hostId: number;
}

function selectComments(db: Executor, { viewerId, hostId }: Audience) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.post_id', 'c.author_id', 'u.username', 'c.content', 'c.created_at'])
    .where(presentTo(viewerId, 'c.author_id'))
    .where(notBlockedWith(hostId, 'c.author_id'));
}

/** A comment row as read: its columns plus the author's `username`. */
export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>;

/** Stores a comment. @returns its id. */
export async function insertComment(
  db: Executor,
  comment: Insertable<CommentsTable>,
): Promise<number> {
  const { id } = await db
    .insertInto('comments')
    .values(comment)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Comment `id` on game `postId` as `audience` may see it, or undefined. */
export function findComment(db: Executor, postId: number, id: number, audience: Audience) {
  return selectComments(db, audience)
    .where('c.post_id', '=', postId)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** The game comment `id` is on, or undefined when there is no such comment. */
export async function postOfComment(db: Executor, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('comments')
    .select('post_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.post_id;
}

/**
 * The comments of game `postId` as `audience` may see them, oldest first (created_at, then id),
 * after `cursor` when given, at most `limit`.
 */
export function listComments(
  db: Executor,
  postId: number,
  audience: Audience,
  { cursor, limit }: { cursor?: Keyset; limit: number },
) {
  let query = selectComments(db, audience).where('c.post_id', '=', postId);
  if (cursor) query = query.where(afterKeyset({ time: 'c.created_at', id: 'c.id' }, cursor));
  return query.orderBy('c.created_at').orderBy('c.id').limit(limit).execute();
}

/** Deletes comment `id`. @returns whether there was one. */
export async function deleteComment(db: Executor, id: number): Promise<boolean> {
  const rows = await db.deleteFrom('comments').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

/**
 * The members the host answers with comment `commentId` on game `postId`: the authors of the
 * comments written since the host's previous comment on that game (all before it when there is
 * none), the host left out, as the host may see them (no block either way, not suspended).
 */
export async function answeredCommenters(
  db: Executor,
  { postId, hostId, commentId }: { postId: number; hostId: number; commentId: number },
): Promise<number[]> {
  const previous = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('post_id', '=', postId)
    .where('author_id', '=', hostId)
    .where('id', '<', commentId)
    .executeTakeFirst();
  let query = db
    .selectFrom('comments as c')
    .select('c.author_id')
    .distinct()
    .where('c.post_id', '=', postId)
    .where('c.author_id', '<>', hostId)
    .where('c.id', '<', commentId)
    .where(presentTo(hostId, 'c.author_id'));
  if (previous?.id != null) query = query.where('c.id', '>', previous.id);
  return (await query.execute()).map((r) => r.author_id);
}

/** Game `postId`'s title, or undefined when it is gone. */
export async function postHeading(db: Executor, postId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('posts')
    .select('heading')
    .where('id', '=', postId)
    .executeTakeFirst();
  return row?.heading;
}
