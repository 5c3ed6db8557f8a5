/**
 * The searchable combobox shared by the place search and the messages search (WAI-ARIA 1.2
 * combobox pattern, from Downshift's `useCombobox`): a text box whose listbox of suggestions
 * opens once the caller says the typed text is long enough (`listOpen`). Arrow keys move the
 * active option (marked `aria-selected`, as the pattern recommends), Enter, Tab or a click picks
 * it, Escape or a click elsewhere closes the list. When there is nothing to pick, `status` is
 * announced in the list's place.
 *
 * The list floats in a non-modal React Aria Popover (placed under the box, kept on screen). The
 * rest of the page stays as it is while the list is open: React Aria's own ComboBox hides
 * everything else with `aria-hidden` then, which leaves the header's links, the form's other
 * fields and the footer focusable but hidden from screen readers (axe `aria-hidden-focus`).
 */
import { useCombobox } from 'downshift';
import { Search } from 'lucide-react';
import { useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent, ReactNode } from 'react';
import { Popover } from 'react-aria-components';
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
  /** The item's plain text. */
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
  const boxRef = useRef<HTMLDivElement>(null);
  // Whether the person asked for the list: typing, focusing the box or pressing an arrow opens
  // it; Escape, leaving the box or a pick closes it until the next of those.
  const [wanted, setWanted] = useState(false);
  const isOpen = wanted && listOpen && (items.length > 0 || status !== null);

  const { getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<T>({
    items: [...items],
    inputId: id,
    itemToString: (item) => (item === null ? '' : itemText(item)),
    itemToKey: (item) => (item === null ? null : itemKey(item)),
    inputValue: text,
    // Nothing stays selected: a pick is handed to the caller, who decides what the box shows.
    selectedItem: null,
    isOpen,
    onIsOpenChange: (changes) => setWanted(changes.isOpen),
    onSelectedItemChange: (changes) => {
      if (changes.selectedItem !== null) onPick(changes.selectedItem);
    },
    stateReducer: (state, { type, changes }) => {
      const types = useCombobox.stateChangeTypes;
      // Escape closes the list and keeps the typed text (Downshift clears it once closed).
      if (type === types.InputKeyDownEscape) {
        return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
      }
      // A click or tap on the box shows the list rather than toggling it.
      if (type === types.InputClick) return { ...changes, isOpen: true };
      return changes;
    },
  });

  return (
    <div ref={boxRef} className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        {...getInputProps({
          'aria-label': label,
          placeholder,
          'aria-invalid': invalid || undefined,
          'aria-describedby':
            [describedBy, invalid ? errorId(id) : undefined].filter(Boolean).join(' ') || undefined,
          className: inputClasses(invalid, 'pl-9'),
          // Typed text goes to the caller at once: Downshift reports its changes after the
          // render, and a controlled box would lose the keys typed in between.
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            onTextChange(event.target.value);
            setWanted(true);
          },
          onFocus: () => setWanted(true),
          onBlur: () => setWanted(false),
          // Escape that closes the list stays with the box (a dialog around it stays open).
          onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Escape' && isOpen) event.stopPropagation();
          },
        })}
      />
      <Popover
        triggerRef={boxRef}
        // Without onOpenChange the list stays open when the page scrolls, as it does when a
        // phone's keyboard comes up while typing; placed in the page, it moves with the box.
        isOpen={isOpen}
        isNonModal
        placement="bottom start"
        offset={4}
        className="w-(--trigger-width) overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
      >
        <ul
          {...getMenuProps({ 'aria-label': listLabel }, { suppressRefError: true })}
          hidden={items.length === 0}
          className="max-h-64 overflow-y-auto py-1 outline-none"
        >
          {items.map((item, index) => (
            <li
              key={itemKey(item)}
              {...getItemProps({ item, index })}
              className={cx(
                'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm',
                index === highlightedIndex ? 'bg-emerald-50' : 'hover:bg-slate-50',
              )}
            >
              {renderItem(item)}
            </li>
          ))}
        </ul>
        {items.length === 0 && status && (
          <p role="status" className="flex items-center gap-2 px-3 py-3 text-sm text-slate-500">
            {status.busy && <Spinner className="size-4" />}
            {status.text}
          </p>
        )}
      </Popover>
    </div>
  );
}
