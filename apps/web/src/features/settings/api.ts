/** Settings calls (spec part 2 §7; CONTRACT.md `DELETE /api/account`). */
import {
  blockedUserSchema,
  messageResponseSchema,
  settingsSchema,
  successSchema,
} from '@gameon/shared';
import { z } from 'zod';
import type { BlockedUser, ChangePasswordBody, Settings, UpdateSettingsBody } from '@gameon/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Query options of the settings feature; other places reuse their `queryKey`. */
export const settingsQueries = {
  /** `GET /settings`: the member's own settings (defaults of spec part 2 §9 where unset). */
  settings: () =>
    queryOptions({
      queryKey: ['settings'] as const,
      queryFn: async ({ signal }): Promise<Settings> =>
        (await apiRequest('/settings', { schema: settingsSchema, signal })).data,
    }),
  /** `GET /users/blocked`: the members the caller has blocked (issue 4 block and report). */
  blocked: () =>
    queryOptions({
      queryKey: ['settings', 'blocked'] as const,
      queryFn: async ({ signal }): Promise<BlockedUser[]> =>
        (await apiRequest('/users/blocked', { schema: z.array(blockedUserSchema), signal })).data,
    }),
};

/** The member's own settings ({@link settingsQueries.settings}). */
export function useSettings() {
  return useQuery(settingsQueries.settings());
}

/** `PUT /settings` with one or more privacy or content options; answers all settings. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateSettingsBody) =>
      (await apiRequest('/settings', { method: 'PUT', body, schema: settingsSchema })).data,
    onSuccess: (settings) =>
      queryClient.setQueryData(settingsQueries.settings().queryKey, settings),
  });
}

/**
 * `POST /settings/change-password`: 400 'Current password is incorrect'. The member's other
 * sessions are revoked; this one stays valid.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) =>
      (
        await apiRequest('/settings/change-password', {
          method: 'POST',
          body,
          schema: messageResponseSchema,
        })
      ).data,
  });
}

/**
 * `DELETE /account` `{password}`: deletes the member's account; 400 'Password is incorrect'.
 * The session token dies with it.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (password: string) => {
      await apiRequest('/account', { method: 'DELETE', body: { password }, schema: successSchema });
    },
  });
}

/** The members the caller has blocked ({@link settingsQueries.blocked}). */
export function useBlockedMembers() {
  return useQuery(settingsQueries.blocked());
}

/** `POST /users/{id}/unblock`, then the list is fetched again. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) => {
      await apiRequest(`/users/${userId}/unblock`, { method: 'POST', schema: successSchema });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: settingsQueries.blocked().queryKey }),
  });
}
