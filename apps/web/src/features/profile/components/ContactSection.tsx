import type { Place } from '@gameon/shared';
import { Contact, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { FormField, errorId, hintId, inputClasses } from '../../../components/FormField';
import { PlaceSearch } from '../../places/components/PlaceSearch';
import { useSaveProfileFields } from '../api';
import { formatPhone, phoneInput, validatePhone } from '../profile-fields';
import { EditButton, EditForm, useFieldEditor } from './FieldEditor';
import { EmptyText, ProfileSection } from './ProfileSection';

const PHONE_ID = 'profile-phone';
const CITY_ID = 'profile-city';

function FieldRow({
  icon: Icon,
  label,
  action,
  children,
}: {
  icon: typeof Phone;
  label: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-h-8 items-center justify-between gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</h3>
          {action}
        </div>
        {children}
      </div>
    </div>
  );
}

/** The own phone number: digits only, at most 10; a non-empty one needs exactly 10 (spec part 2 §5). */
function PhoneField({ phone }: { phone: string | null }) {
  const editor = useFieldEditor<string>();
  const save = useSaveProfileFields();
  const editing = editor.draft !== null;

  const handleSave = () => {
    const digits = editor.draft ?? '';
    const problem = validatePhone(digits);
    if (problem !== null) {
      editor.setInvalid(problem);
      document.getElementById(PHONE_ID)?.focus();
      return;
    }
    save.mutate(
      { phone_number: digits === '' ? null : digits },
      { onSuccess: editor.stop, onError: editor.fail },
    );
  };

  return (
    <FieldRow
      icon={Phone}
      label="Phone"
      action={
        <EditButton name="phone" editing={editing} onEdit={() => editor.start(phone ?? '')} />
      }
    >
      {editor.draft !== null ? (
        <EditForm
          label="Edit phone"
          onSave={handleSave}
          onCancel={editor.stop}
          saving={save.isPending}
          failure={editor.failure}
        >
          <FormField
            label="Phone number"
            htmlFor={PHONE_ID}
            error={editor.invalid}
            hint="10 digits. Leave empty to remove it."
          >
            <input
              id={PHONE_ID}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={editor.draft}
              onChange={(event) => editor.change(phoneInput(event.target.value))}
              aria-invalid={editor.invalid !== null || undefined}
              aria-describedby={[
                hintId(PHONE_ID),
                editor.invalid === null ? null : errorId(PHONE_ID),
              ]
                .filter(Boolean)
                .join(' ')}
              placeholder="9876543210"
              className={inputClasses(editor.invalid !== null, 'tabular-nums')}
            />
          </FormField>
        </EditForm>
      ) : phone === null || phone === '' ? (
        <EmptyText>Not added</EmptyText>
      ) : (
        <p className="text-sm text-slate-800 tabular-nums">{formatPhone(phone)}</p>
      )}
    </FieldRow>
  );
}

/**
 * The own home city, picked from the places search: saving sends its name and point
 * (`location_city`, `location_coordinates`); Remove clears both.
 */
function CityField({ city }: { city: string | null }) {
  const editor = useFieldEditor<{ place: Place | null }>();
  const save = useSaveProfileFields();
  const editing = editor.draft !== null;
  const hasCity = city !== null && city !== '';

  const handleSave = () => {
    const place = editor.draft?.place ?? null;
    if (place === null) {
      editor.setInvalid('Pick a city from the suggestions');
      document.getElementById(CITY_ID)?.focus();
      return;
    }
    save.mutate(
      { location_city: place.name, location_coordinates: place.coordinates },
      { onSuccess: editor.stop, onError: editor.fail },
    );
  };

  const handleRemove = () =>
    save.mutate(
      { location_city: null, location_coordinates: null },
      { onSuccess: editor.stop, onError: editor.fail },
    );

  return (
    <FieldRow
      icon={MapPin}
      label="Home City"
      action={
        <EditButton
          name="home city"
          editing={editing}
          onEdit={() => editor.start({ place: null })}
        />
      }
    >
      {editor.draft !== null ? (
        <EditForm
          label="Edit home city"
          onSave={handleSave}
          onCancel={editor.stop}
          saving={save.isPending}
          failure={editor.failure}
          extraAction={
            hasCity ? (
              <Button variant="ghost" size="sm" onClick={handleRemove} disabled={save.isPending}>
                Remove city
              </Button>
            ) : undefined
          }
        >
          <FormField
            label="Home city"
            htmlFor={CITY_ID}
            error={editor.invalid}
            hint={hasCity ? `Now: ${city}. Search to change it.` : 'Search and pick your city.'}
          >
            <PlaceSearch
              id={CITY_ID}
              label="Home city"
              value={editor.draft.place}
              onChange={(place) => editor.change({ place })}
              invalid={editor.invalid !== null}
              describedBy={hintId(CITY_ID)}
            />
          </FormField>
        </EditForm>
      ) : hasCity ? (
        <p className="text-sm text-slate-800">{city}</p>
      ) : (
        <EmptyText>Not added</EmptyText>
      )}
    </FieldRow>
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
              <FieldRow icon={Phone} label="Phone">
                <p className="text-sm text-slate-800 tabular-nums">
                  <a href={`tel:${phone}`} className="hover:text-emerald-700 hover:underline">
                    {formatPhone(phone)}
                  </a>
                </p>
              </FieldRow>
            )}
            {city !== null && city !== '' && (
              <FieldRow icon={MapPin} label="Home City">
                <p className="text-sm text-slate-800">{city}</p>
              </FieldRow>
            )}
          </>
        )}
      </div>
    </ProfileSection>
  );
}
