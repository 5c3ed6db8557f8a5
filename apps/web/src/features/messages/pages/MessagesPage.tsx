import { MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { cx } from '../../../lib/format';
import { useGroupChats } from '../api';
import { ChatThread } from '../components/ChatThread';
import { ConversationList } from '../components/ConversationList';

/** Navigation state that selects a chat (CONTRACT.md "Ids and conversations"). */
const activeChatStateSchema = z.object({
  activeChat: z.object({ type: z.literal('group'), id: z.number() }),
});

function activeChatFromState(state: unknown): number | null {
  const parsed = activeChatStateSchema.safeParse(state);
  return parsed.success ? parsed.data.activeChat.id : null;
}

/**
 * Messages (spec part 1 §2 "Messages"): the conversation list beside the open thread; at
 * 768 px or less either the list or the thread. Navigation state `activeChat` opens a chat.
 */
export function MessagesPage() {
  const location = useLocation();
  const chats = useGroupChats();
  const [activeChatId, setActiveChatId] = useState<number | null>(() =>
    activeChatFromState(location.state),
  );
  const [search, setSearch] = useState('');

  // A later navigation with `activeChat` (e.g. interest in another post) switches to it.
  useEffect(() => {
    const fromState = activeChatFromState(location.state);
    if (fromState !== null) setActiveChatId(fromState);
  }, [location.key, location.state]);

  useEffect(() => {
    if (chats.error) console.error('Could not load conversations', chats.error);
  }, [chats.error]);

  const activeChat = chats.data?.find((chat) => chat.id === activeChatId);

  return (
    <div className="flex h-[calc(100dvh-69px)] min-h-[28rem] border-slate-200 bg-white">
      <div
        className={cx(
          'w-full border-r border-slate-200 min-[769px]:w-80 min-[769px]:shrink-0 lg:w-96',
          activeChatId !== null && 'max-[769px]:hidden',
        )}
      >
        <ConversationList
          chats={chats.data}
          loading={chats.isPending}
          failed={chats.isError}
          onRetry={() => void chats.refetch()}
          activeChatId={activeChatId}
          onSelect={setActiveChatId}
          search={search}
          onSearchChange={setSearch}
        />
      </div>
      <div className={cx('min-w-0 flex-1', activeChatId === null && 'max-[769px]:hidden')}>
        {activeChatId !== null ? (
          <ChatThread
            key={activeChatId}
            groupChatId={activeChatId}
            name={activeChat?.name ?? 'Group chat'}
            onBack={() => setActiveChatId(null)}
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-3 bg-slate-50 px-6 text-center">
            <span className="grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-600">
              <MessagesSquare aria-hidden="true" className="size-7" />
            </span>
            <p className="text-base font-semibold text-slate-900">Pick a conversation</p>
            <p className="max-w-xs text-sm text-slate-500">
              Choose a group chat from the list to catch up with your team.
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
