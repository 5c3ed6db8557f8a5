import { useQueryClient } from '@tanstack/react-query';
import type { NotificationType } from '@gameon/shared';
import { feedQueries } from '../features/feed/api';
import { postQueries } from '../features/posts/api';
import { useSocketEvent } from '../lib/socket';

/** Notifications that say a game's players, waitlist or existence changed. */
const GAME_CHANGES: ReadonlySet<NotificationType> = new Set<NotificationType>([
  'interest',
  'player_left',
  'waitlist_promoted',
  'game_cancelled',
  'game_updated',
  'removed_from_game',
]);

/**
 * Keeps games live for the signed-in layout: a notification that a game changed
 * (someone joined or left, the member moved up from the waitlist, a game was cancelled or
 * changed by its host, the host removed the member)
 * refetches the feed, the game pages and My Posts, so what the member sees matches it.
 */
export function useGameUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvent('notification', (notification) => {
    if (!GAME_CHANGES.has(notification.type)) return;
    void queryClient.invalidateQueries({ queryKey: postQueries.all() });
    void queryClient.invalidateQueries({ queryKey: feedQueries.all() });
  });
}
