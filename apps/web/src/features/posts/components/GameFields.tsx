/**
 * The fields of a game that the create-post page and the edit-game dialog share, each written
 * once so both forms label, describe and check them alike; each reads and sets one form's state
 * through its {@link GameForm} (useGameForm). Each form lays them out itself.
 */
import { PLAYERS_MAX, POST_DESCRIPTION_MAX, POST_HEADING_MAX, placeLabel } from '@gameon/shared';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormField, errorProps, hintId, inputClasses } from '../../../components/FormField';
import { InputField, TextAreaField } from '../../../components/InputField';
import { PlaceSearch } from '../../../components/PlaceSearch';
import { TagInput } from '../../../components/TagInput';
import { cx } from '../../../lib/format';
import { approximateConfirmId } from '../use-game-form';
import type { GameForm } from '../use-game-form';

/**
 * Title, description and tags, in that order: the title and description with their character
 * counters (100 / 1000), the tags optional (in the box `tagsId`).
 */
export function GameTextFields({
  form: { ids, values, errors, change },
  tagsId,
  descriptionRows,
  placeholders,
}: {
  form: GameForm;
  tagsId: string;
  descriptionRows: number;
  placeholders?: { heading: string; description: string };
}) {
  return (
    <>
      <InputField
        id={ids.heading}
        label="Title"
        error={errors.heading}
        counter={{ value: values.heading.length, max: POST_HEADING_MAX }}
        value={values.heading}
        onChange={(event) => change('heading', event.target.value)}
        placeholder={placeholders?.heading}
      />
      <TextAreaField
        id={ids.description}
        label="Description"
        error={errors.description}
        counter={{ value: values.description.length, max: POST_DESCRIPTION_MAX }}
        rows={descriptionRows}
        value={values.description}
        onChange={(event) => change('description', event.target.value)}
        placeholder={placeholders?.description}
      />
      <FormField label="Tags" htmlFor={tagsId} optional hint="Press space or Enter after each tag">
        <TagInput id={tagsId} tags={values.tags} onChange={(tags) => change('tags', tags)} />
      </FormField>
    </>
  );
}

/**
 * The place search. An approximate place's error belongs to its confirmation
 * ({@link ApproximatePlaceConfirm}), so the box then shows none and is not marked invalid.
 */
export function LocationField({ form: { ids, values, errors, pickPlace } }: { form: GameForm }) {
  const approximate = values.place?.approximate === true;
  return (
    <FormField label="Location" htmlFor={ids.place} error={approximate ? undefined : errors.place}>
      <PlaceSearch
        id={ids.place}
        label="Location"
        value={values.place}
        onChange={pickPlace}
        invalid={Boolean(errors.place) && !approximate}
      />
    </FormField>
  );
}

/**
 * For an approximate place only (a post-office locality): its area and the checkbox that
 * confirms it (id {@link approximateConfirmId}), with the place's error; `children` explain it.
 */
export function ApproximatePlaceConfirm({
  form: { ids, values, errors, confirmPlace },
  children,
}: {
  form: GameForm;
  children?: ReactNode;
}) {
  const { place } = values;
  if (place === null || place.approximate !== true) return null;
  const confirmId = approximateConfirmId(ids.place);
  const headingId = `${ids.place}-approximate`;
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className={cx(
        'space-y-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1',
        errors.place ? 'ring-2 ring-rose-500' : 'ring-amber-300',
      )}
    >
      <p id={headingId} className="flex items-start gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Approximate area: {placeLabel(place)}
      </p>
      {children}
      <label className="flex items-start gap-2 font-medium">
        <input
          id={confirmId}
          type="checkbox"
          checked={values.approximateConfirmed}
          onChange={(event) => confirmPlace(event.target.checked)}
          aria-invalid={errors.place ? true : undefined}
          aria-describedby={errors.place ? `${confirmId}-error` : undefined}
          className="mt-0.5 size-4 shrink-0 accent-emerald-700"
        />
        Use this approximate area for my game
      </label>
      {errors.place && (
        <p id={`${confirmId}-error`} className="font-medium text-rose-700">
          {errors.place}
        </p>
      )}
    </div>
  );
}

/** The date and time box (`datetime-local`, the viewer's time zone), from when the form opened. */
export function EventTimeField({
  form: { ids, values, errors, minTime, change },
}: {
  form: GameForm;
}) {
  const id = ids.eventTime;
  return (
    <FormField label="Date & time" htmlFor={id} error={errors.eventTime}>
      <input
        id={id}
        type="datetime-local"
        min={minTime}
        value={values.eventTime}
        onChange={(event) => change('eventTime', event.target.value)}
        className={inputClasses(Boolean(errors.eventTime))}
        {...errorProps(id, errors.eventTime, hintId(id))}
      />
      <p id={hintId(id)} className="text-xs text-slate-500">
        Your local time
      </p>
    </FormField>
  );
}

/** The number of players needed, a whole number from `min` to 20. */
export function PlayersNeededField({
  form: { ids, values, errors, change },
  min,
  hint,
  placeholder,
}: {
  form: GameForm;
  min: number;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <InputField
      id={ids.playersNeeded}
      label="Players needed"
      error={errors.playersNeeded}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={min}
      max={PLAYERS_MAX}
      step={1}
      value={values.playersNeeded}
      onChange={(event) => change('playersNeeded', event.target.value)}
      placeholder={placeholder}
    />
  );
}
