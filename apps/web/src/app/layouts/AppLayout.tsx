import { useCallback, useState } from 'react';
import { useMessagesRealtime } from '../../features/messages/api';
import { useDirectMessagesRealtime } from '../../features/messages/direct-api';
import { useNotificationsRealtime } from '../../features/notifications/api';
import { useGameUpdates } from '../use-game-updates';
import { AppFooter } from './AppFooter';
import { Header } from './Header';
import { PageMain, SkipLink } from './PageMain';
import { Sidebar } from './Sidebar';

/**
 * The signed-in frame: header, sidebar, page and footer (spec part 1 §2 "Signed-in layout"); the
 * page shows its loading state inside the frame while its code loads.
 */
export function AppLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  useMessagesRealtime();
  useNotificationsRealtime();
  useDirectMessagesRealtime();
  useGameUpdates();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <Header sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((value) => !value)} />
      <div className="flex flex-1">
        <Sidebar open={sidebarOpen} onClose={closeSidebar} />
        <div className="flex min-w-0 flex-1 flex-col">
          <PageMain />
          <AppFooter />
        </div>
      </div>
    </div>
  );
}
