import type { ReactNode } from 'react';
import { cx } from '../lib/format';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';

/**
 * 'Loading …' with a spinner, announced politely (role status); `className` places it (e.g.
 * centred in a panel).
 */
export function LoadingLine({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center gap-2 text-sm text-slate-500', className)}>
      <Spinner className="size-4 text-emerald-700" />
      {children}
    </div>
  );
}

interface RetryProps {
  /** What could not be loaded, e.g. 'Could not load your settings.' */
  children: ReactNode;
  /** Loads again (e.g. the query's `refetch`). */
  onRetry: () => void;
}

/** A load failure as an error alert with Try again (a page's main content). */
export function RetryAlert({ children, onRetry }: RetryProps) {
  return (
    <Alert tone="error">
      <p>{children}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** A load failure as a muted centred line with Try again (a list inside a page). */
export function RetryNote({ children, onRetry, className }: RetryProps & { className?: string }) {
  return (
    <div className={cx('text-center text-sm text-slate-500', className)}>
      <p>{children}</p>
      <Button variant="ghost" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * "Updating…" above a list that still shows its previous results while the next ones load
 * (a filter changed; react-query's placeholder data), announced politely (role status).
 */
export function UpdatingNote() {
  return (
    <p role="status" className="mb-3 flex items-center gap-2 text-sm text-slate-500">
      <Spinner className="size-4" /> Updating…
    </p>
  );
}
