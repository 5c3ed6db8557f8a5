/**
 * The searchable combobox shared by the place search and the messages search (WAI-ARIA 1.2
 * combobox pattern, from React Aria Components): a text box whose listbox of suggestions opens
 * once the caller says the typed text is long enough (`listOpen`). Arrow keys move the active
 * option (marked `aria-selected`, as the pattern recommends), Enter or a click picks it, Escape
 * or leaving the box closes the list. When there is nothing to pick, `status` is announced in
 * the list's place.
 */
import { Search } from 'lucide-react';
import { useContext, useEffect } from 'react';
import type { Key, ReactNode } from 'react';
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { cx } from '../lib/format';
import { Spinner } from './Spinner';
import { errorId, inputClasses } from './FormField';

/** What the box shows in the list's place: a message, with a spinner while searching. */
export interface ComboboxStatus {
  text: string;
  busy?: boolean;
}

interface SearchComboboxProps<T> {
  /** Id of the input (the caller renders the visible `<label htmlFor>`). */
  id: string;
  /** The text of that visible label, also the box's accessible name. */
  label: string;
  /** The suggestions shown in the list. */
  items: readonly T[];
  /** A stable key of an item. */
  itemKey: (item: T) => string;
  /** The item's plain text (its accessible name when typed ahead). */
  itemText: (item: T) => string;
  /** The option's content. */
  renderItem: (item: T) => ReactNode;
  /** Accessible name of the listbox. */
  listLabel: string;
  /** The typed text (controlled). */
  text: string;
  onTextChange: (text: string) => void;
  /** Called with the item picked by keyboard or pointer. */
  onPick: (item: T) => void;
  /** Whether the typed text asks for the list (e.g. more than 2 characters, spec part 1 §5). */
  listOpen: boolean;
  /** Shown instead of the list while there is nothing to pick ('Searching…', 'No … found'). */
  status: ComboboxStatus | null;
  placeholder?: string;
  invalid?: boolean;
  /** Extra ids for `aria-describedby`. */
  describedBy?: string;
}

/** Opens the list when the text asks for it and closes it when it no longer does. */
function OpenWhen({ open }: { open: boolean }) {
  const state = useContext(ComboBoxStateContext);
  const isFocused = state?.isFocused ?? false;
  const inputValue = state?.inputValue;
  useEffect(() => {
    if (!state) return;
    if (open && isFocused && !state.isOpen) state.open(null, 'manual');
    else if (!open && state.isOpen) state.close();
    // Only a change of the text or of focus opens the list, so Escape keeps it closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, isFocused, inputValue]);
  return null;
}

/** A searchable combobox; see the module comment. Render the visible label with `htmlFor={id}`. */
export function SearchCombobox<T>({
  id,
  label,
  items,
  itemKey,
  itemText,
  renderItem,
  listLabel,
  text,
  onTextChange,
  onPick,
  listOpen,
  status,
  placeholder,
  invalid = false,
  describedBy,
}: SearchComboboxProps<T>) {
  const pick = (key: Key | null) => {
    const item = items.find((candidate) => itemKey(candidate) === key);
    if (item !== undefined) onPick(item);
  };

  return (
    <ComboBox
      aria-label={label}
      items={items}
      inputValue={text}
      onInputChange={onTextChange}
      selectedKey={null}
      onSelectionChange={pick}
      menuTrigger="manual"
      allowsEmptyCollection
      allowsCustomValue
      isInvalid={invalid}
      className="relative"
    >
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <Input
        id={id}
        placeholder={placeholder}
        aria-describedby={
          [describedBy, invalid ? errorId(id) : undefined].filter(Boolean).join(' ') || undefined
        }
        className={inputClasses(invalid, 'pl-9')}
      />
      <OpenWhen open={listOpen} />
      <Popover
        offset={4}
        className="w-(--trigger-width) overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
      >
        <ListBox<T>
          aria-label={listLabel}
          className="max-h-64 overflow-y-auto py-1 outline-none"
          renderEmptyState={() =>
            status && (
              <p role="status" className="flex items-center gap-2 px-3 py-3 text-sm text-slate-500">
                {status.busy && <Spinner className="size-4" />}
                {status.text}
              </p>
            )
          }
        >
          {(item) => (
            <ListBoxItem
              id={itemKey(item)}
              textValue={itemText(item)}
              // The active option carries aria-selected (WAI-ARIA 1.2 combobox pattern). Options
              // have no href, so React Aria renders a div; the anchor branch only narrows the type.
              render={(props, { isFocused }) =>
                'href' in props ? <a {...props} /> : <div {...props} aria-selected={isFocused} />
              }
              className={({ isFocused }) =>
                cx(
                  'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm outline-none',
                  isFocused ? 'bg-emerald-50' : 'hover:bg-slate-50',
                )
              }
            >
              {renderItem(item)}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
