import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// No web test talks to a real server: every socket the app opens is a FakeSocket, kept in
// `sockets` (test/fake-socket.ts) for the test to play the server through.
vi.mock('socket.io-client', async () => {
  const { FakeSocket, sockets } = await import('./fake-socket');
  return {
    io: (options: { auth?: unknown }) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
  };
});

// CI runs the server, web and browser suites on 2 cores: give findBy/waitFor room beyond the
// 1 s default so a busy machine is not mistaken for a broken page.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so it cannot scroll; the router's ScrollRestoration scrolls to the top
// on every navigation.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  // React Aria's live announcer (two role="log" regions prepended to <body>) outlives React's
  // tree, so the next test would see it beside the page's own chat log.
  for (const node of document.querySelectorAll('[data-live-announcer]')) node.remove();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
