import { placeLabel } from '@gameon/shared';
import type { Place } from '@gameon/shared';
import { LocateFixed, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField, hintId } from '../../../components/FormField';
import { ApproximateMark, PlaceSearch } from '../../../components/PlaceSearch';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/format';
import { reversePlace } from '../../../lib/places-api';
import { GEOLOCATION_FAILED, GEOLOCATION_UNSUPPORTED } from '../../../lib/use-geolocation';
import { useSaveHomeArea } from '../api';

const AREA_ID = 'home-area';

/**
 * "Where do you play?": the member picks their area with the place search or "Use my current position"
 * (named by the reverse lookup), and it becomes their home point (`PUT /settings`, its limits
 * apply), where the feed starts and near which new games are announced. `welcome` right after
 * sign-up, gentler otherwise; `onDismiss` on "Not now".
 */
export function AreaPrompt({ welcome, onDismiss }: { welcome: boolean; onDismiss: () => void }) {
  const save = useSaveHomeArea();
  const [place, setPlace] = useState<Place | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);

  const saveArea = (area: Place) => {
    setError(null);
    save.mutate(
      { name: placeLabel(area), coordinates: area.coordinates },
      { onError: (failure) => setError(errorMessage(failure, 'Could not save your area')) },
    );
  };

  // "Use my current position": the device's point, named by the reverse lookup, saved as it is.
  const locateMe = () => {
    setError(null);
    if (!('geolocation' in navigator)) {
      setError(GEOLOCATION_UNSUPPORTED);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        reversePlace(coords.latitude, coords.longitude)
          .then((named) => saveArea({ ...named, coordinates: [coords.longitude, coords.latitude] }))
          .catch((failure: unknown) =>
            setError(
              errorMessage(failure, 'Could not name your position. Search your area instead.'),
            ),
          )
          .finally(() => setLocating(false));
      },
      () => {
        setLocating(false);
        setError(GEOLOCATION_FAILED);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  };

  const approximate = place?.approximate === true;
  return (
    <section
      aria-labelledby="area-prompt-title"
      className={cx(
        'rounded-2xl bg-white p-5 shadow-sm ring-1 sm:p-6',
        welcome ? 'ring-2 ring-emerald-600' : 'ring-slate-200',
      )}
    >
      <h2 id="area-prompt-title" className="flex items-center gap-2 text-lg font-semibold">
        <MapPin aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
        {welcome ? 'Welcome! Where do you play?' : 'Where do you play?'}
      </h2>
      <p id={hintId(AREA_ID)} className="mt-1 text-sm text-slate-600">
        Pick your area to see games near you first and hear about new games nearby. You can change
        it later under Profile → Home city.
      </p>
      <form
        className="mt-4 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (place === null) setError('Pick your area from the suggestions');
          else saveArea(place);
        }}
      >
        <FormField label="Your area" htmlFor={AREA_ID}>
          <PlaceSearch
            id={AREA_ID}
            label="Your area"
            value={place}
            onChange={(next) => {
              setPlace(next);
              setError(null);
            }}
            placeholder="e.g. Koramangala or Pune"
            describedBy={hintId(AREA_ID)}
          />
        </FormField>
        {place !== null && approximate && (
          <p className="space-y-1 text-sm text-amber-900">
            <ApproximateMark />{' '}
            <span className="block">
              {placeLabel(place)} is only known roughly (from postal records). Use your position for
              nearby games to be measured from where you are.
            </span>
          </p>
        )}
        {error !== null && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <Button type="submit" loading={save.isPending} disabled={locating}>
            {approximate ? 'Save approximate area' : 'Save my area'}
          </Button>
          <Button
            variant="secondary"
            loading={locating}
            disabled={save.isPending}
            onClick={locateMe}
          >
            <LocateFixed aria-hidden="true" className="size-4" />
            Use my current position
          </Button>
          <Button variant="ghost" onClick={onDismiss} disabled={save.isPending}>
            Not now
          </Button>
        </div>
      </form>
    </section>
  );
}
