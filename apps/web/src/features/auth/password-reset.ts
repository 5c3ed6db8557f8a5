/** Password reset screens (spec part 1 §2, §4 "Password reset", §5): navigation states and rules. */
import { PASSWORD_MIN } from '@gameon/shared';
import { z } from 'zod';

/** Navigation state of /reset-password-otp, set by the forgot-password screen. */
export const resetCodeStateSchema = z.object({
  email: z.string().min(1),
  type: z.literal('reset'),
});
export type ResetCodeState = z.infer<typeof resetCodeStateSchema>;

/** Navigation state of /new-password, set once the reset code is accepted. */
export const newPasswordStateSchema = z.object({
  email: z.string().min(1),
  resetToken: z.string().min(1),
});
export type NewPasswordState = z.infer<typeof newPasswordStateSchema>;

/** Navigation state of /login after a reset: the success text shown once (spec part 1 §2). */
export interface LoginState {
  message: string;
}

/**
 * The first failing new-password rule's message, or null: at least {@link PASSWORD_MIN}
 * characters, then both entries equal (spec part 1 §5).
 */
export function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (password.length < PASSWORD_MIN)
    return `Password must be at least ${PASSWORD_MIN} characters long`;
  if (confirmPassword !== password) return 'Passwords do not match';
  return null;
}
