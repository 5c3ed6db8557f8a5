/** Password change rules (spec part 2 §3, §5). */
import { PASSWORD_MIN, changePasswordBodySchema, passwordSchema } from '@gameon/shared';
import { z } from 'zod';

/**
 * The change-password form: the shared body (current password required) with the new password
 * at least {@link PASSWORD_MIN} characters and confirmed. The confirmation is checked here only,
 * never sent; it is checked once the other fields pass.
 */
export const passwordChangeFormSchema = changePasswordBodySchema
  .extend({
    newPassword: z
      .string()
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
      .pipe(passwordSchema),
    confirmPassword: z.string(),
  })
  .refine((values) => values.confirmPassword === values.newPassword, {
    path: ['confirmPassword'],
    message: 'New passwords do not match',
  });

export type PasswordChangeValues = z.input<typeof passwordChangeFormSchema>;

export const emptyPasswordChange: PasswordChangeValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};
