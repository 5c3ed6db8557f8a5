import { Navigate, useLocation } from 'react-router';
import { signInReturnPath } from '../../lib/sign-in-return';

/**
 * /login once signed in: back to the path the sign-in was asked from (lib/sign-in-return.ts,
 * e.g. an event's registration form), else the feed.
 */
export function AfterSignIn() {
  const state: unknown = useLocation().state;
  return <Navigate to={signInReturnPath(state) ?? '/'} replace />;
}
