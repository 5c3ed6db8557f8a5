import { useState } from 'react';
import { Avatar } from '../../../components/Avatar';
import { inputClasses } from '../../../components/FormField';
import { LoadMore } from '../../../components/LoadMore';
import { Modal } from '../../../components/Modal';
import { useCurrentUser } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFollowing } from '../direct-api';
import { LoadingLine } from '../../../components/LoadStates';

/** Typing pauses this long before the search asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

interface NewMessageModalProps {
  onClose: () => void;
  onPick: (person: { userId: number; username: string }) => void;
}

/**
 * The new-message modal (spec part 1 §2, §6): only the people the member follows, newest follow
 * first, a page at a time ("Load more"), with a search box over their usernames (asked of the
 * server, so it finds people beyond the loaded pages).
 */
export function NewMessageModal({ onClose, onPick }: NewMessageModalProps) {
  const user = useCurrentUser();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const following = useFollowing(user.id, q, true);
  const people = following.data ?? [];

  return (
    <Modal title="New message" onClose={onClose} size="sm">
      <label htmlFor="new-message-search" className="sr-only">
        Search people you follow
      </label>
      <input
        id="new-message-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search people you follow"
        maxLength={100}
        className={inputClasses(false, 'mb-3')}
      />
      {following.isPending ? (
        <LoadingLine className="py-6">Loading people…</LoadingLine>
      ) : following.isError && people.length === 0 ? (
        <p className="py-6 text-sm text-slate-500">We could not load the people you follow.</p>
      ) : people.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">
          {q === '' ? 'You are not following anyone yet' : `No one you follow matches “${q}”`}
        </p>
      ) : (
        <div className="max-h-80 overflow-y-auto">
          <ul className="space-y-1">
            {people.map((person) => (
              <li key={person.id}>
                <button
                  type="button"
                  onClick={() => onPick({ userId: person.id, username: person.username })}
                  className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600"
                >
                  <Avatar src={person.profile_picture_url} size={36} />
                  {person.username}
                </button>
              </li>
            ))}
          </ul>
          <LoadMore list={following} className="mt-2 flex justify-center" />
        </div>
      )}
    </Modal>
  );
}
