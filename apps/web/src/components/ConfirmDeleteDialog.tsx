import { Trash2 } from 'lucide-react';
import { DialogActions } from './DialogActions';
import { Modal } from './Modal';

interface ConfirmDeleteDialogProps {
  /** The dialog's heading, e.g. 'Delete post'. */
  title: string;
  /** The question asked, e.g. 'Are you sure you want to delete this post?' (spec part 2 §8). */
  question: string;
  /** What is deleted, shown in bold under the question (a post's heading, a review's title). */
  subject: string;
  /** While the delete runs: Cancel is disabled and Delete spins. */
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A small modal that asks before deleting something, with Cancel and a red Delete button. */
export function ConfirmDeleteDialog({
  title,
  question,
  subject,
  pending,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} size="sm">
      <p className="text-sm text-slate-700">{question}</p>
      <p className="mt-1 text-sm font-semibold break-words text-slate-900">{subject}</p>
      <div className="mt-5">
        <DialogActions onCancel={onCancel} pending={pending} onConfirm={onConfirm}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </DialogActions>
      </div>
    </Modal>
  );
}
