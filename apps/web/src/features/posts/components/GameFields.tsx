/**
 * The fields of a game that the create-post page and the edit-game dialog share, each written
 * once so both forms label, describe and check them alike. Each form lays them out itself.
 */
import { PLAYERS_MAX, POST_DESCRIPTION_MAX, POST_HEADING_MAX, placeLabel } from '@gameon/shared';
import type { Place } from '@gameon/shared';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormField, errorProps, hintId, inputClasses } from '../../../components/FormField';
import { InputField, TextAreaField } from '../../../components/InputField';
import { PlaceSearch } from '../../../components/PlaceSearch';
import { TagInput } from '../../../components/TagInput';
import { cx } from '../../../lib/format';
import type { GameDetailsErrors, GameDetailsValues } from '../game-details';

type TextKey = 'heading' | 'description' | 'tags';

/**
 * Title, description and tags, in that order: the title and description with their character
 * counters (100 / 1000), the tags optional.
 */
export function GameTextFields({
  ids,
  values,
  errors,
  onChange,
  descriptionRows,
  placeholders,
}: {
  ids: Record<TextKey, string>;
  values: Pick<GameDetailsValues, TextKey>;
  errors: GameDetailsErrors;
  /** Called with a field and its new value (a form's `set(key, value)` fits). */
  onChange: (...change: ['heading' | 'description', string] | ['tags', string[]]) => void;
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
        onChange={(event) => onChange('heading', event.target.value)}
        placeholder={placeholders?.heading}
      />
      <TextAreaField
        id={ids.description}
        label="Description"
        error={errors.description}
        counter={{ value: values.description.length, max: POST_DESCRIPTION_MAX }}
        rows={descriptionRows}
        value={values.description}
        onChange={(event) => onChange('description', event.target.value)}
        placeholder={placeholders?.description}
      />
      <FormField
        label="Tags"
        htmlFor={ids.tags}
        optional
        hint="Press space or Enter after each tag"
      >
        <TagInput id={ids.tags} tags={values.tags} onChange={(tags) => onChange('tags', tags)} />
      </FormField>
    </>
  );
}

/**
 * The place search. An approximate place's error belongs to its confirmation
 * ({@link ApproximatePlaceConfirm}), so the box then shows none and is not marked invalid.
 */
export function LocationField({
  id,
  place,
  error,
  onPick,
}: {
  id: string;
  place: Place | null;
  error: string | undefined;
  onPick: (place: Place | null) => void;
}) {
  const approximate = place?.approximate === true;
  return (
    <FormField label="Location" htmlFor={id} error={approximate ? undefined : error}>
      <PlaceSearch
        id={id}
        label="Location"
        value={place}
        onChange={onPick}
        invalid={Boolean(error) && !approximate}
      />
    </FormField>
  );
}

/** The id of the checkbox confirming an approximate place picked in the place box `placeId`. */
export const approximateConfirmId = (placeId: string) => `${placeId}-confirm`;

/**
 * For an approximate place only (a post-office locality): its area and the checkbox that
 * confirms it (id {@link approximateConfirmId}), with the place's error; `children` explain it.
 */
export function ApproximatePlaceConfirm({
  placeId,
  place,
  confirmed,
  error,
  onConfirm,
  children,
}: {
  placeId: string;
  place: Place | null;
  confirmed: boolean;
  error: string | undefined;
  onConfirm: (confirmed: boolean) => void;
  children?: ReactNode;
}) {
  if (place === null || place.approximate !== true) return null;
  const confirmId = approximateConfirmId(placeId);
  const headingId = `${placeId}-approximate`;
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className={cx(
        'space-y-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1',
        error ? 'ring-2 ring-rose-500' : 'ring-amber-300',
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
          checked={confirmed}
          onChange={(event) => onConfirm(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${confirmId}-error` : undefined}
          className="mt-0.5 size-4 shrink-0 accent-emerald-700"
        />
        Use this approximate area for my game
      </label>
      {error && (
        <p id={`${confirmId}-error`} className="font-medium text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The date and time box (`datetime-local`, the viewer's time zone), from `min` on. */
export function EventTimeField({
  id,
  value,
  min,
  error,
  onChange,
}: {
  id: string;
  value: string;
  min: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label="Date & time" htmlFor={id} error={error}>
      <input
        id={id}
        type="datetime-local"
        min={min}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses(Boolean(error))}
        {...errorProps(id, error, hintId(id))}
      />
      <p id={hintId(id)} className="text-xs text-slate-500">
        Your local time
      </p>
    </FormField>
  );
}

/** The number of players needed, a whole number from `min` to 20. */
export function PlayersNeededField({
  id,
  value,
  min,
  error,
  onChange,
  hint,
  placeholder,
}: {
  id: string;
  value: string;
  min: number;
  error: string | undefined;
  onChange: (value: string) => void;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <InputField
      id={id}
      label="Players needed"
      error={error}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={min}
      max={PLAYERS_MAX}
      step={1}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
    />
  );
}
