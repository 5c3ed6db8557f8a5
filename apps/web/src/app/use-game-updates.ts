import { useQueryClient } from '@tanstack/react-query';
import type { NotificationType } from '@gameon/shared';
import { feedQueries } from '../features/feed/api';
import { postQueries } from '../features/posts/api';
import { commentQueries } from '../features/posts/comments-api';
import { useSocketEvent } from '../lib/socket';

/** Notifications that say a game's players, waitlist or existence changed. */
const GAME_CHANGES: ReadonlySet<NotificationType> = new Set<NotificationType>([
  'interest',
  'player_left',
  'waitlist_promoted',
  'game_cancelled',
  'game_updated',
  'removed_from_game',
  'waitlist_offer',
  'waitlist_offer_expired',
]);

/**
 * Keeps games live for the signed-in layout: a notification that a game changed
 * (someone joined or left, the member moved up from the waitlist, a game was cancelled or
 * changed by its host, the host removed the member)
 * refetches the feed, the game pages and My Posts, so what the member sees matches it; a
 * `comment` notification refetches that game's thread of comments.
 */
export function useGameUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvent('notification', (notification) => {
    // A new comment on a game the member hosts or commented on: its thread refetches.
    if (notification.type === 'comment') {
      const postId = notification.data.post_id;
      if (typeof postId === 'number')
        void queryClient.invalidateQueries({ queryKey: commentQueries.thread(postId).queryKey });
      return;
    }
    if (!GAME_CHANGES.has(notification.type)) return;
    void queryClient.invalidateQueries({ queryKey: postQueries.all() });
    void queryClient.invalidateQueries({ queryKey: feedQueries.all() });
  });
}
