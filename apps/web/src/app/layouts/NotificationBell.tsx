import type { ReceivedNotification } from '@gameon/shared';
import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PopoverMenu } from '../../components/PopoverMenu';
import {
  notificationTarget,
  useMarkAllNotificationsRead,
  useMarkNotificationsRead,
  useNotificationCount,
  useNotifications,
} from '../../features/notifications/api';
import {
  NotificationText,
  UnreadDot,
} from '../../features/notifications/components/NotificationText';
import { badgeText, cx } from '../../lib/format';
import { LoadingLine } from '../../components/LoadStates';
import { unreadLabel } from './unread-label';

/**
 * The header's notification dropdown (spec part 1 §2 "Notification dropdown", §4): the bell with
 * the unread count, the list (unread items highlighted with a dot), Mark all read while anything
 * is unread and a link to /notifications. Items marked read leave the dropdown list.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(() => new Set());
  const navigate = useNavigate();
  const list = useNotifications();
  const count = useNotificationCount();
  const markRead = useMarkNotificationsRead();
  const markAll = useMarkAllNotificationsRead();
  const unreadCount = count.data ?? 0;
  const items = (list.data ?? []).filter((item) => !removed.has(item.id));

  const remove = (ids: readonly number[]) => setRemoved((current) => new Set([...current, ...ids]));

  const handleItem = (notification: ReceivedNotification) => {
    if (!notification.is_read) {
      markRead.mutate([notification.id], { onSuccess: () => remove([notification.id]) });
    }
    setOpen(false);
    const target = notificationTarget(notification);
    if (target !== null) void navigate(target);
  };

  const handleMarkAll = () => {
    const shown = items.map((item) => item.id);
    const unreadIds = items.filter((item) => !item.is_read).map((item) => item.id);
    markAll.mutate(unreadIds, { onSuccess: () => remove(shown) });
  };

  return (
    <PopoverMenu
      label="Notifications"
      triggerLabel={unreadLabel('Notifications', unreadCount)}
      isOpen={open}
      onOpenChange={setOpen}
      triggerClassName="relative grid size-10 place-items-center rounded-full text-slate-600 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600"
      trigger={
        <>
          <Bell aria-hidden="true" className="size-5" />
          {unreadCount > 0 && (
            <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-[11px] leading-5 font-bold text-white ring-2 ring-white">
              {badgeText(unreadCount)}
            </span>
          )}
        </>
      }
      className="w-[calc(100vw-1rem)] sm:w-80"
    >
      <section aria-labelledby="notifications-heading">
        <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
          <p id="notifications-heading" className="text-sm font-semibold text-slate-900">
            Notifications
          </p>
          {unreadCount > 0 && (
            <button
              type="button"
              onClick={handleMarkAll}
              disabled={markAll.isPending}
              className="rounded text-xs font-semibold text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:opacity-60"
            >
              Mark all read
            </button>
          )}
        </div>
        {list.isPending ? (
          <LoadingLine className="justify-center px-4 py-8">Loading notifications…</LoadingLine>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <BellOff aria-hidden="true" className="size-6 text-slate-300" />
            <p className="text-sm text-slate-500">No notifications yet</p>
          </div>
        ) : (
          <>
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => handleItem(item)}
                    className={cx(
                      'flex w-full items-start gap-2 px-4 py-3 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600',
                      !item.is_read && 'bg-emerald-50/70',
                    )}
                  >
                    <UnreadDot unread={!item.is_read} />
                    <span className={cx('text-slate-700', !item.is_read && 'font-semibold')}>
                      <NotificationText notification={item} />
                      {!item.is_read && <span className="sr-only"> (unread)</span>}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <Link
              to="/notifications"
              onClick={() => setOpen(false)}
              className="block border-t border-slate-100 px-4 py-3 text-center text-sm font-semibold text-emerald-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600"
            >
              View all notifications
            </Link>
          </>
        )}
      </section>
    </PopoverMenu>
  );
}
