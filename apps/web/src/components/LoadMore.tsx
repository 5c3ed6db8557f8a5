import { useOnVisible } from '../lib/use-on-visible';
import { Button } from './Button';

/** The parts of a TanStack infinite query that load its next page. */
export interface NextPageLoader {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a list loaded page by page: the next page of `list` loads as this end
 * scrolls near the viewport, and a "Load more" button stays for keyboard users and browsers
 * without IntersectionObserver. Renders nothing once there is no next page; after a failed load
 * only the button asks again.
 */
export function LoadMore({ list, className }: { list: NextPageLoader; className: string }) {
  const ready = list.hasNextPage && !list.isFetchingNextPage && !list.isError;
  // Enabled again after each page, so a new observer asks again while the end is still in view.
  const sentinelRef = useOnVisible(() => {
    if (ready) void list.fetchNextPage();
  }, ready);
  if (!list.hasNextPage) return null;
  return (
    <div ref={sentinelRef} className={className}>
      <Button
        variant="secondary"
        onClick={() => void list.fetchNextPage()}
        loading={list.isFetchingNextPage}
      >
        Load more
      </Button>
    </div>
  );
}
