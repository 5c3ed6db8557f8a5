/**
 * Entry of the pre-rendered landing page `/` (landing.html: a light first page). A
 * visitor's page needs no script: its markup, menu and gallery work as HTML and CSS, and its
 * links load the web app at their path. A member's page (marked before the first paint by
 * MEMBER_CHECK_SCRIPT, and kept hidden by index.css) starts the web app instead, which shows the
 * feed at `/`.
 */
import { MEMBER_CLASS } from '@gameon/shared/constants';
import './index.css';

const root = document.getElementById('root');
if (root && document.documentElement.classList.contains(MEMBER_CLASS)) {
  root.replaceChildren();
  delete root.dataset.prerendered;
  void import('./app/start').then(({ startApp }) => startApp(root));
}
