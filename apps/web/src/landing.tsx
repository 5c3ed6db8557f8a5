/**
 * Entry of the pre-rendered landing page `/` (landing.html: a light first page). A
 * visitor's page needs no script: its markup, menu and gallery work as HTML and CSS, and its
 * links load the web app at their path. A member's page (marked before the first paint by
 * MEMBER_CHECK_SCRIPT, and kept hidden by index.css) starts the web app instead, which shows the
 * feed at `/`; so does a visitor's `/?next=<page>`, for its "Sign in to continue".
 */
import { MEMBER_CLASS } from '@gameon/shared/constants';
import './index.css';

const root = document.getElementById('root');
// A visitor sent to `/?next=<page>` from a member page (or loading that address again) gets the
// web app too, which asks them to sign in to continue there (lib/sign-in-return.ts).
const returning = new URLSearchParams(window.location.search).has('next');
if (root && (document.documentElement.classList.contains(MEMBER_CLASS) || returning)) {
  root.replaceChildren();
  delete root.dataset.prerendered;
  void import('./app/start').then(({ startApp }) => startApp(root));
}
