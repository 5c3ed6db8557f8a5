import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useBlockedMembers, useUnblock } from '../api';
import { SettingsCard } from './SettingsCard';

/**
 * The members one has blocked, each with Unblock: a blocked member's profile answers
 * 404, so this list is where a block is undone.
 */
export function BlockedMembers() {
  const blocked = useBlockedMembers();
  const unblock = useUnblock();
  return (
    <SettingsCard
      title="Blocked members"
      className="mt-6"
      description="They cannot follow or message you, see your profile or games, or show up in your feed, search or chats."
    >
      {blocked.isPending ? (
        <div className="mt-4 flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-4" /> Loading…
        </div>
      ) : blocked.isError ? (
        <p role="alert" className="mt-4 text-sm text-rose-700">
          Could not load the members you blocked.
        </p>
      ) : blocked.data.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">You have not blocked anyone.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {blocked.data.map((member) => (
            <li key={member.id} className="flex items-center gap-3 py-3">
              <Avatar src={member.profile_picture_url} size={36} />
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                {member.username}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={unblock.isPending && unblock.variables === member.id}
                onClick={() => unblock.mutate(member.id)}
                aria-label={`Unblock ${member.username}`}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
      {unblock.isSuccess && (
        <p role="status" className="mt-3 text-sm text-emerald-700">
          Unblocked.{' '}
          <Link to="/search" className="font-semibold underline">
            Find people
          </Link>
        </p>
      )}
    </SettingsCard>
  );
}
