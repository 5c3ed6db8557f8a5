/**
 * Comments on a game (the game page's thread): the thread a page at a time, oldest first, with
 * the host's `post_comments` and why the viewer may not write; writing and deleting a comment.
 */
import { commentSchema, commentThreadSchema, successSchema } from '@gameon/shared';
import type { Comment, CommentRefusal, CommentThread } from '@gameon/shared';
import { infiniteQueryOptions, mutationOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { useRefetchingMutation } from '../../lib/use-refetching-mutation';

/** Comments a page: the thread's first answer holds this many. */
export const COMMENTS_PAGE_SIZE = 20;

interface ThreadPage {
  thread: CommentThread;
  /** Cursor of the next, newer page (`X-Next-Cursor`), null at the newest. */
  nextCursor: string | null;
}

/** A thread as the page shows it: every loaded comment, oldest first, and who may write. */
export interface LoadedThread {
  comments: Comment[];
  whoCanComment: CommentThread['who_can_comment'];
  refusal: CommentRefusal | null;
}

function allLoaded(data: InfiniteData<ThreadPage, string | null>): LoadedThread {
  const first = data.pages[0]?.thread;
  return {
    comments: data.pages.flatMap((page) => page.thread.comments),
    whoCanComment: first?.who_can_comment ?? 'anyone',
    refusal: first?.refusal ?? null,
  };
}

/** Query options of the comments; other places reuse their `queryKey`. */
export const commentQueries = {
  /** Prefix of every comments query. */
  all: () => ['comments'] as const,
  /** `GET /posts/{id}/comments`: the thread of game `postId`, a page at a time. */
  thread: (postId: number) =>
    infiniteQueryOptions({
      queryKey: [...commentQueries.all(), postId] as const,
      initialPageParam: null as string | null,
      queryFn: async ({ pageParam, signal }): Promise<ThreadPage> => {
        const { data, nextCursor } = await apiRequest(`/posts/${postId}/comments`, {
          query: { limit: COMMENTS_PAGE_SIZE, cursor: pageParam ?? undefined },
          schema: commentThreadSchema,
          signal,
        });
        return { thread: data, nextCursor };
      },
      getNextPageParam: (page) => page.nextCursor,
    }),
};

/** The thread of game `postId` ({@link commentQueries.thread}), every loaded page in one. */
export function useCommentThread(postId: number) {
  return useInfiniteQuery({ ...commentQueries.thread(postId), select: allLoaded });
}

/** `POST /posts/{id}/comments` `{content}` -> the new comment (201); 403 closed or friends only. */
const postCommentMutation = (postId: number) =>
  mutationOptions({
    mutationKey: ['comments', 'create', postId] as const,
    mutationFn: async (content: string) =>
      (
        await apiRequest(`/posts/${postId}/comments`, {
          method: 'POST',
          body: { content },
          schema: commentSchema,
        })
      ).data,
  });

/** Writes a comment on game `postId`; the thread refetches once it is stored. */
export function usePostComment(postId: number) {
  return useRefetchingMutation(postCommentMutation(postId), commentQueries.thread(postId).queryKey);
}

/** `DELETE /posts/{id}/comments/{commentId}`: by its author or the host; 403 anyone else. */
const deleteCommentMutation = (postId: number) =>
  mutationOptions({
    mutationKey: ['comments', 'delete', postId] as const,
    mutationFn: async (commentId: number) =>
      (
        await apiRequest(`/posts/${postId}/comments/${commentId}`, {
          method: 'DELETE',
          schema: successSchema,
        })
      ).data,
  });

/** Deletes a comment of game `postId`; the thread refetches once it is gone. */
export function useDeleteComment(postId: number) {
  return useRefetchingMutation(
    deleteCommentMutation(postId),
    commentQueries.thread(postId).queryKey,
  );
}
