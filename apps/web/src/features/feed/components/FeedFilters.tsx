import { FEED_ORDERS, ONLINE_GAMES, SPORTS, placeLabel } from '@gameon/shared';
import type { FeedOrder, FilterType, Place } from '@gameon/shared';
import { Home, LocateFixed, RotateCcw, X } from 'lucide-react';
import { Button } from '../../../components/Button';
import { FilterPanel } from '../../../components/FilterPanel';
import { FormField, hintId, inputClasses } from '../../../components/FormField';
import { RADIUS_CHOICES, cx, radiusLabel } from '../../../lib/format';
import { PlaceSearch } from '../../../components/PlaceSearch';
import { SelectOptions } from '../../../components/SelectOptions';
import type { FeedFilters as Filters } from '../api';
import type { GeolocationState } from '../../../lib/use-geolocation';

const orderLabels: Record<FeedOrder, string> = { soonest: 'Soonest', nearest: 'Nearest' };

const typeOptions: { value: FilterType; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'SPORTS_ONLY', label: 'Sports' },
  { value: 'ESPORTS_ONLY', label: 'Online games' },
];

interface FeedFiltersProps {
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
  place: Place | null;
  /** Bumped by the parent to clear the place box. */
  placeKey: number;
  onPlaceChange: (place: Place | null) => void;
  /** Drops the picked place (the parent bumps `placeKey`). */
  onClearPlace: () => void;
  radius: number;
  onRadiusChange: (radius: number) => void;
  geolocation: GeolocationState;
  onUseMyLocation: () => void;
  /** The member's home area's name, where the feed searches without a place or position. */
  homeArea: string | null;
  /** The order the member chose; "Nearest" is offered only when `nearestAllowed`. */
  order: FeedOrder;
  onOrderChange: (order: FeedOrder) => void;
  /** A location and a radius are set, so the feed can be ordered nearest first. */
  nearestAllowed: boolean;
  onReset: () => void;
  /** How many filters differ from the defaults (shown on the small-screen toggle). */
  activeCount: number;
}

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

