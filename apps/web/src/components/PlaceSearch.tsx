import { SEARCH_MIN_CHARS } from '@gameon/shared';
import type { Place } from '@gameon/shared';
import { MapPin, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SearchCombobox } from './SearchCombobox';
import type { ComboboxStatus } from './SearchCombobox';
import { cx } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { usePlaceSearch } from '../lib/places-api';

interface PlaceSearchProps {
  /** Id of the input (the caller renders the visible label). */
  id: string;
  /** The visible label's text, also the box's accessible name. */
  label: string;
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
 * The mark of a place whose point may lie kilometres away (a post-office locality), in full on
 * its own line: never cut off, whatever the width.
 */
export function ApproximateMark({ className }: { className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-md bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0" />
      Approximate area
    </span>
  );
}

/**
 * A place combobox (spec part 1 §5): suggestions are fetched after more than 2 typed
 * characters, debounced; 'No locations found' when nothing matches. Arrow keys move through
 * the suggestions, Enter picks, Escape closes. An approximate place carries {@link ApproximateMark}.
 */
export function PlaceSearch({
  id,
  label,
  value,
  onChange,
  placeholder = 'Search a city or area',
  invalid = false,
  describedBy,
}: PlaceSearchProps) {
  const [text, setText] = useState(value?.name ?? '');
  const debounced = useDebouncedValue(text, 300);
  const search = usePlaceSearch(debounced);
  const places = search.data ?? [];
  const ready = debounced.trim().length >= SEARCH_MIN_CHARS && text.trim() === debounced.trim();

  // Show a place picked from outside (the parent remounts the box to clear it).
  useEffect(() => {
    if (value !== null) setText(value.name);
  }, [value]);

  let status: ComboboxStatus | null = null;
  if (!ready || search.isFetching) status = { text: 'Searching…', busy: true };
  else if (search.isError) status = { text: 'Could not search places. Please try again.' };
  else if (places.length === 0) status = { text: 'No locations found' };

  return (
    <SearchCombobox
      id={id}
      label={label}
      items={status === null ? places : []}
      itemKey={(place) => `${place.name}-${place.coordinates.join(',')}`}
      itemText={(place) => place.name}
      renderItem={(place) => (
        <>
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">{place.name}</span>
            <span className="block text-xs break-words text-slate-600">{place.address}</span>
            {place.approximate && <ApproximateMark className="mt-1" />}
          </span>
        </>
      )}
      listLabel="Suggested places"
      text={text}
      onTextChange={(next) => {
        setText(next);
        if (value !== null && next !== value.name) onChange(null);
      }}
      onPick={(place) => {
        setText(place.name);
        onChange(place);
      }}
      listOpen={text.trim().length >= SEARCH_MIN_CHARS && text !== value?.name}
      status={status}
      placeholder={placeholder}
      invalid={invalid}
      describedBy={describedBy}
    />
  );
}
