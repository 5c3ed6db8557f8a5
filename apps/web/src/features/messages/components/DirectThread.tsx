import { useQueryClient } from '@tanstack/react-query';
import { Check, CheckCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Avatar } from '../../../components/Avatar';
import { useSocket, useSocketEvent } from '../../../lib/socket';
import { useCurrentUser } from '../../../lib/session';
import { threadMessages } from '../api';
import { addDirectMessage, useDirectThread, useMarkDirectRead } from '../direct-api';
import { useTypingEmitter } from '../use-typing';
import { MessageComposer } from './MessageComposer';
import { MessageBubble, ThreadView } from './ThreadView';

interface DirectThreadProps {
  otherUserId: number;
  username: string;
  /** Back to the list (shown at 768 px or less). */
  onBack: () => void;
}

/** One tick while the other member has not read a message, two once they have. */
function ReadTicks({ read }: { read: boolean }) {
  return read ? (
    <span role="img" aria-label="Read" className="text-emerald-700">
      <CheckCheck aria-hidden="true" className="size-3.5" />
    </span>
  ) : (
    <span role="img" aria-label="Sent">
      <Check aria-hidden="true" className="size-3.5" />
    </span>
  );
}

/**
 * One direct conversation (spec part 1 §2 "Messages", §4): messages oldest first, own ones on the
 * right with one tick (sent) or two (read), marked read on open and on arrival, sent through the
 * socket with the server's refusal shown inline, and the typing indicator both ways.
 */
export function DirectThread({ otherUserId, username, onBack }: DirectThreadProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { connected, sendDirectMessage, directTyping } = useSocket();
  const thread = useDirectThread(otherUserId);
  const { mutate: markRead } = useMarkDirectRead();
  const [otherTyping, setOtherTyping] = useState(false);
  const messages = threadMessages(thread.data);
  const conversationId = thread.data?.pages[0]?.conversationId ?? null;
  const lastUnreadId = messages.findLast((m) => m.sender_id === otherUserId && !m.is_read)?.id;

  const typing = useTypingEmitter((isTyping) => directTyping(otherUserId, isTyping));

  // Opening the thread reads it, and so does every unread message that lands in it: live, or
  // fetched when catching up after a reconnect.
  useEffect(() => {
    if (conversationId !== null) markRead(conversationId);
  }, [conversationId, lastUnreadId, markRead]);

  useSocketEvent('newDirectMessage', (message) => {
    if (message.sender_id === otherUserId) setOtherTyping(false);
  });
  useSocketEvent('userDirectTyping', ({ userId, isTyping }) => {
    if (userId === otherUserId) setOtherTyping(isTyping);
  });

  const send = async (content: string) => {
    const result = await sendDirectMessage(otherUserId, content);
    if (!result.ok) return result.error;
    addDirectMessage(queryClient, otherUserId, result.message);
    return null;
  };

  return (
    <ThreadView
      title={username}
      subtitle={otherTyping ? `${username} is typing…` : 'Direct message'}
      avatar={<Avatar src={null} size={40} />}
      onBack={onBack}
      thread={thread}
      lastId={messages.at(-1)?.id}
      composer={<MessageComposer onSend={send} connected={connected} typing={typing} />}
    >
      {messages.map((message) => {
        const own = message.sender_id === user.id;
        return (
          <MessageBubble
            key={message.id}
            own={own}
            content={message.content}
            createdAt={message.created_at}
            status={own && <ReadTicks read={message.is_read} />}
          />
        );
      })}
    </ThreadView>
  );
}
