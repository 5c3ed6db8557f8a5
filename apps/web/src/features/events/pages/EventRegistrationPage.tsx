import { COUNTRY_CODES, phoneInputValue } from '@gameon/shared';
import type { SportsEvent } from '@gameon/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays, CircleCheckBig, ClipboardList, MapPin, SearchX, Ticket } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/Alert';
import { BackLink } from '../../../components/BackLink';
import { Button, buttonClasses } from '../../../components/Button';
import { FormField, inputClasses } from '../../../components/FormField';
import { InputField, TextAreaField } from '../../../components/InputField';
import { LoadingLine, RetryAlert } from '../../../components/LoadStates';
import { SportBadge } from '../../../components/GameFacts';
import { SelectOptions } from '../../../components/SelectOptions';
import { HttpError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useEvent, useOwnPhone, useRegisterForEvent } from '../api';
import { costText, eventTimeRange } from '../event-facts';
import {
  emptyRegistrationForm,
  registrationFormSchema,
  toRegistrationBody,
} from '../registration-form';

/** The failure text of spec part 2 §8, shown unless the server says why (409). */
const REGISTRATION_FAILED = 'Registration failed. Please try again.';

const pageClass = 'mx-auto max-w-2xl px-4 py-6 sm:px-6 lg:py-8';

/** The event id of `?event=`, or null when it is missing or not an id. */
function eventIdParam(value: string | null): number | null {
  const id = Number(value);
  return value !== null && /^\d+$/.test(value) && id > 0 ? id : null;
}

/** A link back to the list styled as a button: "Back to Events" (spec part 2 §2). */
function BackToEvents() {
  return (
    <Link to="/events" className={buttonClasses('primary', 'md', 'mt-5')}>
      Back to Events
    </Link>
  );
}

/** A page-sized message with its icon, heading and the way back to the list. */
function Outcome({
  icon: Icon,
  title,
  tone,
  children,
}: {
  icon: LucideIcon;
  title: string;
  tone: 'success' | 'neutral';
  children: ReactNode;
}) {
  return (
    <div className={pageClass}>
      <div className="flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
        <span
          className={
            tone === 'success'
              ? 'mb-3 grid size-14 place-items-center rounded-full bg-emerald-100 text-emerald-700'
              : 'mb-3 grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500'
          }
        >
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-2 max-w-md text-sm text-slate-600">{children}</div>
        <BackToEvents />
      </div>
    </div>
  );
}

/** The event being registered for: sport, title, time range, place and cost. */
function EventSummary({ event }: { event: SportsEvent }) {
  return (
    <section
      aria-label="Event"
      className="rounded-2xl bg-gradient-to-br from-emerald-700 to-teal-800 p-5 text-white shadow-sm"
    >
      <SportBadge sport={event.sport} />
      <p className="mt-3 text-xl font-bold break-words">{event.title}</p>
      <ul className="mt-2 space-y-1 text-sm text-emerald-50">
        <li className="flex items-start gap-2">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {eventTimeRange(event)}
        </li>
        <li className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">{event.location_name}</span>
        </li>
        <li className="font-semibold">{costText(event.cost)}</li>
      </ul>
    </section>
  );
}

/** Why registering failed: the server's 409 message (full, closed, twice), else spec part 2 §8. */
function failureText(error: unknown): string {
  return error instanceof HttpError && error.status === 409
    ? errorMessage(error, REGISTRATION_FAILED)
    : REGISTRATION_FAILED;
}

/**
 * A registered phone box that keeps only the digits typed or pasted, at most 10 (spec part 2 §5),
 * with spaces, a leading +91 and a leading 0 cleaned away (`phoneInputValue`).
 */
function digitsOnly<N extends string>(field: UseFormRegisterReturn<N>): UseFormRegisterReturn<N> {
  return {
    ...field,
    onChange: (change: { target: { value: string } }) => {
      change.target.value = phoneInputValue(change.target.value);
      return field.onChange(change);
    },
  };
}

/**
 * The registration form of `event` for the signed-in member, sending with `registerTeam` (held
 * by the page, which shows the outcome: the refetch that follows a registration marks the event
 * registered and may unmount this form before a callback of its own would run).
 */
