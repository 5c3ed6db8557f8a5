import { Navigate, useLocation } from 'react-router';
import { withNext } from '../../lib/sign-in-return';

/**
 * A member-only page opened signed out: to / as the route table says, remembering the page as
 * `?next=` (lib/sign-in-return.ts), so / asks to sign in and signing in comes back here.
 */
export function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={withNext('/', `${pathname}${search}${hash}`)} replace />;
}
