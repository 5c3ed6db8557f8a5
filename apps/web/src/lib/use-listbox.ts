/**
 * Keyboard and pointer handling of a combobox's listbox (WAI-ARIA 1.2 combobox pattern), shared
 * by the place search and the messages search: arrow keys move the active option (wrapping),
 * Enter picks it (or the only option), Escape closes; options keep focus in the box when clicked.
 */
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';

interface ListboxOptions<T> {
  /** The options shown. */
  items: readonly T[];
  /** Whether the listbox is open. */
  showList: boolean;
  /** Opens the listbox (an arrow key on a closed box). */
  open: () => void;
  /** Closes it (Escape). */
  close: () => void;
  /** Picks an option. */
  pick: (item: T) => void;
}

export function useListbox<T>({ items, showList, open, close, pick }: ListboxOptions<T>) {
  const listId = useId();
  const [activeIndex, setActiveIndex] = useState(-1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + items.length) % items.length);
    } else if (event.key === 'Enter' && showList) {
      event.preventDefault();
      const item = items[activeIndex] ?? (items.length === 1 ? items[0] : undefined);
      if (item !== undefined) pick(item);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      close();
    }
  };

  return {
    listId,
    activeIndex,
    setActiveIndex,
    onKeyDown,
    /** `aria-activedescendant` of the input. */
    activeDescendant:
      showList && activeIndex >= 0 && activeIndex < items.length
        ? optionId(activeIndex)
        : undefined,
    /** The attributes and handlers of the option at `index`. */
    optionProps: (index: number, item: T) => ({
      id: optionId(index),
      role: 'option' as const,
      'aria-selected': index === activeIndex,
      // Keep focus in the box so its blur does not close the list before the click.
      onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
      onClick: () => pick(item),
      onMouseEnter: () => setActiveIndex(index),
    }),
  };
}
