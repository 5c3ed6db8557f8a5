import { useEffect, useRef, useState } from 'react';

/** How far below the viewport the sentinel may be when the next page is asked for. */
const ROOT_MARGIN = '400px 0px';

/**
 * Calls `onVisible` whenever the element given to the returned ref callback scrolls into view
 * (IntersectionObserver, 400 px ahead), while `enabled`; a page loaded page by page as the member
 * scrolls. Does nothing where the browser has no IntersectionObserver: the page keeps
 * its "Load more" button for that and for keyboard users.
 */
export function useOnVisible(onVisible: () => void, enabled: boolean) {
  const [element, setElement] = useState<Element | null>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });

  useEffect(() => {
    if (!enabled || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, element]);

  return setElement;
}
