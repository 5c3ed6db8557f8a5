/** Registration form rules (spec part 1 §5). */
import { PASSWORD_MIN, USERNAME_MIN } from '@gameon/shared';

export interface RegistrationValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  bio: string;
  /** Comma-separated. */
  sports: string;
  /** Comma-separated. */
  tags: string;
  agreedToTerms: boolean;
}

export const emptyRegistration: RegistrationValues = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  bio: '',
  sports: '',
  tags: '',
  agreedToTerms: false,
};

/**
 * The first failing registration rule's message, or null when the form is valid. Checked in
 * the spec's order: username required, username length, e-mail required, password required,
 * password length, confirmation, terms (spec part 1 §5).
 */
export function validateRegistration(values: RegistrationValues): string | null {
  const username = values.username.trim();
  if (username === '') return 'Username is required';
  if (username.length < USERNAME_MIN)
    return `Username must be at least ${USERNAME_MIN} characters long`;
  if (values.email.trim() === '') return 'Email is required';
  if (values.password === '') return 'Password is required';
  if (values.password.length < PASSWORD_MIN)
    return `Password must be at least ${PASSWORD_MIN} characters long`;
  if (values.confirmPassword !== values.password) return 'Confirm Password does not match Password';
  if (!values.agreedToTerms) return 'You must agree to the Terms and Conditions to register';
  return null;
}
