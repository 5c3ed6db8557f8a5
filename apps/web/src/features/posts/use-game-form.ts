import type { Place } from '@gameon/shared';
import { useState } from 'react';
import { toDateTimeLocal } from '../../lib/format';
import type { GameDetailsErrors, GameDetailsField, GameDetailsValues } from './game-details';

/** A typed field's new value, as the shared game fields report it. */
type FieldChange =
  ['heading' | 'description' | 'eventTime' | 'playersNeeded', string] | ['tags', string[]];

/**
 * What the shared game fields (components/GameFields) read and call: one form's control ids,
 * values and errors, the earliest time its date box offers, and its setters.
 */
export interface GameForm {
  ids: Record<GameDetailsField, string>;
  values: GameDetailsValues;
  errors: GameDetailsErrors;
  /** When the form opened, as a `datetime-local` value. */
  minTime: string;
  change: (...change: FieldChange) => void;
  /** A place picked in the place box (null when cleared): a new pick is confirmed afresh. */
  pickPlace: (place: Place | null) => void;
  /** The approximate-place checkbox ticked or cleared. */
  confirmPlace: (confirmed: boolean) => void;
}

/** The id of the checkbox confirming an approximate place picked in the place box `placeId`. */
export const approximateConfirmId = (placeId: string) => `${placeId}-confirm`;

/**
 * The state both game forms keep (the create-post page and the edit-game dialog): the values,
 * the errors by field (a field's goes as it is changed), and `form` for the shared fields.
 * `fieldIds` maps each checked field to its control's id, in the order the form shows them.
 * `check(found)` shows the errors `found` and focuses the first invalid field (for an unconfirmed
 * approximate place, its checkbox); it answers whether there was none.
 */
export function useGameForm<V extends GameDetailsValues, F extends string>(
  initial: V | (() => V),
  fieldIds: Record<F | GameDetailsField, string>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<F | GameDetailsField, string>>>({});
  const [minTime] = useState(() => toDateTimeLocal(new Date()));

  // One value set; a checked field's error goes as it is changed.
  const assign = (key: string, value: unknown) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in fieldIds) setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const set = <K extends keyof V & string>(key: K, value: V[K]) => assign(key, value);

  const form: GameForm = {
    ids: fieldIds,
    values,
    errors,
    minTime,
    change: assign,
    pickPlace: (place) => {
      setValues((current) => ({ ...current, place, approximateConfirmed: false }));
      setErrors((current) => ({ ...current, place: undefined }));
    },
    confirmPlace: (confirmed) => {
      setValues((current) => ({ ...current, approximateConfirmed: confirmed }));
      setErrors((current) => ({ ...current, place: undefined }));
    },
  };

  const check = (found: Partial<Record<F | GameDetailsField, string>>): boolean => {
    setErrors(found);
    const firstInvalid = (Object.keys(fieldIds) as (F | GameDetailsField)[]).find(
      (field) => found[field],
    );
    if (firstInvalid === undefined) return true;
    const unconfirmed = firstInvalid === 'place' && values.place !== null;
    const id = unconfirmed ? approximateConfirmId(fieldIds.place) : fieldIds[firstInvalid];
    document.getElementById(id)?.focus();
    return false;
  };

  return { form, values, setValues, errors, set, check };
}
