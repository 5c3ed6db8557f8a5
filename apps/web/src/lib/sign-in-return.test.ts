import { describe, expect, it } from 'vitest';
import {
  nextPath,
  returnAfterSignIn,
  sameOriginPath,
  signInReturnPath,
  signInReturnTarget,
  withNext,
} from './sign-in-return';

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

describe('sameOriginPath (only a path of this app is followed)', () => {
  it.each(['/messages', '/profile/2', '/events/register?event=1', '/posts/5#chat'])(
    'keeps %s',
    (path) => {
      expect(sameOriginPath(path)).toBe(path);
    },
  );

  it.each([
    'https://evil.test/',
    'http://evil.test',
    '//evil.test',
    '/\\evil.test',
    '\\\\evil.test',
    'javascript:alert(1)',
    'messages',
    '/\t/evil.test',
    '',
    null,
  ])('refuses %j', (target) => {
    expect(sameOriginPath(target)).toBeNull();
  });
});

describe('the next parameter', () => {
  it('round-trips a path through withNext and nextPath', () => {
    const login = withNext('/login', '/events/register?event=1');
    expect(login).toBe('/login?next=%2Fevents%2Fregister%3Fevent%3D1');
    expect(nextPath(login.slice('/login'.length))).toBe('/events/register?event=1');
  });

  it('leaves out a target that is not a path of this app', () => {
    expect(withNext('/login', 'https://evil.test')).toBe('/login');
    expect(nextPath('?next=https%3A%2F%2Fevil.test')).toBeNull();
  });

  it('prefers the navigation state to the parameter', () => {
    expect(signInReturnTarget({ state: { from: '/a' }, search: '?next=%2Fb' })).toBe('/a');
    expect(signInReturnTarget({ state: null, search: '?next=%2Fb' })).toBe('/b');
  });
});
