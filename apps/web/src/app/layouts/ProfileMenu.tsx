import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { useAuth, useCurrentUser } from '../../lib/session';
import { useDismiss } from '../../lib/use-dismiss';

const itemClass =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600';

/** The header's profile area: avatar and username, opening My Profile and Logout (spec part 1 §2). */
export function ProfileMenu() {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-label={`Account menu for ${user.username}`}
        aria-expanded={open}
        aria-controls="profile-menu"
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        <Avatar src={user.profile_picture_url} size={34} />
        <span className="hidden max-w-32 truncate text-sm font-semibold text-slate-800 md:block">
          {user.username}
        </span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-400 md:block" />
      </button>
      {open && (
        <div
          id="profile-menu"
          className="absolute right-0 z-40 mt-2 w-56 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl"
        >
          <div className="border-b border-slate-100 px-3 pt-1 pb-3">
            <p className="truncate text-sm font-semibold text-slate-900">{user.username}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <ul className="pt-2">
            <li>
              <Link to="/profile" className={itemClass} onClick={close}>
                <UserRound aria-hidden="true" className="size-4" />
                My Profile
              </Link>
            </li>
            <li>
              <button type="button" className={itemClass} onClick={logout}>
                <LogOut aria-hidden="true" className="size-4" />
                Logout
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
