import { Outlet } from 'react-router';
import { LandingFooter } from '../../features/landing/components/LandingFooter';
import { LandingNav } from '../../features/landing/components/LandingNav';

/**
 * The frame of a public page a visitor sees (e.g. /events, issue 13): the landing page's top
 * navigation and footer around the page.
 */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <LandingNav />
      <main id="main-content" className="flex-1">
        <Outlet />
      </main>
      <LandingFooter />
    </div>
  );
}
