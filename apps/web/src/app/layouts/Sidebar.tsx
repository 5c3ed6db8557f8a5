import {
  CalendarDays,
  House,
  Info,
  MessageCircle,
  Search,
  Settings,
  SquareStack,
  Star,
  UserRound,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { badgeText, cx } from '../../lib/format';
import { useUnreadBadge } from './use-unread-badge';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Home is active on an exact match only; the rest on a prefix (spec part 1 §2). */
  end?: boolean;
}

const items: NavItem[] = [
  { to: '/', label: 'Home', icon: House, end: true },
  { to: '/events', label: 'Events', icon: CalendarDays },
  { to: '/search', label: 'Search People', icon: Search },
  { to: '/reviews', label: 'Reviews', icon: Star },
  { to: '/past-posts', label: 'My Posts', icon: SquareStack },
  { to: '/messages', label: 'Messages', icon: MessageCircle },
  { to: '/profile', label: 'My Profile', icon: UserRound },
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/about', label: 'About Us', icon: Info },
];

interface SidebarProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The signed-in sidebar (spec part 1 §2): always shown on wide screens; on small screens a
 * drawer opened by the header's menu button and closed by an item, the overlay or Escape.
 */
export function Sidebar({ open, onClose }: SidebarProps) {
  const unreadCount = useUnreadBadge();

  useEffect(() => {
    if (!open) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [open, onClose]);

  return (
    <>
      {open && (
        <div
          aria-hidden="true"
          onClick={onClose}
          className="fixed inset-0 top-[69px] z-30 bg-slate-900/40 backdrop-blur-[1px] lg:hidden"
        />
      )}
      <aside
        id="app-sidebar"
        className={cx(
          'fixed top-[69px] bottom-0 left-0 z-30 w-64 overflow-y-auto border-r border-slate-200 bg-white transition-transform duration-200',
          'lg:sticky lg:z-0 lg:h-[calc(100dvh-69px)] lg:translate-x-0',
          open ? 'translate-x-0 shadow-xl' : '-translate-x-full max-lg:invisible',
        )}
      >
        <nav aria-label="Primary" className="p-3">
          <ul className="space-y-1">
            {items.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  onClick={onClose}
                  className={({ isActive }) =>
                    cx(
                      'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-emerald-600',
                      isActive
                        ? 'bg-emerald-50 text-emerald-800'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  {({ isActive }) => (
                    <>
                      <Icon
                        aria-hidden="true"
                        className={cx('size-5', isActive ? 'text-emerald-700' : 'text-slate-500')}
                      />
                      <span className="flex-1">{label}</span>
                      {to === '/messages' && unreadCount > 0 && (
                        <span className="rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">
                          {badgeText(unreadCount)}
                          <span className="sr-only"> unread</span>
                        </span>
                      )}
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </>
  );
}