function RegistrationForm({
  event,
  registerTeam,
}: {
  event: SportsEvent;
  registerTeam: ReturnType<typeof useRegisterForEvent>;
}) {
  const user = useCurrentUser();
  const { register, handleSubmit, formState, getFieldState, setValue } = useForm({
    defaultValues: emptyRegistrationForm,
    resolver: zodResolver(registrationFormSchema),
  });
  const { errors } = formState;
  // Pre-filled with the member's own phone, unless they have typed one already.
  const ownPhone = useOwnPhone().data;
  useEffect(() => {
    if (ownPhone && !getFieldState('phone').isDirty) setValue('phone', ownPhone);
  }, [ownPhone, getFieldState, setValue]);

  const submit = handleSubmit((values) =>
    registerTeam.mutate(toRegistrationBody(event, user.email, values)),
  );

  return (
    <form
      onSubmit={(submitEvent) => void submit(submitEvent)}
      noValidate
      className="mt-6 space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <InputField
        id="registration-name"
        label="Full Name"
        hint="The team leader"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <InputField
        id="registration-email"
        label="Email"
        type="email"
        value={user.email}
        readOnly
        hint="Your account's e-mail; the organizer writes to it"
        inputClassName="bg-slate-50 text-slate-600"
      />
      <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
        <FormField label="Code" htmlFor="registration-country">
          <select
            id="registration-country"
            className={inputClasses()}
            {...register('country_code')}
          >
            <SelectOptions values={COUNTRY_CODES} />
          </select>
        </FormField>
        <InputField
          id="registration-phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="10 digits"
          error={errors.phone?.message}
          {...digitsOnly(register('phone'))}
        />
      </div>
      <InputField
        id="registration-team"
        label="Team name"
        optional
        error={errors.team_name?.message}
        {...register('team_name')}
      />
      <TextAreaField
        id="registration-info"
        label="Additional info"
        optional
        rows={3}
        hint="A note for yourself; it is not sent to the organizer"
        {...register('additionalInfo')}
      />

      {registerTeam.isError && <Alert tone="error">{failureText(registerTeam.error)}</Alert>}

      <Button type="submit" size="lg" className="w-full" loading={registerTeam.isPending}>
        {!registerTeam.isPending && <Ticket aria-hidden="true" className="size-4" />}
        {registerTeam.isPending ? 'Registering...' : 'Register'}
      </Button>
    </form>
  );
}

/**
 * Event registration `/events/register?event={id}` (spec part 2 §2 "Event registration", §3, §4,
 * §5, §8; members): the event's title and facts, then the form — team leader's full name, the
 * account's e-mail read-only, phone (digits only, exactly 10) with a country code (+91 first),
 * optional team name and additional info (kept, not sent). Submitting shows "Registering...";
 * success shows a screen with "Back to Events"; failure says "Registration failed. Please try
 * again." or the server's reason. Without `event`, or for an unknown event, "No event selected";
 * the member's own event, or one they are registered for, says so instead of the form.
 */
export function EventRegistrationPage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const eventId = eventIdParam(params.get('event'));
  const event = useEvent(eventId);
  const registerTeam = useRegisterForEvent();

  if (registerTeam.isSuccess && event.data) {
    return (
      <Outcome icon={CircleCheckBig} title="Registration successful!" tone="success">
        Your team is registered for <strong>{event.data.title}</strong>. The organizer has your
        contact details.
      </Outcome>
    );
  }
  if (eventId === null || (event.error instanceof HttpError && event.error.status === 404)) {
    return (
      <Outcome icon={SearchX} title="No event selected" tone="neutral">
        Pick an event from the list and press Register.
      </Outcome>
    );
  }
  if (event.isPending) {
    return (
      <div className={pageClass}>
        <LoadingLine>Loading event…</LoadingLine>
      </div>
    );
  }
  if (event.isError) {
    return (
      <div className={pageClass}>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Event Registration</h1>
        <RetryAlert onRetry={() => void event.refetch()}>We could not load this event.</RetryAlert>
      </div>
    );
  }
  if (event.data.organizer.id === user.id) {
    return (
      <Outcome icon={ClipboardList} title="This is your event" tone="neutral">
        Organizers do not register for their own event. See the teams under Manage on{' '}
        <strong>{event.data.title}</strong>.
      </Outcome>
    );
  }
  if (event.data.is_registered === true) {
    return (
      <Outcome icon={CircleCheckBig} title="You are registered" tone="success">
        You have already registered for <strong>{event.data.title}</strong>.
      </Outcome>
    );
  }

  return (
    <div className={pageClass}>
      <BackLink
        to="/events"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
      >
        Events
      </BackLink>
      <h1 className="mt-3 mb-4 text-2xl font-bold text-slate-900 sm:text-3xl">
        Event Registration
      </h1>
      <EventSummary event={event.data} />
      <RegistrationForm event={event.data} registerTeam={registerTeam} />
    </div>
  );
}
