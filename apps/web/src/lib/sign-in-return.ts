/**
 * Where a visitor goes back to once signed in (a visitor's "Register" on an event leads
 * to /login, then to the event's registration form). Carried as /login's navigation state.
 */

/** The /login navigation state that returns to `path` (an in-app path) after signing in. */
export function returnAfterSignIn(path: string): { from: string } {
  return { from: path };
}

/**
 * The in-app path a /login visit asked to return to, or null: only a path of this app (one
 * leading '/', not '//'), so the state cannot send the member to another site.
 */
export function signInReturnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
