import { describe, expect, it } from 'vitest';
import { returnAfterSignIn, signInReturnPath } from './sign-in-return';

describe('signInReturnPath', () => {
  it('reads the path given by returnAfterSignIn', () => {
    expect(signInReturnPath(returnAfterSignIn('/events/register?event=4'))).toBe(
      '/events/register?event=4',
    );
  });

  it.each([
    null,
    undefined,
    'x',
    {},
    { from: 4 },
    { from: 'https://evil.test' },
    { from: '//evil.test' },
  ])('ignores %j', (state) => {
    expect(signInReturnPath(state)).toBeNull();
  });
});
