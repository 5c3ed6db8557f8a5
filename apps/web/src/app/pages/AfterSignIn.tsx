import { Navigate, useLocation } from 'react-router';
import { signInReturnTarget } from '../../lib/sign-in-return';

/**
 * /login and /register once signed in: back to the page the sign-in was asked from (its `next`
 * parameter or navigation state, lib/sign-in-return.ts: an event's registration form, a member
 * page opened signed out), else the feed.
 */
export function AfterSignIn() {
  return <Navigate to={signInReturnTarget(useLocation()) ?? '/'} replace />;
}
