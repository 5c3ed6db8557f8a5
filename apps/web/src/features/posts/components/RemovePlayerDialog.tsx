import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api-client';
import { useRemovePlayer } from '../api';

/**
 * Asks the host before removing `player` from game `postId`: they are told privately, cannot
 * join this game again, keep its chat read-only, and the place is offered to the first on the
 * waitlist.
 * Failures show the server's message in the dialog.
 */
export function RemovePlayerDialog({
  postId,
  player,
  onClose,
}: {
  postId: number;
  player: { id: number; name: string };
  onClose: () => void;
}) {
  const remove = useRemovePlayer();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      title="Remove player"
      question="Remove this player from your game? They are told privately and cannot join it again; their place is offered to the first on the waitlist."
      subject={player.name}
      pending={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        setError(null);
        remove.mutate(
          { postId, userId: player.id },
          {
            onSuccess: onClose,
            onError: (failure) => {
              console.error('Could not remove the player', failure);
              setError(errorMessage(failure, 'Could not remove this player. Please try again.'));
            },
          },
        );
      }}
      confirm={
        <>
          <UserMinus aria-hidden="true" className="size-4" />
          Remove
        </>
      }
    >
      {error !== null && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
