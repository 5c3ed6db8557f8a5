import { SEARCH_MIN_CHARS } from '@gameon/shared';
import type { DirectConversation, GroupChatSummary } from '@gameon/shared';
import { UserRound, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { SearchCombobox } from '../../../components/SearchCombobox';
import { cx } from '../../../lib/format';

/** Most suggestions the dropdown lists. */
const MAX_MATCHES = 8;

type Match =
  | { kind: 'direct'; key: string; name: string; conversation: DirectConversation }
  | { kind: 'group'; key: string; name: string; chat: GroupChatSummary };

/** Direct conversations, then group chats, whose name contains `query` (case-insensitive). */
function findMatches(
  query: string,
  directs: readonly DirectConversation[],
  chats: readonly GroupChatSummary[],
): Match[] {
  const needle = query.trim().toLowerCase();
  const directMatches = directs
    .filter((conversation) => conversation.other_user_username.toLowerCase().includes(needle))
    .map((conversation): Match => ({
      kind: 'direct',
      key: `direct-${conversation.id}`,
      name: conversation.other_user_username,
      conversation,
    }));
  const groupMatches = chats
    .filter((chat) => chat.name.toLowerCase().includes(needle))
    .map((chat): Match => ({ kind: 'group', key: `group-${chat.id}`, name: chat.name, chat }));
  return [...directMatches, ...groupMatches].slice(0, MAX_MATCHES);
}

interface ConversationSearchProps {
  /** Id of the input (the caller renders the visible label 'Search conversations'). */
  id: string;
  directs: readonly DirectConversation[];
  chats: readonly GroupChatSummary[];
  onSelect: (groupChatId: number) => void;
  onSelectDirect?: (conversation: DirectConversation) => void;
}

/**
 * The Messages search box (spec part 1 §2 "Messages", §9): a combobox whose dropdown lists
 * up to 8 conversations by name once more than 2 characters are typed, or 'No conversations
 * found'. Arrow keys move through the options, Enter opens one, Escape or a click outside
 * closes the dropdown; opening a conversation clears the box.
 */
export function ConversationSearch({
  id,
  directs,
  chats,
  onSelect,
  onSelectDirect,
}: ConversationSearchProps) {
  const [text, setText] = useState('');
  const listOpen = text.trim().length >= SEARCH_MIN_CHARS;
  const matches = listOpen ? findMatches(text, directs, chats) : [];

  return (
    <SearchCombobox
      id={id}
      label="Search conversations"
      items={matches}
      itemKey={(match) => match.key}
      itemText={(match) => match.name}
      renderItem={(match) => (
        <>
          <span
            aria-hidden="true"
            className={cx(
              'grid size-8 shrink-0 place-items-center rounded-full',
              match.kind === 'direct'
                ? 'bg-emerald-100 text-emerald-700'
                : 'bg-gradient-to-br from-emerald-500 to-teal-600 text-white',
            )}
          >
            {match.kind === 'direct' ? (
              <UserRound className="size-4" />
            ) : (
              <UsersRound className="size-4" />
            )}
          </span>
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-900">{match.name}</span>
            <span className="block text-xs text-slate-500">
              {match.kind === 'direct' ? 'Direct message' : 'Group chat'}
            </span>
          </span>
        </>
      )}
      listLabel="Matching conversations"
      text={text}
      onTextChange={setText}
      onPick={(match) => {
        setText('');
        if (match.kind === 'direct') onSelectDirect?.(match.conversation);
        else onSelect(match.chat.id);
      }}
      listOpen={listOpen}
      status={{ text: 'No conversations found' }}
      placeholder="Search by name"
    />
  );
}
