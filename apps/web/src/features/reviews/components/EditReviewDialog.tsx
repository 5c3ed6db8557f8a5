import type { Review } from '@gameon/shared';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateReview } from '../api';
import { reviewFormValues } from '../review-form';
import { ReviewForm } from './ReviewForm';

/**
 * Edit one of the member's reviews in a dialog (CONTRACT.md `PUT /reviews/{id}`): the review
 * form filled with it, under the rules of spec part 2 §5. A refusal shows the server's message,
 * else "Failed to update review".
 */
export function EditReviewDialog({
  review,
  onClose,
  onSaved,
}: {
  review: Review;
  onClose: () => void;
  /** Called once the change is saved (the dialog is then closed by the caller). */
  onSaved: () => void;
}) {
  const updateReview = useUpdateReview();
  return (
    <Modal title="Edit review" onClose={onClose}>
      <ReviewForm
        defaultValues={reviewFormValues(review)}
        onSubmit={(body) => updateReview.mutate({ id: review.id, body }, { onSuccess: onSaved })}
        pending={updateReview.isPending}
        submitError={
          updateReview.isError ? errorMessage(updateReview.error, 'Failed to update review') : null
        }
        submitLabel="Save changes"
        cancel={
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        }
      />
    </Modal>
  );
}
