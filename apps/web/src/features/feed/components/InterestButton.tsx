import type { Post } from '@gameon/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Hand } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { errorMessage } from '../../../lib/api-client';
import { feedQueries, useExpressInterest } from '../api';

/** Feed refetch delay after expressing interest (spec part 1 §9). */
const REFETCH_AFTER_INTEREST_MS = 500;

/**
 * The interest button (spec part 1 §4 "Interest on a post"): not interested, then processing,
 * then interested (disabled). Success opens the post's group chat in /messages.
 */
export function InterestButton({ post, viewerId }: { post: Post; viewerId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const interest = useExpressInterest();
  const [joined, setJoined] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const interested = joined || post.interested_users.some((entry) => entry.user_id === viewerId);

  const handleClick = () => {
    setError(null);
    interest.mutate(post.id, {
      onSuccess: (groupChatId) => {
        setJoined(true);
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

  if (interested) {
    return (
      <Button variant="secondary" disabled className="text-emerald-700 ring-emerald-200">
        <Check aria-hidden="true" className="size-4" />
        Interested
      </Button>
    );
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <Button onClick={handleClick} loading={interest.isPending}>
        {!interest.isPending && <Hand aria-hidden="true" className="size-4" />}
        I&apos;m interested
      </Button>
      {error !== null && (
        <p role="alert" className="max-w-56 text-right text-xs text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}
