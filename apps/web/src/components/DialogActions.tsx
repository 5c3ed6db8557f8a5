import type { ReactNode } from 'react';
import { Button } from './Button';

interface DialogActionsProps {
  onCancel: () => void;
  /** The text of the button that closes without acting; 'Cancel' by default. */
  cancelLabel?: string;
  /** While the action runs: Cancel is disabled and the action button spins. */
  pending: boolean;
  /** Runs the action; without it the action button submits the dialog's form. */
  onConfirm?: () => void;
  /** The action button's content (icon and text). */
  children: ReactNode;
}

/**
 * A confirmation dialog's buttons: Cancel (or `cancelLabel`) and the (danger) action, stacked on
 * small screens.
 */
export function DialogActions({
  onCancel,
  cancelLabel = 'Cancel',
  pending,
  onConfirm,
  children,
}: DialogActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant="danger"
        loading={pending}
        onClick={onConfirm}
      >
        {children}
      </Button>
    </div>
  );
}
