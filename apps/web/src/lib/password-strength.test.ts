import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength (spec part 1 §5)', () => {
  it.each([
    ['', null],
    ['abc', 'Too short'],
    ['abcde', 'Too short'],
    ['abcdef', 'Fair'],
    ['Abcdef1', 'Fair'],
    ['abcdefgh', 'Good'],
    ['abcdefg1', 'Good'],
    ['ABCDEFG1', 'Good'],
    ['Abcdefg1', 'Strong'],
  ])('%j is %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});
