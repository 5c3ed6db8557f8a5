import { Menu, MessageCircle, Plus } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/Button';
import { LogoLink } from '../../components/LogoLink';
import { badgeText } from '../../lib/format';
import { unreadLabel } from './unread-label';
import { useUnreadBadge } from './use-unread-badge';

// The two popovers load with the signed-in app, so React Aria stays off the landing page.
const NotificationBell = lazy(() =>
  import('./NotificationBell').then((m) => ({ default: m.NotificationBell })),
);
const ProfileMenu = lazy(() => import('./ProfileMenu').then((m) => ({ default: m.ProfileMenu })));

interface HeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/**
 * The signed-in header (spec part 1 §2): menu button (small screens), logo, Create Post, the
 * notification bell, messages with the unread badge (hidden on /messages) and the profile area.
 */
export function Header({ sidebarOpen, onToggleSidebar }: HeaderProps) {
  const unreadCount = useUnreadBadge();
  const showBadge = unreadCount > 0;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="flex h-[68px] items-center gap-2 px-3 sm:px-5">
        <button
          type="button"
          aria-label="Toggle menu"
          aria-expanded={sidebarOpen}
          aria-controls="app-sidebar"
          onClick={onToggleSidebar}
          className="grid size-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 lg:hidden"
        >
          <Menu aria-hidden="true" className="size-5" />
        </button>
        <LogoLink size={52} wordmarkClassName="hidden sm:inline" label="GameOn home" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Link to="/create-post" className={buttonClasses('primary', 'md', 'px-3 sm:px-4')}>
            <Plus aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">Create Post</span>
          </Link>
          <Suspense fallback={<span className="size-10" />}>
            <NotificationBell />
          </Suspense>
          <Link
            to="/messages"
            aria-label={unreadLabel('Messages', showBadge ? unreadCount : 0)}
            className="relative grid size-10 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            {showBadge && (
              <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-[11px] leading-5 font-bold text-white ring-2 ring-white">
                {badgeText(unreadCount)}
              </span>
            )}
          </Link>
          <Suspense fallback={<span className="size-10" />}>
            <ProfileMenu />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
