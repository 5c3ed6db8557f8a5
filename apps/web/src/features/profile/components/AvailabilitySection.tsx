import type { AvailabilitySlot } from '@gameon/shared';
import { CalendarClock, Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/Button';
import { FormField, inputClasses } from '../../../components/FormField';
import { useSaveAvailability } from '../api';
import { DAY_FULL_NAMES, formatSlot, sortSlots, validateSlots } from '../profile-fields';
import { EditButton, EditForm, useFieldEditor } from './FieldEditor';
import { EmptyText, ProfileSection } from './ProfileSection';

/** A slot being edited, with a key that stays while rows are added and removed. */
interface SlotRow extends AvailabilitySlot {
  key: number;
}

/** Monday first, as the week reads in India. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * Availability: when the member is usually free, as weekly slots ("Sat 07:00–09:30"); editable
 * on the own profile and saved with `PUT /settings/availability`.
 */
export function AvailabilitySection({ own, slots }: { own: boolean; slots: AvailabilitySlot[] }) {
  const editor = useFieldEditor<SlotRow[]>();
  const save = useSaveAvailability();
  const nextKey = useRef(0);
  const rows = editor.draft;

  const newRow = (slot: AvailabilitySlot): SlotRow => ({ ...slot, key: nextKey.current++ });

  const update = (key: number, change: Partial<AvailabilitySlot>) =>
    editor.change((rows ?? []).map((row) => (row.key === key ? { ...row, ...change } : row)));

  const handleSave = () => {
    if (rows === null) return;
    const problem = validateSlots(rows);
    if (problem !== null) {
      editor.setInvalid(problem);
      return;
    }
    const body = sortSlots(
      rows.map(({ day_of_week, start_time, end_time }) => ({ day_of_week, start_time, end_time })),
    );
    save.mutate(body, { onSuccess: editor.stop, onError: editor.fail });
  };

  const addRow = () => {
    const row = newRow({ day_of_week: 6, start_time: '07:00', end_time: '09:00' });
    editor.change([...(rows ?? []), row]);
    requestAnimationFrame(() => document.getElementById(`slot-${row.key}-day`)?.focus());
  };

  return (
    <ProfileSection
      title="Availability"
      icon={CalendarClock}
      action={
        own && (
          <EditButton
            name="availability"
            editing={rows !== null}
            onEdit={() => editor.start(sortSlots(slots).map((slot) => newRow(slot)))}
          />
        )
      }
    >
      {rows !== null ? (
        <EditForm
          label="Edit availability"
          onSave={handleSave}
          onCancel={editor.stop}
          saving={save.isPending}
          failure={editor.failure}
        >
          {rows.length === 0 ? (
            <EmptyText>No time slots yet. Add the times you are usually free to play.</EmptyText>
          ) : (
            <ul className="space-y-3">
              {rows.map((row, index) => {
                const id = `slot-${row.key}`;
                const invalid = editor.invalid !== null && row.end_time <= row.start_time;
                return (
                  <li
                    key={row.key}
                    className="grid grid-cols-2 items-end gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-[minmax(0,1fr)_8rem_8rem_auto]"
                  >
                    <FormField
                      label="Day"
                      htmlFor={`${id}-day`}
                      className="col-span-2 sm:col-span-1"
                    >
                      <select
                        id={`${id}-day`}
                        value={row.day_of_week}
                        onChange={(event) =>
                          update(row.key, { day_of_week: Number(event.target.value) })
                        }
                        className={inputClasses()}
                      >
                        {WEEK_ORDER.map((day) => (
                          <option key={day} value={day}>
                            {DAY_FULL_NAMES[day]}
                          </option>
                        ))}
                      </select>
                    </FormField>
                    <FormField label="From" htmlFor={`${id}-start`}>
                      <input
                        id={`${id}-start`}
                        type="time"
                        required
                        value={row.start_time}
                        onChange={(event) => update(row.key, { start_time: event.target.value })}
                        aria-invalid={invalid || undefined}
                        className={inputClasses(invalid)}
                      />
                    </FormField>
                    <FormField label="To" htmlFor={`${id}-end`}>
                      <input
                        id={`${id}-end`}
                        type="time"
                        required
                        value={row.end_time}
                        onChange={(event) => update(row.key, { end_time: event.target.value })}
                        aria-invalid={invalid || undefined}
                        className={inputClasses(invalid)}
                      />
                    </FormField>
                    <Button
                      variant="ghost"
                      aria-label={`Remove slot ${index + 1}`}
                      onClick={() => editor.change(rows.filter((other) => other.key !== row.key))}
                      className="col-span-2 justify-self-end px-2.5 text-rose-600 hover:bg-rose-50 hover:text-rose-700 sm:col-span-1"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          {editor.invalid !== null && (
            <p role="alert" className="text-xs font-medium text-rose-600">
              {editor.invalid}
            </p>
          )}
          <Button variant="secondary" size="sm" onClick={addRow}>
            <Plus aria-hidden="true" className="size-4" />
            Add time slot
          </Button>
        </EditForm>
      ) : slots.length === 0 ? (
        <EmptyText>
          {own ? 'Add when you are usually free to play.' : 'No availability shared'}
        </EmptyText>
      ) : (
        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Usually free
          </h3>
          <ul className="flex flex-wrap gap-2">
            {sortSlots(slots).map((slot) => (
              <li
                key={`${slot.day_of_week}-${slot.start_time}-${slot.end_time}`}
                className="rounded-lg bg-sky-50 px-2.5 py-1 text-sm font-medium text-sky-800 tabular-nums ring-1 ring-sky-200"
              >
                {formatSlot(slot)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </ProfileSection>
  );
}
