/**
 * Comments on a game (`GET|POST /posts/{id}/comments`, `DELETE /posts/{id}/comments/{commentId}`,
 * `POST /comments/{id}/report`): a public thread on the game page, oldest first (newest last),
 * paged by keyset cursor (CONTRACT.md pagination). Who may write follows the host's
 * `post_comments` setting.
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema, userRefSchema } from './common.js';
import { REQUEST_AUDIENCES } from './users.js';

/** A comment's most characters, after trimming. */
export const COMMENT_MAX_LENGTH = 500;

/** `POST /posts/{id}/comments` body: `content`, 1-500 characters after trimming. */
export const commentBodySchema = z.object({
  content: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment cannot be empty')
    .max(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`),
});
export type CommentBody = z.infer<typeof commentBodySchema>;

/** `/posts/{id}/comments/{commentId}`. */
export const commentParamsSchema = z.object({ id: idSchema, commentId: idSchema });

/** `GET /posts/{id}/comments?limit=&cursor=` (20 a page by default, at most 100). */
export const commentsQuerySchema = pageQuerySchema;

/**
 * One comment as a viewer reads it: `author` with the username, `created_at` UTC ISO;
 * `can_delete` when the viewer wrote it or hosts the game.
 */
export const commentSchema = z.object({
  id: z.number(),
  post_id: z.number(),
  author: userRefSchema,
  content: z.string(),
  created_at: z.string(),
  can_delete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

/**
 * Why the viewer may not write on a thread, or null when they may: `signed_out`, `closed` (the
 * host's `post_comments` is `none`: the thread is hidden), `friends_only` (the host takes
 * comments from friends only: members they follow who follow them back).
 */
export const COMMENT_REFUSALS = ['signed_out', 'closed', 'friends_only'] as const;
export type CommentRefusal = (typeof COMMENT_REFUSALS)[number];

/**
 * `GET /posts/{id}/comments`: one page of the thread (next page's cursor in `X-Next-Cursor`),
 * `who_can_comment` the host's `post_comments` (`none`: closed and hidden, `comments` empty) and
 * `refusal`, why the viewer cannot write (null: they can).
 */
export const commentThreadSchema = z.object({
  comments: z.array(commentSchema),
  who_can_comment: z.enum(REQUEST_AUDIENCES),
  refusal: z.enum(COMMENT_REFUSALS).nullable(),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;
