import { formatRelativeTime } from '@gameon/shared';
import type { ReceivedNotification } from '@gameon/shared';
import { cx, viewerFormat } from '../../../lib/format';

/** The dot that marks an unread notification (kept as a blank of the same size once read). */
export function UnreadDot({ unread }: { unread: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'mt-1.5 size-2 shrink-0 rounded-full',
        unread ? 'bg-emerald-700' : 'bg-transparent',
      )}
    />
  );
}

/** A notification's message followed by its relative time in brackets (spec part 1 §2). */
export function NotificationText({ notification }: { notification: ReceivedNotification }) {
  return (
    <>
      {notification.message}{' '}
      <span className="font-normal text-slate-500">
        ({formatRelativeTime(notification.created_at, new Date(), viewerFormat())})
      </span>
    </>
  );
}
