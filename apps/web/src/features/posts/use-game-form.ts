import type { Place } from '@gameon/shared';
import { useState } from 'react';
import { toDateTimeLocal } from '../../lib/format';
import { approximateConfirmId } from './components/GameFields';
import type { GameDetailsValues } from './game-details';

/**
 * The state both game forms keep (the create-post page and the edit-game dialog): the values,
 * the errors by field, and the moves they share. `fieldIds` maps each checked field to its
 * control's id, in the order the form shows them (the first invalid one gets focus).
 */
export function useGameForm<V extends GameDetailsValues, F extends string>(
  initial: V | (() => V),
  fieldIds: Record<F, string> & { place: string },
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  // The earliest time the date box offers: when the form opened, as a `datetime-local` value.
  const [minTime] = useState(() => toDateTimeLocal(new Date()));

  /** Sets one value; a field's error goes as it is changed. */
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in fieldIds) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  /** A place picked in the place box (null when cleared): a new pick is confirmed afresh. */
  const pickPlace = (place: Place | null) => {
    setValues((current) => ({ ...current, place, approximateConfirmed: false }));
    setErrors((current) => ({ ...current, place: undefined }));
  };

  /** The approximate-place checkbox ticked or cleared. */
  const confirmPlace = (confirmed: boolean) => {
    setValues((current) => ({ ...current, approximateConfirmed: confirmed }));
    setErrors((current) => ({ ...current, place: undefined }));
  };

  /**
   * Shows `found` and focuses the first invalid field (an unconfirmed approximate place: its
   * checkbox). Returns whether there is none.
   */
  const check = (found: Partial<Record<F, string>>): boolean => {
    setErrors(found);
    const firstInvalid = (Object.keys(fieldIds) as F[]).find((field) => found[field]);
    if (firstInvalid === undefined) return true;
    const unconfirmed = firstInvalid === 'place' && values.place !== null;
    const id = unconfirmed ? approximateConfirmId(fieldIds.place) : fieldIds[firstInvalid];
    document.getElementById(id)?.focus();
    return false;
  };

  return { values, setValues, errors, minTime, set, pickPlace, confirmPlace, check };
}
