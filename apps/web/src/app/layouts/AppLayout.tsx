import { Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useMessagesRealtime } from '../../features/messages/api';
import { useDirectMessagesRealtime } from '../../features/messages/direct-api';
import { useNotificationsRealtime } from '../../features/notifications/api';
import { PageLoading } from '../LoadingScreen';
import { useGameUpdates } from '../use-game-updates';
import { AppFooter } from './AppFooter';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

/**
 * The signed-in frame: header, sidebar, page and footer (spec part 1 §2 "Signed-in layout").
 * Each path gets its own Suspense boundary: a navigation is a transition, which would keep the
 * previous page on screen (and taking input) while the next page's code loads; a new boundary
 * shows the loading state at once instead (issue 9).
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  useMessagesRealtime();
  useNotificationsRealtime();
  useDirectMessagesRealtime();
  useGameUpdates();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-emerald-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((value) => !value)} />
      <div className="flex flex-1">
        <Sidebar open={sidebarOpen} onClose={closeSidebar} />
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
            <Suspense key={pathname} fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
          <AppFooter />
        </div>
      </div>
    </div>
  );
}
