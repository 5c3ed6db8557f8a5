import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from '../lib/session';
import { SocketProvider } from '../lib/socket';
import { NewVersionBanner } from './NewVersionBanner';

/**
 * The socket follows the session: open while signed in, closed on sign-out or user change, and
 * while the account is being deleted (the server drops it, and a reconnect would be refused).
 */
function SessionSocket({ children }: { children: ReactNode }) {
  const { user, token, logout, ending } = useAuth();
  return (
    <SocketProvider
      token={user && !ending ? token : null}
      userId={user?.id ?? null}
      onUnauthorized={logout}
    >
      {children}
    </SocketProvider>
  );
}

/** The service worker's code, loaded only once a member is signed in. */
const serviceWorker = () => import('../features/push/service-worker');

/**
 * The service worker follows the session: registered once a member is signed in (never for a
 * visitor, whose pages load none of its code), unregistered with its push subscription when a
 * page it controls is signed out. When a deploy's worker takes over a member's open page, a
 * banner offers to reload it onto the new version.
 */
function SessionServiceWorker() {
  const { user, loading } = useAuth();
  const signedIn = user !== null;
  const [newVersion, setNewVersion] = useState(false);
  useEffect(() => {
    if (signedIn) {
      let live = true;
      let stop: (() => void) | null = null;
      void serviceWorker().then(async (worker) => {
        const registration = await worker.registerServiceWorker();
        if (live && registration !== null) {
          stop = worker.watchForNewVersion(registration, () => setNewVersion(true));
        }
      });
      return () => {
        live = false;
        stop?.();
      };
    }
    if (!loading && 'serviceWorker' in navigator && navigator.serviceWorker.controller) {
      void serviceWorker().then((worker) => worker.unregisterServiceWorker());
    }
  }, [signedIn, loading]);
  return newVersion ? <NewVersionBanner onReload={() => window.location.reload()} /> : null;
}

/** Data, session and real-time providers around the router. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SessionServiceWorker />
        <SessionSocket>{children}</SessionSocket>
      </AuthProvider>
    </QueryClientProvider>
  );
}
