import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../../components/Button';
import { errorMessage } from '../../../lib/api-client';
import { useCreateReview } from '../api';
import { ReviewForm } from '../components/ReviewForm';
import { emptyReviewForm } from '../review-form';

/**
 * Write a review `/create-review` (spec part 2 §2 "Create review", §4, §5, §8): rating,
 * category, title, content and tags. Success goes to /reviews; a refusal shows the server's
 * message, else "Failed to create review". Cancel returns to /reviews.
 */
export function CreateReviewPage() {
  const navigate = useNavigate();
  const createReview = useCreateReview();
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Write a review</h1>
      <p className="mt-1 text-sm text-slate-500">
        Rate a venue, an event, your gear, a coach or GameOn itself, so other players know what to
        expect.
      </p>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <ReviewForm
          defaultValues={emptyReviewForm}
          onSubmit={(body) =>
            createReview.mutate(body, { onSuccess: () => void navigate('/reviews') })
          }
          pending={createReview.isPending}
          submitError={
            createReview.isError
              ? errorMessage(createReview.error, 'Failed to create review')
              : null
          }
          submitLabel="Post review"
          cancel={
            <Link to="/reviews" className={buttonClasses('secondary')}>
              Cancel
            </Link>
          }
        />
      </div>
    </div>
  );
}
