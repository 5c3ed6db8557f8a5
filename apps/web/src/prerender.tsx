/**
 * Build-time rendering of the landing page: apps/web/vite.config.ts loads this module
 * and writes {@link renderLanding}'s HTML into `dist/landing.html`, which the server sends for `/`.
 * The page works without script (its menu is a disclosure, its gallery a radio filter), so the
 * browser never hydrates it.
 */
import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router';
import { StaticRouter } from 'react-router';
import { PublicLayout } from './app/layouts/PublicLayout';
import { LandingPage } from './features/landing/pages/LandingPage';

/** The inline script the page runs before its first paint (written into its `<head>`). */
export { MEMBER_CHECK_SCRIPT } from '@gameon/shared/constants';

/** The markup of `/` for a visitor (the public frame around the landing page), for `#root`. */
export function renderLanding(): string {
  return renderToString(
    <StaticRouter location="/">
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingPage />} />
        </Route>
      </Routes>
    </StaticRouter>,
  );
}
