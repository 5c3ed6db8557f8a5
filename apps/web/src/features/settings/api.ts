/** Settings calls (spec part 2 §7; CONTRACT.md `DELETE /api/account`). */
import {
  blockedUserSchema,
  lenientListSchema,
  calendarFeedResponseSchema,
  calendarFeedStatusSchema,
  messageResponseSchema,
  sessionInfoSchema,
  settingsSchema,
  successSchema,
} from '@gameon/shared';
import type {
  BlockedUser,
  CalendarFeedStatus,
  ChangePasswordBody,
  SessionInfo,
  Settings,
  UpdateSettingsBody,
} from '@gameon/shared';
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
  /** `GET /users/blocked`: the members the caller has blocked. */
  blocked: () =>
    queryOptions({
      queryKey: ['settings', 'blocked'] as const,
      queryFn: async ({ signal }): Promise<BlockedUser[]> =>
        (
          await apiRequest('/users/blocked', {
            schema: lenientListSchema(blockedUserSchema),
            signal,
          })
        ).data,
    }),
  /** `GET /settings/calendar-feed`: whether the private calendar feed exists, since when. */
  calendarFeed: () =>
    queryOptions({
      queryKey: ['settings', 'calendar-feed'] as const,
      queryFn: async ({ signal }): Promise<CalendarFeedStatus> =>
        (await apiRequest('/settings/calendar-feed', { schema: calendarFeedStatusSchema, signal }))
          .data,
    }),
  /** `GET /auth/sessions`: the member's sessions, the most recently seen first. */
  sessions: () =>
    queryOptions({
      queryKey: ['settings', 'sessions'] as const,
      queryFn: async ({ signal }): Promise<SessionInfo[]> =>
        (
          await apiRequest('/auth/sessions', {
            schema: lenientListSchema(sessionInfoSchema),
            signal,
          })
        ).data,
    }),
};

/** The private calendar feed's status ({@link settingsQueries.calendarFeed}). */
export function useCalendarFeed() {
  return useQuery(settingsQueries.calendarFeed());
}

/**
 * `POST /settings/calendar-feed`: a new secret address of the member's feed of upcoming
 * games; the old one stops at once. The answer is the only time the address is known (the server
 * keeps a hash), so the caller shows it from here.
 */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest('/settings/calendar-feed', {
          method: 'POST',
          schema: calendarFeedResponseSchema,
        })
      ).data.url,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: settingsQueries.calendarFeed().queryKey }),
  });
}

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

/** The member's sessions ({@link settingsQueries.sessions}). */
export function useSessions() {
  return useQuery(settingsQueries.sessions());
}

/**
 * `DELETE /auth/sessions/{id}`: signs one of the member's other devices out (its
 * live connections drop at once), then the list is fetched again.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: number) => {
      await apiRequest(`/auth/sessions/${sessionId}`, { method: 'DELETE', schema: successSchema });
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: settingsQueries.sessions().queryKey }),
  });
}

/** `POST /auth/sessions/sign-out-others`: signs out every device but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('/auth/sessions/sign-out-others', { method: 'POST', schema: successSchema });
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: settingsQueries.sessions().queryKey }),
  });
}
