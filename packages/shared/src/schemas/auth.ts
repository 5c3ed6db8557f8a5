/** Sign-up, sign-in and session shapes (spec part 1 §4, §5, §7; CONTRACT.md). */
import { z } from 'zod';
import {
  BIO_MAX,
  LIST_ITEM_MAX,
  LIST_MAX_ITEMS,
  OTP_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../constants.js';

/** E-mail, trimmed and lower-cased: e-mail addresses are unique case-insensitively. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters long`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters long`)
  .regex(
    /^[A-Za-z0-9_.-]+$/,
    'Username may contain only letters, digits, dots, dashes and underscores',
  );

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

/** A free-text list (sports, tags): trimmed, empties and duplicates dropped (spec part 1 §5, part 2 §5). */
export const textListSchema = z
  .array(
    z
      .string({ error: 'Each entry must be text' })
      .trim()
      .max(LIST_ITEM_MAX, `Each entry must be at most ${LIST_ITEM_MAX} characters`)
      // Some letters grow when lower-cased ('İ' -> 'i̇'); the lower-cased form is stored too.
      .refine(
        (item) => item.toLowerCase().length <= LIST_ITEM_MAX,
        `Each entry must be at most ${LIST_ITEM_MAX} characters`,
      ),
    {
      error: 'Must be a list',
    },
  )
  .max(LIST_MAX_ITEMS, `At most ${LIST_MAX_ITEMS} entries`)
  .transform((items) => {
    // Duplicates compare case-insensitively; the first spelling wins.
    const seen = new Set<string>();
    return items.filter((item) => {
      const key = item.toLowerCase();
      if (item === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

export const otpSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Code must be ${OTP_LENGTH} digits`);

/** `POST /auth/send-otp` and `POST /auth/register` body. */
export const sendOtpBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  bio: z
    .string({ error: 'Bio must be text' })
    .trim()
    .max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`)
    .default(''),
  sports: textListSchema.default([]),
  tags: textListSchema.default([]),
});
export type SendOtpBody = z.input<typeof sendOtpBodySchema>;

export const verifyOtpBodySchema = z.object({ email: emailSchema, otp: otpSchema });
export const emailBodySchema = z.object({ email: emailSchema });
export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX),
});

/** The signed-in member as `GET /auth/me` returns it. */
export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  bio: z.string(),
  sports: z.array(z.string()),
  tags: z.array(z.string()),
  profile_picture_url: z.string().nullable(),
  created_at: z.string(),
  /** An operator (`ADMIN_EMAILS`): the web app shows the admin link. */
  is_operator: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyOtpResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: sessionUserSchema,
  token: z.string(),
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** `POST /auth/reset-password` body (spec part 1 §7). */
export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  resetToken: z
    .string({ error: 'Reset token is required' })
    .min(1, 'Reset token is required')
    .max(200, 'Reset token is invalid'),
  newPassword: passwordSchema,
});

/** `POST /settings/change-password` body (spec part 2 §3, §7; confirmPassword is never sent). */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX),
  newPassword: passwordSchema,
});

/** `POST /auth/verify-reset-otp` answer. */
export const verifyResetOtpResponseSchema = z.object({
  success: z.literal(true),
  resetToken: z.string(),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/**
 * Session lifetimes: a session ends after 30 days without use, and 90 days after it
 * began however much it is used; signing out ends it at once.
 */
export const SESSION_IDLE_DAYS = 30;
export const SESSION_MAX_DAYS = 90;

/** One of the member's sessions in `GET /auth/sessions`; never its token. */
export const sessionInfoSchema = z.object({
  id: z.number(),
  /** From the user agent, e.g. "Chrome on Android"; "Unknown device" when there was none. */
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** True for the session making the request. */
  current: z.boolean(),
  /** True when this session's device turned web push on. */
  push: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** `GET /auth/sessions`: a JSON array, the most recently seen first. */
export const sessionListSchema = z.array(sessionInfoSchema);
