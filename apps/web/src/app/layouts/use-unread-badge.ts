import { useLocation } from 'react-router';
import { useUnreadMessageCount } from '../../features/messages/api';

/**
 * The unread direct-message count the header and sidebar badges show: 0 on /messages, where
 * the member is reading them (spec part 1 §4), and while the count loads.
 */
export function useUnreadBadge(): number {
  const { pathname } = useLocation();
  const unread = useUnreadMessageCount();
  return pathname === '/messages' ? 0 : (unread.data ?? 0);
}
