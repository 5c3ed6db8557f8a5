/**
 * Where a visitor goes back to once signed in (BEYOND-THE-SPEC "Signed-out deep links"): a
 * member-only page opened signed out redirects to `/?next=<path>`, whose "Sign in to continue"
 * leads to `/login?next=<path>` (and on to `/register?next=<path>`); signing in there (or signing
 * up) returns to the path. A visitor's "Register" on an event or "Sign in to join" on a game
 * carries the path as /login's navigation state instead (`{ from }`). Only a path of this app is
 * ever followed, so neither a link nor the state can send the member to another site.
 */

/** The query parameter of `/`, `/login` and `/register` that holds the path to return to. */
export const SIGN_IN_RETURN_PARAM = 'next';

// Any origin works: a path resolved against it stays on it, another site's address does not.
const HERE = 'https://gameon.invalid';

/**
 * `value` if it is a path of this app ('/messages', '/events/register?event=1'), else null:
 * not an absolute URL ('https://evil.test'), not protocol-relative ('//evil.test', '/\evil.test',
 * which browsers read as '//'), nothing that would leave this origin once resolved.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  try {
    const url = new URL(value, HERE);
    return url.origin === HERE ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The /login navigation state that returns to `path` (an in-app path) after signing in. */
export function returnAfterSignIn(path: string): { from: string } {
  return { from: path };
}

/** The in-app path a /login visit's navigation state asked to return to, or null. */
export function signInReturnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  return sameOriginPath(state.from);
}

/** The in-app path the `next` parameter of `search` (a location's `?…`) names, or null. */
export function nextPath(search: string): string | null {
  return sameOriginPath(new URLSearchParams(search).get(SIGN_IN_RETURN_PARAM));
}

/** Where a signed-in visit to /login or /register goes on to: its state's path, its `next`, or null. */
export function signInReturnTarget(location: { state: unknown; search: string }): string | null {
  return signInReturnPath(location.state) ?? nextPath(location.search);
}

/** `pathname` ('/login', '/register', '/') with `?next=<path>`, or alone when `path` is null. */
export function withNext(pathname: string, path: string | null): string {
  const safe = sameOriginPath(path);
  return safe === null
    ? pathname
    : `${pathname}?${new URLSearchParams({ [SIGN_IN_RETURN_PARAM]: safe })}`;
}
