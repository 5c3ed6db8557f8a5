/** Password change rules (spec part 2 §3, §5). */
import { PASSWORD_MIN } from '@gameon/shared';

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  /** Checked in the form only, never sent. */
  confirmPassword: string;
}

export const emptyPasswordChange: PasswordChangeValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export type PasswordChangeField = keyof PasswordChangeValues;

/**
 * The first failing rule as `{field, message}`, or null: the current password is required, the
 * new one has at least {@link PASSWORD_MIN} characters, and the two new entries match.
 */
export function validatePasswordChange(
  values: PasswordChangeValues,
): { field: PasswordChangeField; message: string } | null {
  if (values.currentPassword === '')
    return { field: 'currentPassword', message: 'Current password is required' };
  if (values.newPassword.length < PASSWORD_MIN)
    return {
      field: 'newPassword',
      message: `Password must be at least ${PASSWORD_MIN} characters long`,
    };
  if (values.confirmPassword !== values.newPassword)
    return { field: 'confirmPassword', message: 'New passwords do not match' };
  return null;
}
