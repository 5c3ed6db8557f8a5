import type { Post } from '@gameon/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Hand, ListPlus, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api-client';
import { isFull, viewerPlace } from '../../../lib/games';
import { feedQueries, useExpressInterest, useLeaveGame } from '../api';

/** Feed refetch delay after expressing interest (spec part 1 §9). */
const REFETCH_AFTER_INTEREST_MS = 500;

/**
 * The join/leave button of a game (spec part 1 §4 "Interest on a post"): "I'm
 * interested" while places are free, "Join waitlist" when the game is full; either opens the
 * game's group chat in /messages and refetches the feed 500 ms later. A joined member gets
 * "Leave game", a waitlisted one "Leave waitlist" (in place of the spec's disabled
 * "interested" state), each asked first in a dialog (the member keeps the chat up to then,
 * read-only). Failures show the server's message under the button.
 */
export function InterestButton({ post, viewerId }: { post: Post; viewerId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const interest = useExpressInterest();
  const leave = useLeaveGame();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const place = viewerPlace(post, viewerId);
  const full = isFull(post);

  const join = () => {
    setError(null);
    interest.mutate(post.id, {
      onSuccess: ({ groupChatId }) => {
        setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: feedQueries.all() });
        }, REFETCH_AFTER_INTEREST_MS);
        void navigate('/messages', { state: { activeChat: { type: 'group', id: groupChatId } } });
      },
      onError: (failure) => {
        console.error('Could not register interest', failure);
        setError(errorMessage(failure, 'Could not register your interest. Please try again.'));
      },
    });
  };

  const quit = () => {
    setError(null);
    leave.mutate(post.id, {
      onSettled: () => setConfirming(false),
      onError: (failure) => {
        console.error('Could not leave the game', failure);
        setError(errorMessage(failure, 'Could not leave this game. Please try again.'));
      },
    });
  };

  let button;
  if (place.status === 'out') {
    button = (
      <Button onClick={join} loading={interest.isPending}>
        {!interest.isPending &&
          (full ? (
            <ListPlus aria-hidden="true" className="size-4" />
          ) : (
            <Hand aria-hidden="true" className="size-4" />
          ))}
        {full ? 'Join waitlist' : "I'm interested"}
      </Button>
    );
  } else {
    button = (
      <Button variant="secondary" onClick={() => setConfirming(true)} loading={leave.isPending}>
        {!leave.isPending && <LogOut aria-hidden="true" className="size-4" />}
        {place.status === 'joined' ? 'Leave game' : 'Leave waitlist'}
      </Button>
    );
  }

  return (
    <div className="flex flex-col items-end gap-1">
      {button}
      {error !== null && (
        <p role="alert" className="max-w-56 text-right text-xs text-rose-600">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={place.status === 'joined' ? 'Leave game' : 'Leave waitlist'}
          question={
            place.status === 'joined'
              ? `Are you sure you want to leave this game?${(post.waitlist?.length ?? 0) > 0 ? ' Your place is offered to the next on the waitlist.' : ''} You keep the chat up to now, read-only.`
              : 'Are you sure you want to leave the waitlist? You keep the chat up to now, read-only.'
          }
          subject={post.heading}
          cancelLabel="Stay"
          pending={leave.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={quit}
          confirm={
            <>
              <LogOut aria-hidden="true" className="size-4" />
              Leave
            </>
          }
        />
      )}
    </div>
  );
}
