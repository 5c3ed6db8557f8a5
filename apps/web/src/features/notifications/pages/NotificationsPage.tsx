import type { ReceivedNotification } from '@gameon/shared';
import { Bell, Check, Settings, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/format';
import { NotificationText, UnreadDot } from '../components/NotificationText';
import {
  notificationTarget,
  useAnswerInvitation,
  usePendingInvitationIds,
  useMarkAllNotificationsRead,
  useMarkNotificationsRead,
  useNotificationCount,
  useNotifications,
} from '../api';
import { LoadingLine, RetryNote } from '../../../components/LoadStates';

export const NOTIFICATION_FILTERS = [
  'All',
  'Unread',
  'Follows',
  'Interests',
  'Unread Messages',
  'Nearby',
  'Invitations',
  'Comments',
] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** Whether `item` shows under `filter` (spec part 2 §2 "Notifications"). */
export function matchesFilter(item: ReceivedNotification, filter: NotificationFilter): boolean {
  switch (filter) {
    case 'All':
      return item.type !== 'message' || !item.is_read;
    case 'Unread':
      return !item.is_read && item.type !== 'message';
    case 'Follows':
      return item.type === 'follow';
    case 'Interests':
      return item.type === 'interest';
    case 'Unread Messages':
      return item.type === 'message' && !item.is_read;
    case 'Nearby':
      return item.type === 'nearby_post';
    case 'Invitations':
      return item.type === 'event_invitation' || item.type === 'series_claim';
    case 'Comments':
      return item.type === 'comment';
  }
}

/** The two answers to an invitation, as their buttons show them (Accept first, the primary one). */
const INVITATION_ANSWERS = [
  { verb: 'accept', label: 'Accept', variant: 'primary', Icon: Check, iconClass: 'size-4' },
  { verb: 'decline', label: 'Decline', variant: 'secondary', Icon: X, iconClass: 'size-3.5' },
] as const;

/**
 * Accept and Decline on an `event_invitation` row while its invitation is pending: Accept opens
 * the event's registration form, Decline takes the buttons away. Answering reads the row.
 */
function InvitationButtons({
  item,
  onAnswered,
}: {
  item: ReceivedNotification;
  onAnswered: () => void;
}) {
  const navigate = useNavigate();
  const answer = useAnswerInvitation();
  const id = Number(item.data.invitation_id);
  const act = (verb: 'accept' | 'decline') =>
    answer.mutate(
      { id, answer: verb },
      {
        onSuccess: (eventId) => {
          onAnswered();
          if (eventId !== null) void navigate(`/events/register?event=${eventId}`);
        },
      },
    );
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {INVITATION_ANSWERS.map(({ verb, label, variant, Icon, iconClass }) => (
        <Button
          key={verb}
          variant={variant}
          size="sm"
          loading={answer.isPending && answer.variables.answer === verb}
          disabled={answer.isPending}
          onClick={() => act(verb)}
        >
          <Icon aria-hidden="true" className={iconClass} />
          {label}
        </Button>
      ))}
      {answer.isError && (
        <p role="alert" className="w-full text-sm text-red-700">
          {errorMessage(answer.error, 'Could not answer the invitation. Please try again.')}
        </p>
      )}
    </div>
  );
}

export const MARK_ALL_FAILED = 'Failed to mark all notifications as read. Please try again.';

/**
 * The notifications page (spec part 2 §2): filters, per-item mark read and Mark all read (n).
 * Following an unread item's link also marks it read (spec part 2 §4).
 */
export function NotificationsPage() {
  const list = useNotifications();
  const count = useNotificationCount();
  const markRead = useMarkNotificationsRead();
  const markAll = useMarkAllNotificationsRead();
  const [filter, setFilter] = useState<NotificationFilter>('All');
  const [failed, setFailed] = useState(false);
  const unreadCount = count.data ?? 0;
  const items = (list.data ?? []).filter((item) => matchesFilter(item, filter));
  const pending = usePendingInvitationIds(
    (list.data ?? []).some((item) => item.type === 'event_invitation'),
  );

  useEffect(() => {
    if (list.error) console.error('Could not load notifications', list.error);
  }, [list.error]);

  const handleMarkAll = () => {
    setFailed(false);
    const unreadIds = (list.data ?? []).filter((item) => !item.is_read).map((item) => item.id);
    markAll.mutate(unreadIds, { onError: () => setFailed(true) });
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={handleMarkAll}
            loading={markAll.isPending}
            disabled={unreadCount === 0}
          >
            Mark all read ({unreadCount})
          </Button>
          <Link to="/notifications/settings" className={buttonClasses('ghost', 'sm')}>
            <Settings aria-hidden="true" className="size-4" />
            Settings
          </Link>
        </div>
      </div>
      {failed && (
        <Alert tone="error" className="mt-4">
          {MARK_ALL_FAILED}
        </Alert>
      )}
      <div role="group" aria-label="Filter notifications" className="mt-4 flex flex-wrap gap-2">
        {NOTIFICATION_FILTERS.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={filter === name}
            onClick={() => setFilter(name)}
            className={cx(
              'rounded-full px-3 py-1.5 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-emerald-600',
              filter === name
                ? 'bg-emerald-700 text-white ring-emerald-700'
                : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50',
            )}
          >
            {name}
          </button>
        ))}
      </div>
      <div className="mt-5">
        {list.isPending ? (
          <LoadingLine className="justify-center py-10">Loading notifications…</LoadingLine>
        ) : list.isError ? (
          <RetryNote className="py-10" onRetry={() => void list.refetch()}>
            We could not load your notifications.
          </RetryNote>
        ) : items.length === 0 ? (
          <EmptyState icon={Bell} title="No notifications yet" />
        ) : (
          <ul
            aria-label="Notifications"
            className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
          >
            {items.map((item) => {
              const target = notificationTarget(item);
              const text = <NotificationText notification={item} />;
              return (
                <li
                  key={item.id}
                  className={cx(
                    'flex items-start gap-3 px-4 py-3',
                    !item.is_read && 'bg-emerald-50/60',
                  )}
                >
                  <UnreadDot unread={!item.is_read} />
                  <div className="min-w-0 flex-1">
                    <p className={cx('text-sm text-slate-700', !item.is_read && 'font-semibold')}>
                      {target === null ? (
                        text
                      ) : (
                        <Link
                          to={target}
                          // Opening a notification reads it (spec part 2 §4).
                          onClick={() => {
                            if (!item.is_read) markRead.mutate([item.id]);
                          }}
                          className="hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
                        >
                          {text}
                        </Link>
                      )}
                    </p>
                    {item.type === 'event_invitation' &&
                      pending.data?.has(Number(item.data.invitation_id)) && (
                        <InvitationButtons
                          item={item}
                          onAnswered={() => {
                            if (!item.is_read) markRead.mutate([item.id]);
                          }}
                        />
                      )}
                  </div>
                  {!item.is_read && (
                    <button
                      type="button"
                      aria-label={`Mark read: ${item.message}`}
                      onClick={() => markRead.mutate([item.id])}
                      className="grid size-8 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
                    >
                      <Check aria-hidden="true" className="size-4" />
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="mt-4 flex flex-col items-center gap-2">
            {list.isFetchNextPageError && (
              <p role="alert" className="text-sm text-red-700">
                We could not load older notifications.
              </p>
            )}
            <Button
              variant="secondary"
              size="sm"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchNextPageError ? 'Try again' : 'Load older notifications'}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
