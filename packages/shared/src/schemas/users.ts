/** People: search, follow, profiles, settings and privacy (spec part 1 §3; spec part 2 §3, §5, §6, §9). */
import { z } from 'zod';
import { cleanPhoneNumber } from '../phone.js';
import { BIO_MAX, LOCATION_NAME_MAX, POST_SPORTS, SEARCH_MIN_CHARS } from '../constants.js';
import { textListSchema } from './auth.js';
import { pageQuerySchema } from './common.js';

export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const PROFILE_VISIBILITY = ['public', 'friends_only'] as const;
export const LOCATION_SHARING = ['exact', 'general', 'hidden'] as const;
export const AUDIENCES = ['public', 'friends_only', 'private'] as const;
export const REQUEST_AUDIENCES = ['anyone', 'friends_only', 'none'] as const;
export const EVENT_INVITATIONS = ['auto_accept', 'manual', 'block'] as const;

/** `GET /users/search?q=` (suggestions after more than 2 characters, spec part 1 §5). */
export const userSearchQuerySchema = pageQuerySchema.extend({
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(SEARCH_MIN_CHARS, `Type at least ${SEARCH_MIN_CHARS} characters`)
    .max(100, 'Search text is too long'),
});

/** A search result (spec part 1 §3 "Search result user"), plus whether the viewer follows them. */
export const userSearchResultSchema = z.object({
  id: z.number(),
  username: z.string(),
  bio: z.string(),
  sports: z.array(z.string()),
  tags: z.array(z.string()),
  profile_picture_url: z.string().nullable(),
  is_following: z.boolean(),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

/** `GET /users/search`: one page of results, a JSON array (CONTRACT.md lists). */
export const userSearchResponseSchema = z.array(userSearchResultSchema);

/** A member in a profile's follower lists. */
export const userSummarySchema = z.object({
  id: z.number(),
  username: z.string(),
  bio: z.string(),
  profile_picture_url: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/**
 * `GET /users/{id}/followers` and `/following`: a page of the list, newest follow first; the
 * next page's cursor in `X-Next-Cursor`. `q` (optional) keeps members whose username contains
 * it, case-insensitive (the new-message modal's search over the members one follows).
 */
export const followListQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(100, 'Search text is too long')
    .optional()
    .transform((q) => (q ? q : undefined)),
});

/** A member in a page of a follow list, with whether the viewer follows them. */
export const followListMemberSchema = userSummarySchema.extend({ is_following: z.boolean() });
export type FollowListMember = z.infer<typeof followListMemberSchema>;

/** A page of a follow list, a JSON array (CONTRACT.md lists). */
export const followListResponseSchema = z.array(followListMemberSchema);

export const skillSchema = z.object({
  sport: z.enum(POST_SPORTS as [string, ...string[]], { error: 'Pick a sport from the list' }),
  skill_level: z.enum(SKILL_LEVELS, { error: 'Pick a level' }),
});
export type Skill = z.infer<typeof skillSchema>;

/**
 * `GET /users/{id}`: the profile as this viewer may see it. Hidden parts come back empty or null
 * and `restricted` says the profile is friends-only for this viewer.
 */
export const userProfileSchema = z.object({
  id: z.number(),
  username: z.string(),
  profile_picture_url: z.string().nullable(),
  cover_photo_url: z.string().nullable(),
  bio: z.string(),
  sports: z.array(z.string()),
  tags: z.array(z.string()),
  skills: z.array(skillSchema),
  location_city: z.string().nullable(),
  phone_number: z.string().nullable(),
  followers: z.array(userSummarySchema),
  following: z.array(userSummarySchema),
  /** Every follower / followee but suspended members, whatever the viewer's blocks. */
  followers_count: z.number(),
  following_count: z.number(),
  /**
   * `followers` and `following` are the first page (newest first, blocked and suspended
   * members left out); these cursors fetch the next from `GET /users/{id}/followers|following`,
   * null when there is no more.
   */
  followers_next_cursor: z.string().nullable(),
  following_next_cursor: z.string().nullable(),
  /** Weekly "usually free" slots, shown with the profile. */
  availability: z.array(
    z.object({ day_of_week: z.number(), start_time: z.string(), end_time: z.string() }),
  ),
  /** Whether the member is connected now; null when they hide it (show_online_status off). */
  online: z.boolean().nullable(),
  is_following: z.boolean(),
  follows_you: z.boolean(),
  restricted: z.boolean(),
  activity_visible: z.boolean(),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** A profile phone: cleaned (phone.ts), then empty (removed, null) or exactly 10 digits. */
const phoneSchema = z
  .string({ error: 'Phone number must be text' })
  .transform(cleanPhoneNumber)
  .pipe(z.string().regex(/^(\d{10})?$/, 'Phone number must be exactly 10 digits'))
  .transform((v) => (v === '' ? null : v));

/** `PUT /settings`: one or more fields (spec part 2 §7). */
export const updateSettingsBodySchema = z
  .object({
    bio: z.string().trim().max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`),
    phone_number: phoneSchema.nullable(),
    location_city: z.string().trim().max(LOCATION_NAME_MAX).nullable(),
    /** The home city's point `[lng, lat]`, picked from the places search. */
    location_coordinates: z
      .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], {
        error: 'Coordinates must be [longitude, latitude]',
      })
      .nullable(),
    sports: textListSchema,
    tags: textListSchema,
    profile_visibility: z.enum(PROFILE_VISIBILITY),
    location_sharing: z.enum(LOCATION_SHARING),
    show_online_status: z.boolean(),
    activity_history_visibility: z.enum(AUDIENCES),
    phone_visibility: z.enum(AUDIENCES),
    message_requests: z.enum(REQUEST_AUDIENCES),
    post_comments: z.enum(REQUEST_AUDIENCES),
    event_invitations: z.enum(EVENT_INVITATIONS),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateSettingsBody = z.input<typeof updateSettingsBodySchema>;

/** `GET /settings`: the member's own settings (spec part 2 §3, defaults §9). */
export const settingsSchema = z.object({
  bio: z.string(),
  phone_number: z.string().nullable(),
  location_city: z.string().nullable(),
  location_coordinates: z.tuple([z.number(), z.number()]).nullable(),
  profile_picture_url: z.string().nullable(),
  cover_photo_url: z.string().nullable(),
  sports: z.array(z.string()),
  tags: z.array(z.string()),
  profile_visibility: z.enum(PROFILE_VISIBILITY),
  location_sharing: z.enum(LOCATION_SHARING),
  show_online_status: z.boolean(),
  activity_history_visibility: z.enum(AUDIENCES),
  phone_visibility: z.enum(AUDIENCES),
  message_requests: z.enum(REQUEST_AUDIENCES),
  post_comments: z.enum(REQUEST_AUDIENCES),
  event_invitations: z.enum(EVENT_INVITATIONS),
});
export type Settings = z.infer<typeof settingsSchema>;

/** `GET /settings/public/{userId}`: public fields only. */
export const publicSettingsSchema = z.object({
  id: z.number(),
  username: z.string(),
  profile_picture_url: z.string().nullable(),
  cover_photo_url: z.string().nullable(),
});

export const skillsBodySchema = z.object({
  skills: z.array(skillSchema).max(30, 'At most 30 skills'),
});

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM');
export const availabilitySlotSchema = z
  .object({
    day_of_week: z.number().int().min(0, 'Day must be 0-6').max(6, 'Day must be 0-6'),
    start_time: timeOfDay,
    end_time: timeOfDay,
  })
  .refine((slot) => slot.start_time < slot.end_time, {
    message: 'End time must be after start time',
    path: ['end_time'],
  });
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;
export const availabilityBodySchema = z.union([
  z.array(availabilitySlotSchema).max(50, 'At most 50 slots'),
  z
    .object({ slots: z.array(availabilitySlotSchema).max(50, 'At most 50 slots') })
    .transform((b) => b.slots),
]);

export const reportBodySchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(1000, 'Reason must be at most 1000 characters'),
});

/** `DELETE /account` body (CONTRACT.md). */
export const deleteAccountBodySchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});

/** `POST /users/{id}/follow` and `/unfollow`. */
export const followResponseSchema = z.object({ success: z.literal(true), following: z.boolean() });
/** `GET/PUT /settings/skills`. */
export const skillsResponseSchema = z.object({ skills: z.array(skillSchema) });
/** `GET/PUT /settings/availability`. */
export const availabilityResponseSchema = z.array(availabilitySlotSchema);
/** `POST /settings/avatar`. */
export const avatarResponseSchema = z.object({ profile_picture_url: z.string() });
/** `POST /settings/cover`. */
export const coverResponseSchema = z.object({ cover_photo_url: z.string() });

/** Image upload limits (spec part 2 §5, §9): profile picture 5 MB, cover photo 10 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
/** Image types stored (checked by content on the server; SVG refused: it can carry scripts). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** `GET /users/blocked`: the members the caller has blocked. */
export const blockedUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  profile_picture_url: z.string().nullable(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

/** `GET /users/blocked`: a JSON array. */
export const blockedUsersResponseSchema = z.array(blockedUserSchema);
