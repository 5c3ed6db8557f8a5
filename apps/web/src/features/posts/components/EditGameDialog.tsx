import { PLAYERS_MAX, POST_DESCRIPTION_MAX, POST_HEADING_MAX, placeLabel } from '@gameon/shared';
import type { Post } from '@gameon/shared';
import { Save, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField, errorProps, hintId, inputClasses } from '../../../components/FormField';
import { InputField, TextAreaField } from '../../../components/InputField';
import { Modal } from '../../../components/Modal';
import { PlaceSearch } from '../../../components/PlaceSearch';
import { TagInput } from '../../../components/TagInput';
import { errorMessage } from '../../../lib/api-client';
import { cx, toDateTimeLocal } from '../../../lib/format';
import { useEditPost } from '../api';
import { editValuesOf, joinedCount, toEditBody, validateEditGame } from '../edit-game';
import type { EditGameErrors, EditGameField, EditGameValues } from '../edit-game';

/** Field ids in the order the form shows them (the first invalid one gets focus). */
const fieldIds: Record<EditGameField, string> = {
  heading: 'edit-game-title',
  description: 'edit-game-description',
  place: 'edit-game-place',
  eventTime: 'edit-game-time',
  playersNeeded: 'edit-game-players',
};
const CONFIRM_ID = 'edit-game-place-confirm';

/**
 * The host's edit of their upcoming game, in a modal: title, description, tags, place, time
 * (in the future) and players needed (never below the joined count); the sport is shown, fixed.
 * Saving sends only what changed; the joined players are told by the server. `onSaved` runs
 * after a save (or when nothing changed).
 */
export function EditGameDialog({
  post,
  onClose,
  onSaved,
}: {
  post: Post;
  onClose: () => void;
  onSaved: () => void;
}) {
  const edit = useEditPost();
  const [values, setValues] = useState<EditGameValues>(() => editValuesOf(post));
  const [errors, setErrors] = useState<EditGameErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [minTime] = useState(() => toDateTimeLocal(new Date()));
  const approximate = values.place?.approximate === true;
  const joined = joinedCount(post);

  const set = <K extends keyof EditGameValues>(key: K, value: EditGameValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in fieldIds) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitError(null);
    const found = validateEditGame(values, post);
    setErrors(found);
    const firstInvalid = (Object.keys(fieldIds) as EditGameField[]).find((field) => found[field]);
    if (firstInvalid) {
      const unconfirmed = firstInvalid === 'place' && values.place !== null;
      document.getElementById(unconfirmed ? CONFIRM_ID : fieldIds[firstInvalid])?.focus();
      return;
    }
    const body = toEditBody(values, post);
    if (body === null) {
      onSaved();
      return;
    }
    edit.mutate(
      { postId: post.id, body },
      {
        onSuccess: onSaved,
        onError: (failure) => {
          console.error('Could not save the game', failure);
          setSubmitError(errorMessage(failure, 'Could not save your changes. Please try again.'));
        },
      },
    );
  };

  return (
    <Modal
      title="Edit game"
      description="Players who joined are told in the game's chat and by a notification."
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <p className="text-sm text-slate-700">
          <span className="font-medium">Sport:</span> {post.sport}{' '}
          <span className="text-slate-500">(cannot be changed)</span>
        </p>
        <InputField
          id={fieldIds.heading}
          label="Title"
          error={errors.heading}
          counter={{ value: values.heading.length, max: POST_HEADING_MAX }}
          value={values.heading}
          onChange={(event) => set('heading', event.target.value)}
        />
        <TextAreaField
          id={fieldIds.description}
          label="Description"
          error={errors.description}
          counter={{ value: values.description.length, max: POST_DESCRIPTION_MAX }}
          rows={4}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
        />
        <FormField
          label="Tags"
          htmlFor="edit-game-tags"
          optional
          hint="Press space or Enter after each tag"
        >
          <TagInput id="edit-game-tags" tags={values.tags} onChange={(tags) => set('tags', tags)} />
        </FormField>
        <FormField
          label="Location"
          htmlFor={fieldIds.place}
          error={approximate ? undefined : errors.place}
        >
          <PlaceSearch
            id={fieldIds.place}
            label="Location"
            value={values.place}
            onChange={(place) => {
              setValues((current) => ({ ...current, place, approximateConfirmed: false }));
              setErrors((current) => ({ ...current, place: undefined }));
            }}
            invalid={Boolean(errors.place) && !approximate}
          />
        </FormField>
        {values.place !== null && approximate && (
          <div
            role="group"
            aria-labelledby="edit-game-place-approximate"
            className={cx(
              'space-y-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1',
              errors.place ? 'ring-2 ring-rose-500' : 'ring-amber-300',
            )}
          >
            <p id="edit-game-place-approximate" className="flex items-start gap-2 font-semibold">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Approximate area: {placeLabel(values.place)}
            </p>
            <label className="flex items-start gap-2 font-medium">
              <input
                id={CONFIRM_ID}
                type="checkbox"
                checked={values.approximateConfirmed}
                onChange={(event) => {
                  set('approximateConfirmed', event.target.checked);
                  setErrors((current) => ({ ...current, place: undefined }));
                }}
                aria-invalid={errors.place ? true : undefined}
                aria-describedby={errors.place ? 'edit-game-place-confirm-error' : undefined}
                className="mt-0.5 size-4 shrink-0 accent-emerald-700"
              />
              Use this approximate area for my game
            </label>
            {errors.place && (
              <p id="edit-game-place-confirm-error" className="font-medium text-rose-700">
                {errors.place}
              </p>
            )}
          </div>
        )}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-[minmax(0,1fr)_9rem]">
          <FormField label="Date & time" htmlFor={fieldIds.eventTime} error={errors.eventTime}>
            <input
              id={fieldIds.eventTime}
              type="datetime-local"
              min={minTime}
              value={values.eventTime}
              onChange={(event) => set('eventTime', event.target.value)}
              className={inputClasses(Boolean(errors.eventTime))}
              {...errorProps(fieldIds.eventTime, errors.eventTime, hintId(fieldIds.eventTime))}
            />
            <p id={hintId(fieldIds.eventTime)} className="text-xs text-slate-500">
              Your local time
            </p>
          </FormField>
          <InputField
            id={fieldIds.playersNeeded}
            label="Players needed"
            error={errors.playersNeeded}
            hint={joined > 0 ? `${joined} joined` : undefined}
            type="number"
            inputMode="numeric"
            min={Math.max(1, joined)}
            max={PLAYERS_MAX}
            step={1}
            value={values.playersNeeded}
            onChange={(event) => set('playersNeeded', event.target.value)}
          />
        </div>
        {submitError !== null && <Alert tone="error">{submitError}</Alert>}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={edit.isPending}>
            {!edit.isPending && <Save aria-hidden="true" className="size-4" />}
            Save changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}
