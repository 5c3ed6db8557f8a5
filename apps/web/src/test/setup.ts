import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
