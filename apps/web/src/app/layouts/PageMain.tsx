import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { cx } from '../../lib/format';
import { PageLoading } from '../LoadingScreen';

const MAIN_ID = 'main-content';

/** The first focusable element of a frame: jumps past the header to the page (WCAG 2.4.1). */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-50 rounded-lg bg-emerald-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}

/**
 * A frame's `<main>` (the skip link's target) around the routed page. Each path gets its own
 * Suspense boundary: a navigation is a transition, which would keep the previous page on screen
 * (and taking input) while the next page's code loads; a new boundary shows the loading state
 * at once instead, inside the frame.
 */
export function PageMain({ className }: { className?: string }) {
  const { pathname } = useLocation();
  return (
    <main id={MAIN_ID} tabIndex={-1} className={cx('flex-1 focus:outline-none', className)}>
      <Suspense key={pathname} fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
