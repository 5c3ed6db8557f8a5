// First: zod must be jitless before any schema is built (zod-jitless.ts).
import '../zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { readStoredToken } from '../lib/api-client';
import { listenForInstallPrompt } from '../lib/install';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { preloadMemberPage, rootRoutes } from './routes';

/**
 * Starts the web app in `root` (an empty element): the data router over every route, with the
 * data, session and real-time providers. Called by main.tsx (every page but `/`) and by
 * landing.tsx for a member opening `/`.
 */
export function startApp(root: HTMLElement): void {
  // Before any page loads: the browser's install prompt fires once, early (lib/install.ts).
  listenForInstallPrompt();
  // A member (a stored session) gets their page's code while the session is checked.
  if (readStoredToken() !== null) void preloadMemberPage(window.location.pathname);
  const router = createBrowserRouter(rootRoutes);
  const queryClient = createQueryClient();
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
