import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './password-reset';

describe('validateNewPassword (spec part 1 §5)', () => {
  it.each([
    ['', '', 'Password must be at least 6 characters long'],
    ['abc12', 'abc12', 'Password must be at least 6 characters long'],
    ['abc123', 'abc124', 'Passwords do not match'],
    ['abc123', '', 'Passwords do not match'],
    ['abc123', 'abc123', null],
  ])('%j / %j -> %s', (password, confirmPassword, expected) => {
    expect(validateNewPassword(password, confirmPassword)).toBe(expected);
  });
});
