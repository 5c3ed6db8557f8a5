import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from '../lib/session';
import { SocketProvider } from '../lib/socket';

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
        <SessionSocket>{children}</SessionSocket>
      </AuthProvider>
    </QueryClientProvider>
  );
}
