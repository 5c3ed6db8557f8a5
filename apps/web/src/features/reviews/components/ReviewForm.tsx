import { REVIEW_CATEGORIES, REVIEW_CONTENT_MAX, REVIEW_TITLE_MAX } from '@gameon/shared';
import type { ReviewBody } from '@gameon/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField, errorId, inputClasses } from '../../../components/FormField';
import { InputField, TextAreaField } from '../../../components/InputField';
import { SelectOptions } from '../../../components/SelectOptions';
import { reviewCategoryLabels } from '../../../lib/reviews';
import { reviewFormSchema } from '../review-form';
import type { ReviewFormValues } from '../review-form';
import { RatingInput } from './RatingInput';

interface ReviewFormProps {
  /** The values it starts with: empty for a new review, the review's own for an edit. */
  defaultValues: ReviewFormValues;
  /** Sends the checked body (tags split, trimmed, empties dropped). */
  onSubmit: (body: ReviewBody) => void;
  /** While the request runs: the submit button spins. */
  pending: boolean;
  /** Why the server refused the last submit, shown over the buttons. */
  submitError: string | null;
  submitLabel: string;
  /** The way out beside the submit button (a link back, or a button closing a dialog). */
  cancel: ReactNode;
}

/**
 * A review's fields (spec part 2 §2 "Create review", §5): rating stars, category, title (at most
 * 100), content (at most 2000, with an "n/2000" counter) and comma-separated tags, checked with
 * {@link reviewFormSchema} on submit; the first invalid field gets focus.
 */
export function ReviewForm({
  defaultValues,
  onSubmit,
  pending,
  submitError,
  submitLabel,
  cancel,
}: ReviewFormProps) {
  const id = useId();
  const { control, register, handleSubmit, watch, formState } = useForm({
    defaultValues,
    resolver: zodResolver(reviewFormSchema),
  });
  const { errors } = formState;
  // Registered before the fields below, so a missing rating is the first invalid field focused.
  const rating = useController({ control, name: 'rating' });
  const categoryId = `${id}-category`;

  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate className="space-y-6">
      <RatingInput
        id={`${id}-rating`}
        value={rating.field.value}
        onChange={rating.field.onChange}
        onBlur={rating.field.onBlur}
        error={rating.fieldState.error?.message}
        inputRef={rating.field.ref}
      />

      <FormField label="Category" htmlFor={categoryId} error={errors.category?.message}>
        <select
          id={categoryId}
          className={inputClasses(errors.category !== undefined)}
          aria-invalid={errors.category === undefined ? undefined : true}
          aria-describedby={errors.category === undefined ? undefined : errorId(categoryId)}
          {...register('category')}
        >
          <option value="">Select a category</option>
          <SelectOptions
            values={REVIEW_CATEGORIES}
            label={(value) => reviewCategoryLabels[value]}
          />
        </select>
      </FormField>

      <InputField
        id={`${id}-title`}
        label="Title"
        error={errors.title?.message}
        counter={{ value: watch('title').length, max: REVIEW_TITLE_MAX }}
        placeholder="e.g. Great turf, poor floodlights"
        {...register('title')}
      />

      <TextAreaField
        id={`${id}-content`}
        label="Content"
        error={errors.content?.message}
        counter={{ value: watch('content').length, max: REVIEW_CONTENT_MAX }}
        rows={6}
        placeholder="What was good, what could be better, who you would recommend it to…"
        {...register('content')}
      />

      <InputField
        id={`${id}-tags`}
        label="Tags"
        optional
        hint="Separate tags with commas"
        error={errors.tags?.message}
        placeholder="e.g. turf, floodlights, parking"
        {...register('tags')}
      />

      {submitError !== null && <Alert tone="error">{submitError}</Alert>}

      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" loading={pending}>
          <Send aria-hidden="true" className="size-4" />
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
