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

const MUTATION_KEY = ['notifications', 'settings', 'update'] as const;

/**
 * `PATCH /notifications/settings` for one switch. `change(body)` shows the switch flipped at
 * once (before the request: a controlled checkbox must not flick back), a failure flips that
 * switch back and calls `onError`, and the server's answer (the full settings) replaces the
 * cached ones once no other change is on its way.
 */
export function useUpdateNotificationSetting() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationSettingsQueries.settings();
  const flip = ({ type, channel, enabled }: UpdateNotificationSettingBody) =>
    queryClient.setQueryData<NotificationSettings>(queryKey, (settings) =>
      settings ? { ...settings, [type]: { ...settings[type], [channel]: enabled } } : settings,
    );
  const mutation = useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: async (body: UpdateNotificationSettingBody) =>
      (
        await apiRequest('/notifications/settings', {
          method: 'PATCH',
          body,
          schema: notificationSettingsSchema,
        })
      ).data,
    onError: (error, body) => {
      console.error('Could not change a notification setting', error);
      flip({ ...body, enabled: !body.enabled });
    },
    onSuccess: (settings) => {
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1)
        queryClient.setQueryData(queryKey, settings);
    },
  });
  return {
    ...mutation,
    change(body: UpdateNotificationSettingBody, options: { onError?: () => void } = {}) {
      void queryClient.cancelQueries({ queryKey });
      flip(body);
      mutation.mutate(body, { onError: () => options.onError?.() });
    },
  };
}
