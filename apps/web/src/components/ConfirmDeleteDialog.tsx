import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from './ConfirmDialog';

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
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      confirm={
        <>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </>
      }
    />
  );
}
