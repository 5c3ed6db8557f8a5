/** The whole app in a test: real routes and providers, `fetch` mocked by the caller. */
import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { expect } from 'vitest';
import { AppProviders } from '../app/providers';
import { rootRoutes } from '../app/routes';
import type { FakeSocket } from './fake-socket';
import { createTestQueryClient } from './utils';
// The app loads these on demand; loaded here, with the test file, so that a test's first
// wait for the signed-in app does not also wait for their modules to be compiled.
import '../app/layouts/AppLayout';
import '../lib/session-api';
import 'socket.io-client';

type Entry = string | { pathname: string; state?: unknown };

/** Renders the app at `entry` (a path, or a path with navigation state); answers the router. */
export function renderApp(entry: Entry = '/') {
  const router = createMemoryRouter(rootRoutes, { initialEntries: [entry] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/**
 * Renders the app at `entry` signed in with a stored token, waits for its socket (pushed onto
 * `sockets` by the test file's `socket.io-client` mock) and plays the server's `connect`.
 */
export async function openSignedInApp(entry: Entry, sockets: FakeSocket[]) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  const before = sockets.length;
  const router = renderApp(entry);
  await waitFor(() => expect(sockets.length).toBeGreaterThan(before));
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket');
  act(() => socket.serverEmit('connect'));
  return { router, socket, user: userEvent.setup() };
}
