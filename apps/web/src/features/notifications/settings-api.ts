/**
 * Notification settings (`/notifications/settings`): the member's switch per notification type
 * and channel, read with `GET /notifications/settings` and changed one at a time with `PATCH`,
 * shown at once (optimistic) and put back when the server refuses.
 */
import { notificationSettingsSchema } from '@gameon/shared';
import type { NotificationSettings, UpdateNotificationSettingBody } from '@gameon/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const notificationSettingsQueries = {
  /** `GET /notifications/settings`: every type with its `app`, `push` and `digest` switches. */
  settings: () =>
    queryOptions({
      queryKey: ['notifications', 'settings'] as const,
      queryFn: async ({ signal }): Promise<NotificationSettings> =>
        (
          await apiRequest('/notifications/settings', {
            schema: notificationSettingsSchema,
            signal,
          })
        ).data,
    }),
};

/** The member's notification settings. */
export function useNotificationSettings() {
  return useQuery(notificationSettingsQueries.settings());
}

/**
 * `PATCH /notifications/settings` for one switch: the cached settings change at once; a
 * failure puts back what they were, and the server's answer (the full settings) replaces them.
 */
export function useUpdateNotificationSetting() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationSettingsQueries.settings();
  return useMutation({
    mutationFn: async (body: UpdateNotificationSettingBody) =>
      (
        await apiRequest('/notifications/settings', {
          method: 'PATCH',
          body,
          schema: notificationSettingsSchema,
        })
      ).data,
    onMutate: async ({ type, channel, enabled }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<NotificationSettings>(queryKey);
      if (before)
        queryClient.setQueryData<NotificationSettings>(queryKey, {
          ...before,
          [type]: { ...before[type], [channel]: enabled },
        });
      return { before };
    },
    onError: (error, _body, context) => {
      console.error('Could not change a notification setting', error);
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(queryKey, settings),
  });
}
