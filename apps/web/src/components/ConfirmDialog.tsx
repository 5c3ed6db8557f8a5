import type { ReactNode } from 'react';
import { DialogActions } from './DialogActions';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  /** The dialog's heading, e.g. 'Cancel event'. */
  title: string;
  /** The question asked, e.g. 'Are you sure you want to cancel this event?'. */
  question: string;
  /** What it is about, shown in bold under the question (a post's heading, an event's title). */
  subject: string;
  /** The action button's content (icon and text). */
  confirm: ReactNode;
  /** The text of the button that keeps things as they are; 'Cancel' by default. */
  cancelLabel?: string;
  /** While the action runs: the keep button is disabled and the action spins. */
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Shown over the buttons, e.g. why the last try failed. */
  children?: ReactNode;
}

/** A small modal that asks before an action that cannot be undone, with a red action button. */
export function ConfirmDialog({
  title,
  question,
  subject,
  confirm,
  cancelLabel,
  pending,
  onCancel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} size="sm">
      <p className="text-sm text-slate-700">{question}</p>
      <p className="mt-1 text-sm font-semibold break-words text-slate-900">{subject}</p>
      {children}
      <div className="mt-5">
        <DialogActions
          onCancel={onCancel}
          cancelLabel={cancelLabel}
          pending={pending}
          onConfirm={onConfirm}
        >
          {confirm}
        </DialogActions>
      </div>
    </Modal>
  );
}
