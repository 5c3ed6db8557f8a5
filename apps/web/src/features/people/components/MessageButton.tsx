import { MessageCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import type { ButtonSize } from '../../../components/Button';

interface MessageButtonProps {
  userId: number;
  username: string;
  size?: ButtonSize;
  describedBy?: string;
}

/**
 * Opens (or starts) the direct conversation with a followed member: /messages with the
 * navigation state `startConversation` (CONTRACT.md "Ids and conversations"). Show it only for
 * people the viewer follows (spec part 1 §6).
 */
export function MessageButton({ userId, username, size = 'sm', describedBy }: MessageButtonProps) {
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      size={size}
      aria-describedby={describedBy}
      onClick={() =>
        void navigate('/messages', { state: { startConversation: { userId, username } } })
      }
    >
      <MessageCircle aria-hidden="true" className="size-4" />
      Message
    </Button>
  );
}
