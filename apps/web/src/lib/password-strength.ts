/** Password strength as the meter shows it (spec part 1 §5). */
import { PASSWORD_MIN } from '@gameon/shared';

export type PasswordStrength = 'Too short' | 'Fair' | 'Good' | 'Strong';

/**
 * Password strength (spec part 1 §5): empty -> null; under 6 characters 'Too short'; 6-7 'Fair';
 * 8 or more with a lowercase letter, an uppercase letter and a digit 'Strong'; otherwise 'Good'.
 */
export function passwordStrength(password: string): PasswordStrength | null {
  if (password === '') return null;
  if (password.length < PASSWORD_MIN) return 'Too short';
  if (password.length < 8) return 'Fair';
  if (/[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)) return 'Strong';
  return 'Good';
}
