import { RefreshCw } from 'lucide-react';
import { Button } from '../components/Button';

/**
 * "A new version of GameOn is available" with Reload: shown when a deploy's service worker took
 * over while this page runs the old code (features/push/service-worker.ts `watchForNewVersion`).
 */
export function NewVersionBanner({ onReload }: { onReload: () => void }) {
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <span>A new version of GameOn is available.</span>
      <Button variant="light" size="sm" onClick={onReload}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Reload
      </Button>
    </div>
  );
}
