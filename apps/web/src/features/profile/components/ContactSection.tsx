import { phoneInputValue, placeLabel } from '@gameon/shared';
import type { Place } from '@gameon/shared';
import { Contact, MapPin, Phone } from 'lucide-react';
import { Button } from '../../../components/Button';
import { FormField, hintId } from '../../../components/FormField';
import { InputField } from '../../../components/InputField';
import { PlaceSearch } from '../../../components/PlaceSearch';
import { useSaveProfileFields } from '../api';
import { formatPhone, validatePhone } from '../profile-fields';
import { EditableField, useFieldEditor } from './FieldEditor';
import { EmptyText, ProfileFieldRow, ProfileSection } from './ProfileSection';

const PHONE_ID = 'profile-phone';
const CITY_ID = 'profile-city';

/** The own phone number: digits only, at most 10; a non-empty one needs exactly 10 (spec part 2 §5). */
function PhoneField({ phone }: { phone: string | null }) {
  const editor = useFieldEditor<string>();
  const save = useSaveProfileFields();

  const handleSave = () => {
    const digits = editor.draft ?? '';
    if (editor.check(validatePhone(digits), PHONE_ID)) {
      save.mutate({ phone_number: digits === '' ? null : digits }, editor.saved);
    }
  };

  return (
    <EditableField
      frame="row"
      title="Phone"
      icon={Phone}
      name="phone"
      editable
      editor={editor}
      startValue={() => phone ?? ''}
      onSave={handleSave}
      saving={save.isPending}
      renderEditor={(draft) => (
        <InputField
          id={PHONE_ID}
          label="Phone number"
          error={editor.invalid}
          hint="10 digits. Leave empty to remove it."
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={draft}
          onChange={(event) => editor.change(phoneInputValue(event.target.value))}
          placeholder="9876543210"
          inputClassName="tabular-nums"
        />
      )}
    >
      {phone === null || phone === '' ? (
        <EmptyText>Not added</EmptyText>
      ) : (
        <p className="text-sm text-slate-800 tabular-nums">{formatPhone(phone)}</p>
      )}
    </EditableField>
  );
}

/**
 * The own home city, picked from the places search: saving sends its name and point
 * (`location_city`, `location_coordinates`); Remove clears both.
 */
function CityField({ city }: { city: string | null }) {
  const editor = useFieldEditor<{ place: Place | null }>();
  const save = useSaveProfileFields();
  const hasCity = city !== null && city !== '';

  const handleSave = () => {
    const place = editor.draft?.place ?? null;
    if (!editor.check(place === null ? 'Pick a city from the suggestions' : null, CITY_ID)) return;
    if (place !== null) {
      save.mutate(
        { location_city: placeLabel(place), location_coordinates: place.coordinates },
        editor.saved,
      );
    }
  };

  return (
    <EditableField
      frame="row"
      title="Home City"
      icon={MapPin}
      name="home city"
      editable
      editor={editor}
      startValue={() => ({ place: null })}
      onSave={handleSave}
      saving={save.isPending}
      extraAction={
        hasCity ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              save.mutate({ location_city: null, location_coordinates: null }, editor.saved)
            }
            disabled={save.isPending}
          >
            Remove city
          </Button>
        ) : undefined
      }
      renderEditor={(draft) => (
        <FormField
          label="Home city"
          htmlFor={CITY_ID}
          error={editor.invalid}
          hint={hasCity ? `Now: ${city}. Search to change it.` : 'Search and pick your city.'}
        >
          <PlaceSearch
            id={CITY_ID}
            label="Home city"
            value={draft.place}
            onChange={(place) => editor.change({ place })}
            invalid={editor.invalid !== null}
            describedBy={hintId(CITY_ID)}
          />
        </FormField>
      )}
    >
      {hasCity ? (
        <p className="text-sm text-slate-800">{city}</p>
      ) : (
        <EmptyText>Not added</EmptyText>
      )}
    </EditableField>
  );
}

interface ContactSectionProps {
  own: boolean;
  phone: string | null;
  city: string | null;
}

/**
 * Contact Information (spec part 2 §2): the own phone and home city, editable; another member's
 * shown only where set (and where their privacy lets this viewer see them).
 */
export function ContactSection({ own, phone, city }: ContactSectionProps) {
  if (!own && (phone === null || phone === '') && (city === null || city === '')) {
    return (
      <ProfileSection title="Contact Information" icon={Contact}>
        <EmptyText>No contact details shared</EmptyText>
      </ProfileSection>
    );
  }
  return (
    <ProfileSection title="Contact Information" icon={Contact}>
      <div className="divide-y divide-slate-100">
        {own ? (
          <>
            <PhoneField phone={phone} />
            <CityField city={city} />
          </>
        ) : (
          <>
            {phone !== null && phone !== '' && (
              <ProfileFieldRow icon={Phone} title="Phone">
                <p className="text-sm text-slate-800 tabular-nums">
                  <a href={`tel:${phone}`} className="hover:text-emerald-700 hover:underline">
                    {formatPhone(phone)}
                  </a>
                </p>
              </ProfileFieldRow>
            )}
            {city !== null && city !== '' && (
              <ProfileFieldRow icon={MapPin} title="Home City">
                <p className="text-sm text-slate-800">{city}</p>
              </ProfileFieldRow>
            )}
          </>
        )}
      </div>
    </ProfileSection>
  );
}
