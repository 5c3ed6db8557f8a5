import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { cx } from '../../../lib/format';
import type { FieldEditor } from './FieldEditor';
import { EmptyText } from './ProfileSection';

/** A row being edited, with a key that stays while rows are added and removed. */
export type KeyedRow<T> = T & { key: number };

/**
 * Row operations on a list field's draft (availability slots, skills): `keyed` gives a value a
 * fresh key; `add` appends a row and focuses the control `focusId(key)` once it is rendered.
 */
export function useKeyedRows<T extends object>(editor: FieldEditor<KeyedRow<T>[]>) {
  const nextKey = useRef(0);
  const rows = editor.draft ?? [];
  const keyed = (value: T): KeyedRow<T> => ({ ...value, key: nextKey.current++ });
  return {
    keyed,
    update: (key: number, change: Partial<T>) =>
      editor.change(rows.map((row) => (row.key === key ? { ...row, ...change } : row))),
    remove: (key: number) => editor.change(rows.filter((row) => row.key !== key)),
    add: (value: T, focusId: (key: number) => string) => {
      const row = keyed(value);
      editor.change([...rows, row]);
      requestAnimationFrame(() => document.getElementById(focusId(row.key))?.focus());
    },
  };
}

interface RowsEditorProps<T> {
  rows: KeyedRow<T>[];
  /** Shown when there is no row. */
  empty: string;
  /** The rule the rows break, announced under them. */
  invalid: string | null;
  /** The add button's text, e.g. 'Add skill'. */
  addLabel: string;
  onAdd: () => void;
  /** Grid columns of a row. */
  rowClassName: string;
  /** A row's controls. */
  renderRow: (row: KeyedRow<T>, index: number) => ReactNode;
}

/** The editor of a list field: its rows (or the empty text), the broken rule and Add. */
export function RowsEditor<T>({
  rows,
  empty,
  invalid,
  addLabel,
  onAdd,
  rowClassName,
  renderRow,
}: RowsEditorProps<T>) {
  return (
    <>
      {rows.length === 0 ? (
        <EmptyText>{empty}</EmptyText>
      ) : (
        <ul className="space-y-3">
          {rows.map((row, index) => (
            <li
              key={row.key}
              className={cx(
                'grid items-end gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200',
                rowClassName,
              )}
            >
              {renderRow(row, index)}
            </li>
          ))}
        </ul>
      )}
      {invalid !== null && (
        <p role="alert" className="text-xs font-medium text-rose-600">
          {invalid}
        </p>
      )}
      <Button variant="secondary" size="sm" onClick={onAdd}>
        <Plus aria-hidden="true" className="size-4" />
        {addLabel}
      </Button>
    </>
  );
}

/** The trash button that removes a row; `label` is its accessible name. */
export function RemoveRowButton({
  label,
  onRemove,
  className,
}: {
  label: string;
  onRemove: () => void;
  className?: string;
}) {
  return (
    <Button
      variant="ghost"
      aria-label={label}
      onClick={onRemove}
      className={cx('px-2.5 text-rose-600 hover:bg-rose-50 hover:text-rose-700', className)}
    >
      <Trash2 aria-hidden="true" className="size-4" />
    </Button>
  );
}
