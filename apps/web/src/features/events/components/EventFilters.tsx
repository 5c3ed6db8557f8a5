import { EVENT_SKILL_LEVELS, EVENT_SPORTS } from '@gameon/shared';
import { LocateFixed, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/Button';
import { FilterPanel } from '../../../components/FilterPanel';
import { FormField, hintId, inputClasses } from '../../../components/FormField';
import { SelectOptions } from '../../../components/SelectOptions';
import { RADIUS_CHOICES, radiusLabel } from '../../../lib/format';
import type { GeolocationState } from '../../../lib/use-geolocation';
import type { EventFilters as Filters } from '../api';
import { skillLevelLabel } from '../event-facts';

const equipmentChoices = ['any', 'true', 'false'] as const;
const equipmentLabels: Record<Filters['equipment'], string> = {
  any: 'Any',
  true: 'Provided',
  false: 'Not provided',
};

interface EventFiltersProps {
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
  /** The device's position; the distance filter shows once it is known. */
  position: GeolocationState;
  /**
   * Asks the browser for the position: on the viewer's request, never on load unless they shared
   * it before (lib/use-geolocation).
   */
  onUsePosition: () => void;
  /** Metres around the position, or -1 for any distance. */
  radius: number;
  onRadiusChange: (radius: number) => void;
  onReset: () => void;
  /** How many filters differ from the defaults (shown on the small-screen toggle). */
  activeCount: number;
}

/**
 * The events filter panel (spec part 2 §2 "Events": sport, skill level, date, max cost,
 * equipment provided; plus the distance once the viewer shared their position): a
 * collapsed toggle at 600 px or less, a side panel on wider screens.
 */
export function EventFilters({
  filters,
  onFiltersChange,
  position,
  onUsePosition,
  radius,
  onRadiusChange,
  onReset,
  activeCount,
}: EventFiltersProps) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    onFiltersChange({ ...filters, [key]: value });

  return (
    <FilterPanel id="event-filters" activeCount={activeCount}>
      <FormField label="Sport" htmlFor="event-filter-sport">
        <select
          id="event-filter-sport"
          value={filters.sport}
          onChange={(event) => set('sport', event.target.value as Filters['sport'])}
          className={inputClasses()}
        >
          <option value="all">All sports and games</option>
          <SelectOptions values={EVENT_SPORTS} />
        </select>
      </FormField>

      <FormField label="Skill level" htmlFor="event-filter-skill">
        <select
          id="event-filter-skill"
          value={filters.skillLevel}
          onChange={(event) => set('skillLevel', event.target.value as Filters['skillLevel'])}
          className={inputClasses()}
        >
          <SelectOptions values={['all', ...EVENT_SKILL_LEVELS] as const} label={skillLevelLabel} />
        </select>
      </FormField>

      <FormField label="Date" htmlFor="event-filter-date">
        <input
          id="event-filter-date"
          type="date"
          value={filters.date}
          onChange={(event) => set('date', event.target.value)}
          className={inputClasses()}
        />
      </FormField>

      <FormField label="Max cost (₹)" htmlFor="event-filter-cost" hint="Per person; 0 for free">
        <input
          id="event-filter-cost"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="Any"
          value={filters.maxCost}
          onChange={(event) => set('maxCost', event.target.value)}
          aria-describedby={hintId('event-filter-cost')}
          className={inputClasses()}
        />
      </FormField>

      <FormField label="Equipment" htmlFor="event-filter-equipment">
        <select
          id="event-filter-equipment"
          value={filters.equipment}
          onChange={(event) => set('equipment', event.target.value as Filters['equipment'])}
          className={inputClasses()}
        >
          <SelectOptions values={equipmentChoices} label={(value) => equipmentLabels[value]} />
        </select>
      </FormField>

      {position.status === 'granted' ? (
        <FormField label="Distance" htmlFor="event-filter-radius">
          <select
            id="event-filter-radius"
            value={radius}
            onChange={(event) => onRadiusChange(Number(event.target.value))}
            className={inputClasses()}
          >
            <SelectOptions values={RADIUS_CHOICES} label={radiusLabel} />
          </select>
        </FormField>
      ) : (
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700">Distance</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={onUsePosition}
            loading={position.status === 'pending'}
          >
            <LocateFixed aria-hidden="true" className="size-3.5" />
            Use my position
          </Button>
          <p role="status" className="text-xs text-slate-500">
            {position.status === 'failed'
              ? position.message
              : position.status === 'pending'
                ? 'Finding your position…'
                : 'Share your position to see events near you.'}
          </p>
        </div>
      )}

      <Button variant="secondary" size="sm" className="w-full" onClick={onReset}>
        <RotateCcw aria-hidden="true" className="size-3.5" />
        Reset filters
      </Button>
    </FilterPanel>
  );
}
