import { MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/Button';
import { useGroupChats } from '../api';

/**
 * "Open chat" for game `postId` whenever the member is in its group chat (the host always is,
 * from the first interest on, also after the last player left), read from the member's chats
 * (kept live by `groupChatUpdated`); `fallback` while they load or could not be read.
 */
export function GameChatLink({ postId, fallback }: { postId: number; fallback: ReactNode }) {
  const chats = useGroupChats();
  if (!chats.isSuccess) return <>{fallback}</>;
  const chat = chats.data.find((c) => c.post_id === postId && c.has_left !== true);
  if (!chat) return null;
  return (
    <Link to={`/messages?post=${postId}`} className={buttonClasses('secondary')}>
      <MessageCircle aria-hidden="true" className="size-4" />
      Open chat
    </Link>
  );
}
