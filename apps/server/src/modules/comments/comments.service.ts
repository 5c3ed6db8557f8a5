/**
 * Comments on a game: a public thread on the game page, oldest first (newest last), paged by
 * keyset cursor. Who may write follows the host's `post_comments` (the access module's
 * `commentAccess`: `anyone` = members, `friends_only` = members the host follows who follow
 * back, `none` = closed and hidden); signed-out visitors read the thread of a game they may see.
 * A comment's author or the game's host deletes it. Comments of members blocked either way with
 * the viewer or with the host, and of suspended members, are not there. A new comment tells the
 * host, and a host's comment tells the commenters it answers (`comment.created`).
 */
import type { Kysely } from 'kysely';
import type { Comment, CommentRefusal, CommentThread, commentsQuerySchema } from '@gameon/shared';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/cursor.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { nowIso } from '../../lib/time.js';
import type { AccessService } from '../access/index.js';
import type { ReportsService } from '../admin/reports.service.js';
import * as repo from './comments.repository.js';

export interface CommentsDeps {
  db: Kysely<DB>;
  events: DomainEventBus;
  /** Per-member write limits: comments, their deletions, reports. */
  limiter: Pick<RateLimiter, 'write'>;
  access: Pick<AccessService, 'commentAccess'>;
  /** Where reports go (the admin module). */
  reports: Pick<ReportsService, 'fileReport'>;
}

/** A page of the thread and the cursor of the next (newer) one, if any. */
export interface CommentPage {
  thread: CommentThread;
  nextCursor?: string;
}

/** The refusal of a comment the host's `post_comments` does not admit, by its reason. */
function refuse(refusal: Exclude<CommentRefusal, 'signed_out'>) {
  return refusal === 'closed'
    ? forbidden('comments_closed', 'The host has closed comments on this game')
    : forbidden('comments_friends_only', "Only the host's friends can comment on this game");
}

export function createCommentsService({ db, events, limiter, access, reports }: CommentsDeps) {
  /** `row` as `viewerId` reads it on the game of `hostId`. */
  function present(row: repo.CommentRow, viewerId: number | null, hostId: number): Comment {
    return {
      id: row.id,
      post_id: row.post_id,
      author: { id: row.author_id, username: row.username },
      content: row.content,
      created_at: row.created_at,
      can_delete: viewerId !== null && (viewerId === row.author_id || viewerId === hostId),
    };
  }

  return {
    /**
     * `GET /posts/{id}/comments`: one page of game `postId`'s thread as `viewerId` (null:
     * signed out) reads it, oldest first; empty when the host closed comments (`none`).
     * @throws AppError 404 unknown or hidden game (as `GET /posts/{id}`), 400 invalid cursor.
     */
    async list(
      viewerId: number | null,
      postId: number,
      { limit, cursor }: z.output<typeof commentsQuerySchema>,
    ): Promise<CommentPage> {
      const { hostId, setting, refusal } = await access.commentAccess(viewerId, postId);
      const after = cursor === undefined ? undefined : decodeKeysetCursor(cursor);
      const thread = { who_can_comment: setting, refusal };
      if (setting === 'none') return { thread: { ...thread, comments: [] } };
      const rows = await repo.listComments(
        db,
        postId,
        { viewerId, hostId },
        { ...(after ? { cursor: after } : {}), limit: limit + 1 },
      );
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        thread: { ...thread, comments: shown.map((r) => present(r, viewerId, hostId)) },
        ...(rows.length > limit && last
          ? { nextCursor: encodeKeysetCursor({ time: last.created_at, id: last.id }) }
          : {}),
      };
    },

    /**
     * `POST /posts/{id}/comments`: a comment by `authorId` (content trimmed, 1-500 characters:
     * the shared `commentBodySchema`). The host is told; a host's comment tells the members
     * whose comments it follows since the host last wrote there.
     * @returns the stored comment.
     * @throws AppError 429 past the member's limit, 404 unknown or hidden game, 403
     *   `comments_closed` (host's `none`) or `comments_friends_only` (not the host's friend).
     */
    async create(authorId: number, postId: number, content: string): Promise<Comment> {
      await limiter.write('comment', authorId);
      const { hostId, refusal } = await access.commentAccess(authorId, postId);
      if (refusal !== null && refusal !== 'signed_out') throw refuse(refusal);
      const id = await repo.insertComment(db, {
        post_id: postId,
        author_id: authorId,
        content,
        created_at: nowIso(),
      });
      const [row, heading, answeredIds] = await Promise.all([
        repo.findComment(db, postId, id, { viewerId: authorId, hostId }),
        repo.postHeading(db, postId),
        authorId === hostId
          ? repo.answeredCommenters(db, { postId, hostId, commentId: id })
          : Promise.resolve([]),
      ]);
      // Deleted with its game between the write and the read.
      if (!row || heading === undefined) throw notFound('Post not found');
      events.emit('comment.created', {
        postId,
        heading,
        hostId,
        commentId: id,
        author: { id: authorId, username: row.username },
        answeredIds,
      });
      return present(row, authorId, hostId);
    },

    /**
     * `DELETE /posts/{id}/comments/{commentId}`: the comment's author or the game's host
     * deletes it; a second delete finds nothing.
     * @throws AppError 429 past the member's limit, 404 unknown or hidden game or comment, 403
     *   `not_author` for another member who can see it.
     */
    async remove(userId: number, postId: number, commentId: number): Promise<{ success: true }> {
      await limiter.write('commentDelete', userId);
      const { hostId } = await access.commentAccess(userId, postId);
      const row = await repo.findComment(db, postId, commentId, { viewerId: userId, hostId });
      if (!row) throw notFound('Comment not found');
      if (row.author_id !== userId && hostId !== userId)
        throw forbidden('not_author', 'Only its author or the host can delete this comment');
      if (!(await repo.deleteComment(db, commentId))) throw notFound('Comment not found');
      return { success: true };
    },

    /**
     * `POST /comments/{id}/report`: files a report about a comment for the operators, with its
     * text and its game's id and title as they read now.
     * @throws AppError 429 past the member's limit, 404 unknown or hidden comment (or its
     *   thread, when the host closed it), 400 one's own comment.
     */
    async report(
      viewerId: number,
      commentId: number,
      reason: string,
    ): Promise<{ success: true; message: string }> {
      await limiter.write('report', viewerId);
      const postId = await repo.postOfComment(db, commentId);
      if (postId === undefined) throw notFound('Comment not found');
      const { hostId, setting } = await access
        .commentAccess(viewerId, postId)
        .catch((error: unknown) => {
          // The game is hidden from the viewer: so is the comment.
          throw error instanceof AppError && error.status === 404
            ? notFound('Comment not found')
            : error;
        });
      const [row, heading] = await Promise.all([
        repo.findComment(db, postId, commentId, { viewerId, hostId }),
        repo.postHeading(db, postId),
      ]);
      if (!row || heading === undefined || setting === 'none') throw notFound('Comment not found');
      if (row.author_id === viewerId) throw badRequest('You cannot report your own comment');
      return reports.fileReport({
        reporterId: viewerId,
        targetType: 'comment',
        targetId: commentId,
        memberId: row.author_id,
        reason,
        snapshot: { type: 'comment', content: row.content, post_id: postId, heading },
      });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
