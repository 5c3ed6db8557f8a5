import { ChevronDown, LogOut, ShieldAlert, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { PopoverMenu, popoverItemClass } from '../../components/PopoverMenu';
import { useAuth, useCurrentUser } from '../../lib/session';

/**
 * The header's profile area: avatar and username, opening My Profile, Reports for operators
 * and Logout (spec part 1 §2).
 */
export function ProfileMenu() {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);

  return (
    <PopoverMenu
      label={`Account menu for ${user.username}`}
      isOpen={open}
      onOpenChange={setOpen}
      className="w-56 p-2"
      triggerClassName="flex items-center gap-2 rounded-full p-1 pr-2 outline-none hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
      trigger={
        <>
          <Avatar src={user.profile_picture_url} size={34} />
          <span className="hidden max-w-32 truncate text-sm font-semibold text-slate-800 md:block">
            {user.username}
          </span>
          <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-500 md:block" />
        </>
      }
    >
      <div className="border-b border-slate-100 px-3 pt-1 pb-3">
        <p className="truncate text-sm font-semibold text-slate-900">{user.username}</p>
        <p className="truncate text-xs text-slate-500">{user.email}</p>
      </div>
      <ul className="pt-2">
        <li>
          <Link to="/profile" className={popoverItemClass} onClick={() => setOpen(false)}>
            <UserRound aria-hidden="true" className="size-4" />
            My Profile
          </Link>
        </li>
        {user.is_operator && (
          <li>
            <Link to="/admin" className={popoverItemClass} onClick={() => setOpen(false)}>
              <ShieldAlert aria-hidden="true" className="size-4" />
              Reports
            </Link>
          </li>
        )}
        <li>
          <button type="button" className={popoverItemClass} onClick={logout}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </button>
        </li>
      </ul>
    </PopoverMenu>
  );
}
