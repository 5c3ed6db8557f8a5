import { Avatar } from '../../../components/Avatar';
import { Modal } from '../../../components/Modal';
import { useCurrentUser } from '../../../lib/session';
import { useFollowing } from '../direct-api';
import { LoadingLine } from '../../../components/LoadStates';

interface NewMessageModalProps {
  onClose: () => void;
  onPick: (person: { userId: number; username: string }) => void;
}

/** The new-message modal (spec part 1 §2, §6): only the people the member follows. */
export function NewMessageModal({ onClose, onPick }: NewMessageModalProps) {
  const user = useCurrentUser();
  const following = useFollowing(user.id, true);
  const people = following.data ?? [];

  return (
    <Modal title="New message" onClose={onClose} size="sm">
      {following.isPending ? (
        <LoadingLine className="py-6">Loading people…</LoadingLine>
      ) : following.isError ? (
        <p className="py-6 text-sm text-slate-500">We could not load the people you follow.</p>
      ) : people.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">You are not following anyone yet</p>
      ) : (
        <ul className="max-h-80 space-y-1 overflow-y-auto">
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
      )}
    </Modal>
  );
}
