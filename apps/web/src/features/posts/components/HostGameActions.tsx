import type { Post } from '@gameon/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { useDeletePost } from '../api';
import { EditGameDialog } from './EditGameDialog';

/** What My Posts says on arrival, passed as router state (spec part 2 §8's texts). */
export interface MyPostsNotice {
  notice: string;
}

/**
 * The host's actions on their upcoming game's page: "Edit game" (a modal form) and "Delete
 * game", confirmed as on My Posts (spec part 2 §8: "Are you sure you want to delete this
 * post?"); a delete lands on My Posts saying "Post deleted successfully!", a failure says
 * "Failed to delete post" here.
 */
export function HostGameActions({ post }: { post: Post }) {
  const navigate = useNavigate();
  const deletePost = useDeletePost();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const confirmDelete = () => {
    setOutcome(null);
    deletePost.mutate(post.id, {
      onSuccess: () => {
        const state: MyPostsNotice = { notice: 'Post deleted successfully!' };
        void navigate('/past-posts', { state });
      },
      onError: (failure) => {
        console.error('Could not delete the post', failure);
        setOutcome({ tone: 'error', text: 'Failed to delete post' });
        setDialog(null);
      },
    });
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setOutcome(null);
          setDialog('edit');
        }}
      >
        <Pencil aria-hidden="true" className="size-4" />
        Edit game
      </Button>
      <Button
        variant="ghost"
        className="text-rose-700! hover:bg-rose-50"
        onClick={() => {
          setOutcome(null);
          setDialog('delete');
        }}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete game
      </Button>
      {outcome !== null && (
        <Alert tone={outcome.tone} className="w-full">
          {outcome.text}
        </Alert>
      )}
      {dialog === 'edit' && (
        <EditGameDialog
          post={post}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            setOutcome({ tone: 'success', text: 'Game updated. Your players have been told.' });
          }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDeleteDialog
          title="Delete post"
          question="Are you sure you want to delete this post?"
          subject={post.heading}
          pending={deletePost.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={confirmDelete}
        />
      )}
    </>
  );
}
