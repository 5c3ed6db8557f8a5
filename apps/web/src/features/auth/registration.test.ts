import { describe, expect, it } from 'vitest';
import { emptyRegistration, validateRegistration } from './registration';
import type { RegistrationValues } from './registration';

const valid: RegistrationValues = {
  ...emptyRegistration,
  username: 'priya',
  email: 'priya@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  agreedToTerms: true,
};

describe('validateRegistration (spec part 1 §5)', () => {
  it('checks the rules in the spec order, reporting the first failure', () => {
    const steps: [Partial<RegistrationValues>, string | null][] = [
      [{}, 'Username is required'],
      [{ username: '  pr  ' }, 'Username must be at least 3 characters long'],
      [{ username: 'priya' }, 'Email is required'],
      [{ email: 'priya@example.com' }, 'Password is required'],
      [{ password: 'abc' }, 'Password must be at least 6 characters long'],
      [
        { password: 'secret1', confirmPassword: 'secret2' },
        'Confirm Password does not match Password',
      ],
      [{ confirmPassword: 'secret1' }, 'You must agree to the Terms and Conditions to register'],
      [{ agreedToTerms: true }, null],
    ];
    let values: RegistrationValues = { ...emptyRegistration };
    for (const [change, expected] of steps) {
      values = { ...values, ...change };
      expect(validateRegistration(values)).toBe(expected);
    }
  });

  it('treats a blank username as missing', () => {
    expect(validateRegistration({ ...valid, username: '   ' })).toBe('Username is required');
  });

  it('accepts a form without bio, sports or tags', () => {
    expect(validateRegistration(valid)).toBeNull();
  });
});
