import { COMMENT_MAX_LENGTH, formatDateTime, formatRelativeTime } from '@gameon/shared';
import type { Comment } from '@gameon/shared';
import { LogIn, MessageSquareOff, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { TextAreaField } from '../../../components/InputField';
import { LoadMore } from '../../../components/LoadMore';
import { LoadingLine, RetryAlert } from '../../../components/LoadStates';
import { ReportButton } from '../../../components/ReportButton';
import { errorMessage } from '../../../lib/api-client';
import { viewerFormat } from '../../../lib/format';
import { returnAfterSignIn } from '../../../lib/sign-in-return';
import { useCommentThread, useDeleteComment, usePostComment } from '../comments-api';

/** The thread's heading, its landmark's name. */
export const COMMENTS_HEADING = 'Questions and comments';
/** The text area's label and placeholder. */
export const COMMENT_LABEL = 'Your question or comment';
export const COMMENT_PLACEHOLDER = 'Ask a question… e.g. Is there parking?';
export const COMMENTS_CLOSED = 'The host has closed comments on this game.';
export const COMMENTS_FRIENDS_ONLY = "Only the host's friends can comment on this game.";

/** One comment: its author (linked for members), when, the text; Delete and Report. */
function CommentItem({
  comment,
  viewerId,
  onDelete,
}: {
  comment: Comment;
  viewerId: number | null;
  onDelete: (comment: Comment) => void;
}) {
  const format = viewerFormat();
  const { author } = comment;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        {viewerId === null ? (
          <span className="font-semibold text-slate-800">{author.username}</span>
        ) : (
          <Link
            to={`/profile/${author.id}`}
            className="font-semibold text-slate-800 hover:text-emerald-700 hover:underline"
          >
            {author.username}
          </Link>
        )}
        <time
          dateTime={comment.created_at}
          title={formatDateTime(comment.created_at, format)}
          className="text-xs text-slate-500"
        >
          {formatRelativeTime(comment.created_at, new Date(), format)}
        </time>
      </div>
      <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
        {comment.content}
      </p>
      {viewerId !== null && (comment.can_delete || author.id !== viewerId) && (
        <div className="mt-1 flex flex-wrap items-center gap-1">
          {comment.can_delete && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete comment by ${author.username}`}
              onClick={() => onDelete(comment)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          )}
          {author.id !== viewerId && (
            <ReportButton
              path={`/comments/${comment.id}`}
              subject={`comment by ${author.username}`}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** The form under the thread: a text area with a counter and "Post". */
function CommentForm({ postId }: { postId: number }) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const post = usePostComment(postId);
  const length = content.trim().length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (length === 0) {
      setError('Write a question or comment first.');
      return;
    }
    if (length > COMMENT_MAX_LENGTH) {
      setError(`A comment is at most ${COMMENT_MAX_LENGTH} characters.`);
      return;
    }
    setError(null);
    post.mutate(content.trim(), {
      onSuccess: () => setContent(''),
      onError: (failure) => setError(errorMessage(failure, 'Could not post your comment.')),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2">
      <TextAreaField
        id="comment-content"
        label={COMMENT_LABEL}
        placeholder={COMMENT_PLACEHOLDER}
        rows={3}
        value={content}
        error={error}
        counter={{ value: length, max: COMMENT_MAX_LENGTH }}
        onChange={(event) => {
          setContent(event.target.value);
          if (error !== null) setError(null);
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={post.isPending}>
          {!post.isPending && <Send aria-hidden="true" className="size-4" />}
          Post
        </Button>
      </div>
    </form>
  );
}

/**
 * The public thread of questions and comments on a game page, oldest first, a page at a time:
 * each comment with its author and time, Delete for its author and the host (asked first), and
 * Report for others' comments. Under it the form for those the host's `post_comments` admits,
 * "Sign in to ask a question" for a visitor (returning to `path`), or why the member may not
 * write. When the host has closed comments, only a notice shows.
 */
export function CommentThread({
  postId,
  viewerId,
  path,
}: {
  postId: number;
  /** The signed-in member, null for a visitor. */
  viewerId: number | null;
  path: string;
}) {
  const thread = useCommentThread(postId);
  const remove = useDeleteComment(postId);
  const [deleting, setDeleting] = useState<Comment | null>(null);

  let body;
  if (thread.isPending) body = <LoadingLine>Loading comments…</LoadingLine>;
  else if (thread.isError)
    body = (
      <RetryAlert onRetry={() => void thread.refetch()}>We could not load the comments.</RetryAlert>
    );
  else if (thread.data.whoCanComment === 'none')
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <MessageSquareOff aria-hidden="true" className="size-4 shrink-0" />
        {COMMENTS_CLOSED}
      </p>
    );
  else {
    const { comments, refusal } = thread.data;
    body = (
      <>
        {comments.length === 0 ? (
          <p className="text-sm text-slate-500">No questions yet.</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                viewerId={viewerId}
                onDelete={setDeleting}
              />
            ))}
          </ol>
        )}
        <LoadMore list={thread} className="mt-2 flex justify-center" />
        {refusal === null && <CommentForm postId={postId} />}
        {refusal === 'signed_out' && (
          <Link
            to="/login"
            state={returnAfterSignIn(path)}
            className={buttonClasses('secondary', 'md', 'mt-3')}
          >
            <LogIn aria-hidden="true" className="size-4" />
            Sign in to ask a question
          </Link>
        )}
        {refusal === 'friends_only' && (
          <p className="mt-3 text-sm text-slate-500">{COMMENTS_FRIENDS_ONLY}</p>
        )}
        {remove.isError && (
          <Alert tone="error" className="mt-3">
            {errorMessage(remove.error, 'Could not delete the comment.')}
          </Alert>
        )}
      </>
    );
  }

  return (
    <section
      aria-labelledby="game-comments"
      className="mt-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="game-comments" className="text-lg font-semibold text-slate-900">
        {COMMENTS_HEADING}
      </h2>
      <div className="mt-2">{body}</div>
      {deleting !== null && (
        <ConfirmDeleteDialog
          title="Delete comment"
          question="Are you sure you want to delete this comment?"
          subject={deleting.content}
          pending={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
    </section>
  );
}
