import type { AvailabilitySlot } from '@gameon/shared';
import { CalendarClock } from 'lucide-react';
import { FormField, inputClasses } from '../../../components/FormField';
import { InputField } from '../../../components/InputField';
import { useSaveAvailability } from '../api';
import { DAY_FULL_NAMES, formatSlot, sortSlots, validateSlots } from '../profile-fields';
import { EditableField, useFieldEditor } from './FieldEditor';
import { EmptyText } from './ProfileSection';
import { RemoveRowButton, RowsEditor, useKeyedRows } from './RowsEditor';
import type { KeyedRow } from './RowsEditor';
import { SelectOptions } from '../../../components/SelectOptions';

/** The two time boxes of a slot row. */
const SLOT_TIMES = [
  { field: 'start_time', suffix: 'start', label: 'From' },
  { field: 'end_time', suffix: 'end', label: 'To' },
] as const;

/** Monday first, as the week reads in India. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * Availability: when the member is usually free, as weekly slots ("Sat 07:00–09:30"); editable
 * on the own profile and saved with `PUT /settings/availability`.
 */
export function AvailabilitySection({ own, slots }: { own: boolean; slots: AvailabilitySlot[] }) {
  const editor = useFieldEditor<KeyedRow<AvailabilitySlot>[]>();
  const save = useSaveAvailability();
  const rows = useKeyedRows(editor);

  const handleSave = () => {
    const draft = editor.draft ?? [];
    if (!editor.check(validateSlots(draft))) return;
    const body = sortSlots(
      draft.map(({ day_of_week, start_time, end_time }) => ({ day_of_week, start_time, end_time })),
    );
    save.mutate(body, editor.saved);
  };

  return (
    <EditableField
      frame="section"
      title="Availability"
      icon={CalendarClock}
      name="availability"
      editable={own}
      editor={editor}
      startValue={() => sortSlots(slots).map(rows.keyed)}
      onSave={handleSave}
      saving={save.isPending}
      renderEditor={(draft) => (
        <RowsEditor
          rows={draft}
          empty="No time slots yet. Add the times you are usually free to play."
          invalid={editor.invalid}
          addLabel="Add time slot"
          onAdd={() =>
            rows.add(
              { day_of_week: 6, start_time: '07:00', end_time: '09:00' },
              (key) => `slot-${key}-day`,
            )
          }
          rowClassName="grid-cols-2 sm:grid-cols-[minmax(0,1fr)_8rem_8rem_auto]"
          renderRow={(row, index) => {
            const id = `slot-${row.key}`;
            const invalid = editor.invalid !== null && row.end_time <= row.start_time;
            return (
              <>
                <FormField label="Day" htmlFor={`${id}-day`} className="col-span-2 sm:col-span-1">
                  <select
                    id={`${id}-day`}
                    value={row.day_of_week}
                    onChange={(event) =>
                      rows.update(row.key, { day_of_week: Number(event.target.value) })
                    }
                    className={inputClasses()}
                  >
                    <SelectOptions values={WEEK_ORDER} label={(day) => DAY_FULL_NAMES[day]} />
                  </select>
                </FormField>
                {SLOT_TIMES.map(({ field, suffix, label }) => (
                  <InputField
                    key={field}
                    id={`${id}-${suffix}`}
                    label={label}
                    type="time"
                    required
                    value={row[field]}
                    onChange={(event) => rows.update(row.key, { [field]: event.target.value })}
                    aria-invalid={invalid || undefined}
                  />
                ))}
                <RemoveRowButton
                  label={`Remove slot ${index + 1}`}
                  onRemove={() => rows.remove(row.key)}
                  className="col-span-2 justify-self-end sm:col-span-1"
                />
              </>
            );
          }}
        />
      )}
    >
      {slots.length === 0 ? (
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
    </EditableField>
  );
}
