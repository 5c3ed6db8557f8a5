import { SEARCH_MIN_CHARS } from '@gameon/shared';
import type { DirectConversation, GroupChatSummary } from '@gameon/shared';
import { Search, UserRound, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { inputClasses } from '../../../components/FormField';
import { cx } from '../../../lib/format';
import { useListbox } from '../../../lib/use-listbox';

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
  /** Id of the input (the caller renders the visible label). */
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
  const [open, setOpen] = useState(false);
  const showList = open && text.trim().length >= SEARCH_MIN_CHARS;
  const matches = showList ? findMatches(text, directs, chats) : [];
  const listbox = useListbox({
    items: matches,
    showList,
    open: () => setOpen(true),
    close: () => setOpen(false),
    pick: (match) => {
      setText('');
      setOpen(false);
      listbox.setActiveIndex(-1);
      if (match.kind === 'direct') onSelectDirect?.(match.conversation);
      else onSelect(match.chat.id);
    },
  });

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList && matches.length > 0}
        aria-controls={listbox.listId}
        aria-activedescendant={listbox.activeDescendant}
        value={text}
        placeholder="Search by name"
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          listbox.setActiveIndex(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={listbox.onKeyDown}
        className={inputClasses(false, 'pl-9')}
      />
      {showList && (
        <div className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg">
          {matches.length === 0 ? (
            <p role="status" className="px-3 py-3 text-sm text-slate-500">
              No conversations found
            </p>
          ) : (
            <ul
              id={listbox.listId}
              role="listbox"
              aria-label="Matching conversations"
              className="py-1"
            >
              {matches.map((match, index) => (
                <li
                  key={match.key}
                  {...listbox.optionProps(index, match)}
                  className={cx(
                    'flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm',
                    index === listbox.activeIndex ? 'bg-emerald-50' : 'hover:bg-slate-50',
                  )}
                >
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
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