function CheckboxGroup({
  legend,
  options,
  selected,
  onChange,
  tone,
}: {
  legend: string;
  options: readonly string[];
  selected: string[];
  onChange: (next: string[]) => void;
  tone: 'emerald' | 'violet';
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => {
          const checked = selected.includes(option);
          return (
            <label
              key={option}
              className={cx(
                'cursor-pointer rounded-full px-3 py-1 text-xs font-medium ring-1 transition-colors select-none',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-emerald-600',
                checked
                  ? tone === 'emerald'
                    ? 'bg-emerald-700 text-white ring-emerald-700'
                    : 'bg-violet-600 text-white ring-violet-600'
                  : 'bg-white text-slate-600 ring-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={checked}
                onChange={() => onChange(toggle(selected, option))}
              />
              {option}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The feed's filter panel (spec part 1 §2, §3 "Filter set"): a collapsed toggle at 600 px or
 * less, a side panel on wider screens.
 */
export function FeedFilters({
  filters,
  onFiltersChange,
  place,
  placeKey,
  onPlaceChange,
  onClearPlace,
  radius,
  onRadiusChange,
  geolocation,
  onUseMyLocation,
  homeArea,
  order,
  onOrderChange,
  nearestAllowed,
  onReset,
  activeCount,
}: FeedFiltersProps) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    onFiltersChange({ ...filters, [key]: value });
  const approximate = place?.approximate === true;
  const usingDevice = (place === null || approximate) && geolocation.status === 'granted';
  const usingHome = (place === null || approximate) && !usingDevice && homeArea !== null;
  const locationKnown = (place !== null && !approximate) || usingDevice || usingHome;

  return (
    <FilterPanel id="feed-filters" activeCount={activeCount}>
      <FormField label="Location" htmlFor="feed-location">
        <PlaceSearch
          key={placeKey}
          id="feed-location"
          label="Location"
          value={place}
          onChange={onPlaceChange}
          describedBy="feed-location-status"
        />
        <div id="feed-location-status" className="space-y-1 text-xs">
          {approximate && (
            <p className="text-amber-700">
              Only the rough area of {placeLabel(place)} is known, so distances use your position.
            </p>
          )}
          {usingHome && (
            <p className="flex items-center gap-1 text-emerald-700">
              <Home aria-hidden="true" className="size-3.5" />
              Using your home area, {homeArea}
            </p>
          )}
          {usingDevice && (
            <p className="flex items-center gap-1 text-emerald-700">
              <LocateFixed aria-hidden="true" className="size-3.5" />
              Using your current position
            </p>
          )}
          {place === null && geolocation.status === 'failed' && (
            <p className="text-slate-500">{geolocation.message}</p>
          )}
          {place === null && geolocation.status === 'pending' && (
            <p className="text-slate-500">Finding your position…</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {place !== null && (
            <Button variant="ghost" size="sm" onClick={onClearPlace}>
              <X aria-hidden="true" className="size-3.5" />
              Clear
            </Button>
          )}
          {!usingDevice && geolocation.status !== 'pending' && (
            <Button variant="ghost" size="sm" onClick={onUseMyLocation}>
              <LocateFixed aria-hidden="true" className="size-3.5" />
              Use my position
            </Button>
          )}
        </div>
      </FormField>

      <FormField
        label="Distance"
        htmlFor="feed-radius"
        hint={locationKnown ? undefined : 'Pick a place to search by distance'}
      >
        <select
          id="feed-radius"
          value={radius}
          onChange={(event) => onRadiusChange(Number(event.target.value))}
          aria-describedby={locationKnown ? undefined : hintId('feed-radius')}
          className={inputClasses()}
        >
          <SelectOptions values={RADIUS_CHOICES} label={radiusLabel} />
        </select>
      </FormField>

      <FormField
        label="Sort by"
        htmlFor="feed-order"
        hint={nearestAllowed ? undefined : 'Nearest needs a location and a distance'}
      >
        <select
          id="feed-order"
          value={nearestAllowed ? order : 'soonest'}
          onChange={(event) => onOrderChange(event.target.value as FeedOrder)}
          aria-describedby={nearestAllowed ? undefined : hintId('feed-order')}
          className={inputClasses()}
        >
          <SelectOptions
            values={FEED_ORDERS}
            label={(value) => orderLabels[value]}
            disabled={(value) => value === 'nearest' && !nearestAllowed}
          />
        </select>
      </FormField>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">Type</legend>
        <div className="flex gap-1 rounded-xl bg-slate-100 p-1">
          {typeOptions.map((option) => (
            <label
              key={option.value}
              className={cx(
                'flex-auto cursor-pointer rounded-lg px-1.5 py-1.5 text-center text-xs font-semibold whitespace-nowrap transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-600',
                filters.filterType === option.value
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <input
                type="radio"
                name="feed-type"
                className="sr-only"
                value={option.value}
                checked={filters.filterType === option.value}
                onChange={() => set('filterType', option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      {filters.filterType !== 'ESPORTS_ONLY' && (
        <CheckboxGroup
          legend="Sports"
          options={SPORTS}
          selected={filters.sports}
          onChange={(next) => set('sports', next)}
          tone="emerald"
        />
      )}
      {filters.filterType !== 'SPORTS_ONLY' && (
        <CheckboxGroup
          legend="Online games"
          options={ONLINE_GAMES}
          selected={filters.esports}
          onChange={(next) => set('esports', next)}
          tone="violet"
        />
      )}

      <FormField label="Tags" htmlFor="feed-tags" hint="Separate with commas">
        <input
          id="feed-tags"
          value={filters.tags}
          onChange={(event) => set('tags', event.target.value)}
          aria-describedby={hintId('feed-tags')}
          placeholder="beginner, weekend"
          className={inputClasses()}
        />
      </FormField>

      <FormField label="Date" htmlFor="feed-date">
        <input
          id="feed-date"
          type="date"
          value={filters.date}
          onChange={(event) => set('date', event.target.value)}
          className={inputClasses()}
        />
      </FormField>

      <Button variant="secondary" size="sm" className="w-full" onClick={onReset}>
        <RotateCcw aria-hidden="true" className="size-3.5" />
        Reset filters
      </Button>
    </FilterPanel>
  );
}
