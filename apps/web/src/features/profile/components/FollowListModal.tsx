import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Modal } from '../../../components/Modal';
import { LoadMore } from '../../../components/LoadMore';
import { LoadingLine } from '../../../components/LoadStates';
import { Tabs } from '../../../components/Tabs';
import type { FollowListMember, UserProfile } from '@gameon/shared';
import { cx } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useFollowList } from '../follows-api';
import type { MemberActions } from '../member-actions';

export type FollowListTab = 'followers' | 'following';

const TABS = [
  { id: 'followers', label: 'Followers', empty: 'No followers yet' },
  { id: 'following', label: 'Following', empty: 'Not following anyone yet' },
] as const satisfies readonly { id: FollowListTab; label: string; empty: string }[];

function MemberRow({
  member,
  viewerId,
  onOpen,
  FollowButton,
}: Pick<MemberActions, 'FollowButton'> & {
  member: FollowListMember;
  viewerId: number;
  onOpen: () => void;
}) {
  const nameId = `follow-list-${member.id}-name`;
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={member.profile_picture_url ?? null} size={44} />
      <div className="min-w-0 flex-1">
        <Link
          id={nameId}
          to={`/profile/${member.id}`}
          onClick={onOpen}
          className="block truncate text-sm font-semibold text-slate-900 hover:text-emerald-700 hover:underline"
        >
          {member.username}
        </Link>
        {member.bio !== '' && <p className="line-clamp-2 text-xs text-slate-500">{member.bio}</p>}
      </div>
      {member.id !== viewerId && (
        <FollowButton userId={member.id} following={member.is_following} describedBy={nameId} />
      )}
    </li>
  );
}

interface FollowListModalProps extends Pick<MemberActions, 'FollowButton'> {
  profile: UserProfile;
  tab: FollowListTab;
  onTabChange: (tab: FollowListTab) => void;
  onClose: () => void;
}

/**
 * The followers/following modal (spec part 2 §2): tabs 'Followers (n)' and 'Following (n)';
 * each row with avatar, username, bio and a Follow/Following toggle for everyone except the
 * viewer (each row says whether the viewer follows that member). The lists come a page at a
 * time, newest follow first, with "Load more" while there are more.
 */
export function FollowListModal({
  profile,
  tab,
  onTabChange,
  onClose,
  FollowButton,
}: FollowListModalProps) {
  const viewer = useCurrentUser();
  const list = useFollowList(profile.id, tab);
  const counts = { followers: profile.followers_count, following: profile.following_count };
  const active = tab === 'followers' ? TABS[0] : TABS[1];
  const members = list.data ?? [];

  return (
    <Modal title={profile.username} onClose={onClose}>
      <Tabs
        label="Connections"
        tabs={TABS.map(({ id, label }) => ({ id, label: `${label} (${counts[id]})` }))}
        selected={tab}
        onSelect={onTabChange}
        listClassName="-mt-1 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
        tabClassName={(selected) =>
          cx(
            'rounded-lg px-3 py-2 text-center text-sm font-semibold transition-colors',
            selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-800',
          )
        }
        panelClassName="mt-2"
      >
        {list.isPending ? (
          <LoadingLine className="py-8">Loading…</LoadingLine>
        ) : list.isError && members.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500">We could not load this list.</p>
        ) : members.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500">{active.empty}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  viewerId={viewer.id}
                  onOpen={onClose}
                  FollowButton={FollowButton}
                />
              ))}
            </ul>
            <LoadMore list={list} className="mt-2 flex justify-center" />
          </>
        )}
      </Tabs>
    </Modal>
  );
}
