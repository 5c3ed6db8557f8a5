/**
 * Profiles (spec part 2 §2 "Profile", §4, §7): `GET /users/{id}`, a member's posts, block and
 * report, and the own profile's edits through `/settings` (fields, skills, availability, images).
 */
import {
  availabilityResponseSchema,
  avatarResponseSchema,
  coverResponseSchema,
  lenientListSchema,
  messageResponseSchema,
  PAGE_SIZE_MAX,
  postSchema,
  reviewSchema,
  settingsSchema,
  skillsResponseSchema,
  successSchema,
  userProfileSchema,
} from '@gameon/shared';
import type {
  AvailabilitySlot,
  Post,
  Review,
  Settings,
  Skill,
  UpdateSettingsBody,
  UserProfile,
} from '@gameon/shared';
import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useAuth } from '../../lib/session';

/** The start of a member's activity list, for a profile's preview and its count. */
export interface ActivityPreview<T> {
  /** Newest first. */
  items: T[];
  /** True when the member has more than were fetched. */
  more: boolean;
}

/**
 * `GET {path}?limit=100`: a member's posts or reviews, newest first, as many as one page holds
 * (enough for the count and the first 3 of the preview, spec part 2 §9). Throws the
 * `HttpError` 403 when their activity is private for the viewer.
 */
async function fetchActivity<S extends z.ZodType<unknown[]>>(
  path: string,
  schema: S,
  signal: AbortSignal,
): Promise<ActivityPreview<z.output<S>[number]>> {
  const { data, nextCursor } = await apiRequest(path, {
    query: { limit: PAGE_SIZE_MAX },
    schema,
    signal,
  });
  return { items: data, more: nextCursor !== null };
}

/** Query options of the profile feature; other places reuse their `queryKey`. */
export const profileQueries = {
  /** Prefix of every profile query. */
  all: () => ['profile'] as const,
  /** `GET /users/{id}`: the profile as this viewer may see it; 404 when unknown or blocked. */
  detail: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.all(), userId] as const,
      queryFn: async ({ signal }): Promise<UserProfile> =>
        (await apiRequest(`/users/${userId}`, { schema: userProfileSchema, signal })).data,
    }),
  /** `GET /posts/user/{id}`: the member's posts ({@link fetchActivity}). */
  posts: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.all(), userId, 'posts'] as const,
      queryFn: ({ signal }): Promise<ActivityPreview<Post>> =>
        fetchActivity(`/posts/user/${userId}`, lenientListSchema(postSchema), signal),
    }),
  /**
   * `GET /users/{id}/reviews` (CONTRACT.md, gated like activity): the member's reviews
   * ({@link fetchActivity}).
   */
  reviews: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.all(), userId, 'reviews'] as const,
      queryFn: ({ signal }): Promise<ActivityPreview<Review>> =>
        fetchActivity(`/users/${userId}/reviews`, lenientListSchema(reviewSchema), signal),
    }),
};

/** A member's profile ({@link profileQueries.detail}). */
export function useProfile(userId: number) {
  return useQuery(profileQueries.detail(userId));
}

/** A member's posts ({@link profileQueries.posts}), asked only when `enabled`. */
export function useUserPosts(userId: number, enabled: boolean) {
  return useQuery({ ...profileQueries.posts(userId), enabled });
}

/** A member's reviews ({@link profileQueries.reviews}), asked only when `enabled`. */
export function useUserReviews(userId: number, enabled: boolean) {
  return useQuery({ ...profileQueries.reviews(userId), enabled });
}

/** `POST /users/{id}/block` or `/unblock`. */
export function useBlockToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, block }: { userId: number; block: boolean }) => {
      await apiRequest(`/users/${userId}/${block ? 'block' : 'unblock'}`, {
        method: 'POST',
        schema: successSchema,
      });
    },
    // A block ends the follows both ways, so the viewer's own lists change too. The blocked
    // member's profile is left alone: it would answer 404 now.
    onSuccess: (_data, { userId, block }) =>
      block
        ? queryClient.invalidateQueries({
            queryKey: profileQueries.all(),
            predicate: (query) => query.queryKey[1] !== userId,
          })
        : queryClient.invalidateQueries({ queryKey: profileQueries.all() }),
  });
}

/** `POST /users/{id}/report` `{reason}`: answers the server's thank-you message. */
export function useReport() {
  return useMutation({
    mutationFn: async ({ userId, reason }: { userId: number; reason: string }) =>
      (
        await apiRequest(`/users/${userId}/report`, {
          method: 'POST',
          body: { reason },
          schema: messageResponseSchema,
        })
      ).data.message,
  });
}

/** Refetches the signed-in member's profile after an edit. */
function useRefreshOwnProfile() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () =>
    user === null
      ? Promise.resolve()
      : queryClient.invalidateQueries({ queryKey: profileQueries.detail(user.id).queryKey });
}

/**
 * `PUT /settings` with profile fields (bio, phone, home city, tags): answers all settings; 400
 * with a message. The app puts the answer in the settings cache (app/cache-rules.ts).
 */
export const saveProfileFieldsMutation = () =>
  mutationOptions({
    mutationKey: ['profile', 'save-fields'] as const,
    mutationFn: async (body: UpdateSettingsBody): Promise<Settings> =>
      (await apiRequest('/settings', { method: 'PUT', body, schema: settingsSchema })).data,
  });

/** Saves profile fields ({@link saveProfileFieldsMutation}), then refetches the own profile. */
export function useSaveProfileFields() {
  const refresh = useRefreshOwnProfile();
  return useMutation({ ...saveProfileFieldsMutation(), onSuccess: () => refresh() });
}

/** `PUT /settings/skills`: replaces the member's skills. */
export function useSaveSkills() {
  const refresh = useRefreshOwnProfile();
  return useMutation({
    mutationFn: async (skills: Skill[]) =>
      (
        await apiRequest('/settings/skills', {
          method: 'PUT',
          body: { skills },
          schema: skillsResponseSchema,
        })
      ).data.skills,
    onSuccess: () => refresh(),
  });
}

/** `PUT /settings/availability`: replaces the member's weekly slots. */
export function useSaveAvailability() {
  const refresh = useRefreshOwnProfile();
  return useMutation({
    mutationFn: async (slots: AvailabilitySlot[]) =>
      (
        await apiRequest('/settings/availability', {
          method: 'PUT',
          body: slots,
          schema: availabilityResponseSchema,
        })
      ).data,
    onSuccess: () => refresh(),
  });
}

export type ImageKind = 'avatar' | 'cover';

/**
 * `POST /settings/avatar` or `/settings/cover`: uploads one image as the multipart field `file`;
 * answers its URL. 413 too large, 400 not an image. A new avatar also reloads the session
 * member, so the header shows it.
 */
export function useUploadImage(kind: ImageKind) {
  const refresh = useRefreshOwnProfile();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      const body = new FormData();
      body.append('file', file);
      if (kind === 'avatar') {
        const { data } = await apiRequest('/settings/avatar', {
          method: 'POST',
          body,
          schema: avatarResponseSchema,
        });
        return data.profile_picture_url;
      }
      const { data } = await apiRequest('/settings/cover', {
        method: 'POST',
        body,
        schema: coverResponseSchema,
      });
      return data.cover_photo_url;
    },
    onSuccess: () => Promise.all([refresh(), kind === 'avatar' ? refreshUser() : undefined]),
  });
}
