import { SEARCH_MIN_CHARS } from '@gameon/shared';
import type { Place } from '@gameon/shared';
import { MapPin, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorId, inputClasses } from './FormField';
import { Spinner } from './Spinner';
import { cx } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useListbox } from '../lib/use-listbox';
import { usePlaceSearch } from '../lib/places-api';

interface PlaceSearchProps {
  /** Id of the input (the caller renders the visible label). */
  id: string;
  /** The picked place, or null. */
  value: Place | null;
  /** Called with the picked place, or null once the text no longer matches the pick. */
  onChange: (place: Place | null) => void;
  placeholder?: string;
  invalid?: boolean;
  /** Extra ids for `aria-describedby`. */
  describedBy?: string;
}

/**
 * A place combobox (spec part 1 §5): suggestions are fetched after more than 2 typed
 * characters, debounced; 'No locations found' when nothing matches. Arrow keys move through
 * the suggestions, Enter picks, Escape closes.
 */
export function PlaceSearch({
  id,
  value,
  onChange,
  placeholder = 'Search a city or area',
  invalid = false,
  describedBy,
}: PlaceSearchProps) {
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(text, 300);
  const search = usePlaceSearch(debounced);
  const places = search.data ?? [];
  const ready = debounced.trim().length >= SEARCH_MIN_CHARS && text.trim() === debounced.trim();
  const showList = open && text.trim().length >= SEARCH_MIN_CHARS && text !== value?.name;

  // Show a place picked from outside (the parent remounts the box to clear it).
  useEffect(() => {
    if (value !== null) setText(value.name);
  }, [value]);

  const listbox = useListbox({
    items: places,
    showList,
    open: () => setOpen(true),
    close: () => setOpen(false),
    pick: (place) => {
      setText(place.name);
      setOpen(false);
      onChange(place);
    },
  });
  const { setActiveIndex } = listbox;

  useEffect(() => {
    setActiveIndex(-1);
  }, [debounced, setActiveIndex]);
  let status: string | null = null;
  if (showList) {
    if (!ready || search.isFetching) status = 'Searching…';
    else if (search.isError) status = 'Could not search places. Please try again.';
    else if (places.length === 0) status = 'No locations found';
  }

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList && status === null}
        aria-controls={listbox.listId}
        aria-activedescendant={listbox.activeDescendant}
        aria-invalid={invalid || undefined}
        aria-describedby={
          [describedBy, invalid ? errorId(id) : undefined].filter(Boolean).join(' ') || undefined
        }
        value={text}
        placeholder={placeholder}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          if (value !== null) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={listbox.onKeyDown}
        className={inputClasses(invalid, 'pl-9')}
      />
      {showList && (
        <div className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg">
          {status !== null ? (
            <p role="status" className="flex items-center gap-2 px-3 py-3 text-sm text-slate-500">
              {status === 'Searching…' && <Spinner className="size-4" />}
              {status}
            </p>
          ) : (
            <ul
              id={listbox.listId}
              role="listbox"
              aria-label="Suggested places"
              className="max-h-64 overflow-y-auto py-1"
            >
              {places.map((place, index) => (
                <li
                  key={`${place.name}-${place.coordinates.join(',')}`}
                  {...listbox.optionProps(index, place)}
                  className={cx(
                    'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm',
                    index === listbox.activeIndex ? 'bg-emerald-50' : 'hover:bg-slate-50',
                  )}
                >
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{place.name}</span>
                    <span className="block truncate text-xs text-slate-500">{place.address}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
