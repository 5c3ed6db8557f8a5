/**
 * Notification settings (`/notifications/settings`): each member's switch per notification type
 * and channel (in the app, web push, e-mail digest). Only the switches a member changed are
 * stored; the rest are the shared `defaultChannels`, so a type added later starts at its
 * defaults with no backfill.
 */
import type { Kysely } from 'kysely';
import {
  defaultChannels,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationChannels,
  type NotificationSettings,
  type NotificationType,
} from '@gameon/shared';
import type { DB } from '../../db/types.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import * as repo from './preferences.repository.js';

const isChannel = (channel: string): channel is NotificationChannel =>
  channel === 'app' || channel === 'push' || channel === 'digest';

/** The preferences service; its writes are limited per member (`notificationSetting`). */
export function createPreferencesService({
  db,
  limiter,
}: {
  db: Kysely<DB>;
  limiter: Pick<RateLimiter, 'write'>;
}) {
  /** `type`'s defaults with the member's stored switches of it applied. */
  function apply(type: string, stored: repo.StoredSwitch[]): NotificationChannels {
    const channels = defaultChannels(type);
    for (const row of stored)
      if (row.type === type && isChannel(row.channel)) channels[row.channel] = row.enabled === 1;
    return channels;
  }

  async function get(userId: number): Promise<NotificationSettings> {
    const stored = await repo.listOfUser(db, userId);
    return Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, apply(type, stored)]),
    ) as NotificationSettings;
  }

  return {
    /** Every type in NOTIFICATION_TYPES with the member's switches (`GET /notifications/settings`). */
    get,
    /**
     * Turns `userId`'s `channel` of `type` on or off; a switch set back to its default is
     * forgotten. @returns the member's full settings.
     * @throws AppError 429 past the member's `notificationSetting` write limit.
     */
    async set(
      userId: number,
      type: NotificationType,
      channel: NotificationChannel,
      enabled: boolean,
    ): Promise<NotificationSettings> {
      await limiter.write('notificationSetting', userId);
      if (defaultChannels(type)[channel] === enabled) await repo.remove(db, userId, type, channel);
      else await repo.upsert(db, { user_id: userId, type, channel, enabled: enabled ? 1 : 0 });
      return get(userId);
    },
    /**
     * The switches of `type` for each of `userIds` (one query however many: a new game near
     * many members). @returns a map with an entry for every id given.
     */
    async channelsFor(
      userIds: readonly number[],
      type: NotificationType,
    ): Promise<Map<number, NotificationChannels>> {
      const stored = await repo.listOfUsersForType(db, [...new Set(userIds)], type);
      const byUser = new Map<number, repo.StoredSwitch[]>();
      for (const row of stored) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
      return new Map(userIds.map((id) => [id, apply(type, byUser.get(id) ?? [])]));
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
