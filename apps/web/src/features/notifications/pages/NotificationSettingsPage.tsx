import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from '@gameon/shared';
import type {
  NotificationChannel,
  NotificationChannels,
  NotificationType,
  UpdateNotificationSettingBody,
} from '@gameon/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { BackLink } from '../../../components/BackLink';
import { LoadingLine, RetryAlert } from '../../../components/LoadStates';
import { cx } from '../../../lib/format';
import { useNotificationSettings, useUpdateNotificationSetting } from '../settings-api';

/** The groups in page order. */
const GROUPS = ['Games', 'Messages', 'People', 'Events'] as const;

/** The channels as members read them. */
export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  app: 'In the app',
  push: 'Push',
  digest: 'E-mail digest',
};

/**
 * What each notification type is about, as the page lists it, and its group: one entry per
 * NOTIFICATION_TYPES type (a type added there fails the type check until it has its label).
 */
const TYPE_LABELS: Record<NotificationType, { label: string; group: (typeof GROUPS)[number] }> = {
  interest: { label: 'Interest in your games', group: 'Games' },
  player_left: { label: 'Players leaving your games', group: 'Games' },
  nearby_post: { label: 'New games near you', group: 'Games' },
  game_updated: { label: 'Changes to games you joined', group: 'Games' },
  game_cancelled: { label: 'Cancelled games', group: 'Games' },
  waitlist_promoted: { label: 'A place from the waitlist', group: 'Games' },
  removed_from_game: { label: 'Removed from a game', group: 'Games' },
  game_reminder: { label: 'Reminders before your games', group: 'Games' },
  comment: { label: 'Comments on games', group: 'Games' },
  no_show_marked: { label: 'No-show marks on your record', group: 'Games' },
  no_show_disputed: { label: 'Disputes of your no-show marks', group: 'Games' },
  series_claim: { label: 'Your place in a weekly game', group: 'Games' },
  message: { label: 'New messages', group: 'Messages' },
  follow: { label: 'New followers', group: 'People' },
  event_cancelled: { label: 'Cancelled events', group: 'Events' },
  event_closed: { label: 'Closed events', group: 'Events' },
  event_reminder: { label: 'Reminders before your events', group: 'Events' },
  event_invitation: { label: 'Invitations to events', group: 'Events' },
  waitlist_offer: { label: 'A place offered from the waitlist', group: 'Games' },
  waitlist_offer_expired: { label: 'An offered place passed on', group: 'Games' },
};

/** A type's label, as its switches name it ("Push for New messages"). */
export function typeLabel(type: NotificationType): string {
  return TYPE_LABELS[type].label;
}

function typesOf(group: string): NotificationType[] {
  return NOTIFICATION_TYPES.filter((type) => TYPE_LABELS[type].group === group);
}

/** A real checkbox with the switch role, drawn as a sliding switch; its name says it all. */
function ChannelSwitch({
  name,
  text,
  checked,
  onChange,
}: {
  name: string;
  text: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer flex-col items-start gap-1 sm:items-center">
      <span className="relative inline-flex">
        <input
          type="checkbox"
          role="switch"
          aria-label={name}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute inset-0 z-10 cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className={cx(
            'flex h-6 w-10 items-center rounded-full p-0.5 transition-colors',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-600',
            checked ? 'bg-emerald-700' : 'bg-slate-300',
          )}
        >
          <span
            className={cx(
              'size-5 rounded-full bg-white shadow transition-transform',
              checked && 'translate-x-4',
            )}
          />
        </span>
      </span>
      {/* The column heading says it on wide screens; on a phone each switch says its channel. */}
      <span aria-hidden="true" className="text-xs text-slate-600 sm:sr-only">
        {text}
      </span>
    </label>
  );
}

function TypeRow({
  type,
  channels,
  onChange,
}: {
  type: NotificationType;
  channels: NotificationChannels;
  onChange: (body: UpdateNotificationSettingBody) => void;
}) {
  const label = typeLabel(type);
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_repeat(3,7rem)] sm:items-center sm:gap-0">
      <span className="text-sm font-medium text-slate-900">{label}</span>
      <div className="grid grid-cols-3 gap-2 sm:contents">
        {NOTIFICATION_CHANNELS.map((channel) => (
          <ChannelSwitch
            key={channel}
            name={`${CHANNEL_LABELS[channel]} for ${label}`}
            text={CHANNEL_LABELS[channel]}
            checked={channels[channel]}
            onChange={(enabled) => onChange({ type, channel, enabled })}
          />
        ))}
      </div>
    </li>
  );
}

/**
 * `/notifications/settings` (the link of spec part 2 §2's notifications page): every
 * notification type, grouped, with a switch per channel (in the app, push, e-mail digest),
 * each saved as it flips and put back with an alert when saving fails.
 */
export function NotificationSettingsPage() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSetting();
  const [failed, setFailed] = useState<string | null>(null);

  const change = (body: UpdateNotificationSettingBody) => {
    setFailed(null);
    update.change(body, {
      onError: () =>
        setFailed(
          `Could not change "${CHANNEL_LABELS[body.channel]} for ${typeLabel(body.type)}". Please try again.`,
        ),
    });
  };

  let body;
  if (settings.isPending) body = <LoadingLine>Loading your notification settings…</LoadingLine>;
  else if (settings.isError)
    body = (
      <RetryAlert onRetry={() => void settings.refetch()}>
        Could not load your notification settings.
      </RetryAlert>
    );
  else {
    const data = settings.data;
    body = GROUPS.map((group) => {
      const types = typesOf(group);
      if (types.length === 0) return null;
      const headingId = `notification-group-${group.toLowerCase()}`;
      return (
        <section
          key={group}
          aria-labelledby={headingId}
          className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <div className="sm:grid sm:grid-cols-[minmax(0,1fr)_repeat(3,7rem)] sm:items-end">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {group}
            </h2>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <span
                key={channel}
                aria-hidden="true"
                className="hidden text-center text-xs font-medium text-slate-500 sm:block"
              >
                {CHANNEL_LABELS[channel]}
              </span>
            ))}
          </div>
          <ul className="mt-2 divide-y divide-slate-100">
            {types.map((type) => (
              <TypeRow key={type} type={type} channels={data[type]} onChange={change} />
            ))}
          </ul>
        </section>
      );
    });
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <BackLink
        to="/notifications"
        className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800 hover:underline"
      >
        Notifications
      </BackLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Notification settings</h1>
      <p className="mt-2 text-sm text-slate-600">
        Choose how each kind of notification reaches you. Push notifications reach this device only
        once push is turned on for it in{' '}
        <Link to="/settings" className="font-medium text-emerald-800 underline">
          Settings
        </Link>
        . The e-mail digest comes once a day at 8:00 am, only when you have not been on GameOn for a
        day and something is unread.
      </p>
      {failed && (
        <Alert tone="error" className="mt-4">
          {failed}
        </Alert>
      )}
      {body}
    </div>
  );
}
