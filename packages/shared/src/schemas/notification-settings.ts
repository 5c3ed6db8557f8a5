/**
 * Notification settings (`/notifications/settings`): for every notification type, whether it
 * arrives in the app (the stored list and its live push), as a web push to the member's devices,
 * and in the e-mail digest. Defaults come from {@link defaultChannels}; the server stores only
 * the switches a member changed, so a type added later gets its defaults without a backfill.
 */
import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications.js';

/** The ways a notification can reach a member: in the app, web push, the e-mail digest. */
export const NOTIFICATION_CHANNELS = ['app', 'push', 'digest'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** One type's switches, one per channel. */
export const notificationChannelsSchema = z.object({
  app: z.boolean(),
  push: z.boolean(),
  digest: z.boolean(),
});
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/**
 * A type's switches before the member changes any: everything in the app; push for messages,
 * waitlist news and reminders (any type named `waitlist…` or `…_reminder`); digest off.
 */
export function defaultChannels(type: NotificationType | (string & {})): NotificationChannels {
  const push =
    type === 'message' ||
    type === 'waitlist_promoted' ||
    type.startsWith('waitlist') ||
    type.endsWith('_reminder');
  return { app: true, push, digest: false };
}

/** `GET`/`PATCH /notifications/settings`: every type in NOTIFICATION_TYPES with its switches. */
export const notificationSettingsSchema = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, notificationChannelsSchema])) as {
    [K in NotificationType]: typeof notificationChannelsSchema;
  },
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `PATCH /notifications/settings`: turns one type's channel on or off. */
export const updateNotificationSettingBodySchema = z.object({
  type: z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type' }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: 'channel must be app, push or digest' }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type UpdateNotificationSettingBody = z.infer<typeof updateNotificationSettingBodySchema>;
