import type { SessionUser, SportsEvent } from '@gameon/shared';
import { CalendarPlus, CircleCheckBig, ClipboardList, Ticket, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api-client';
import { returnAfterSignIn } from '../../../lib/sign-in-return';
import { eventCalendarUrl, useCancelRegistration } from '../api';
import { registrationClosedReason } from '../event-facts';
import { ManageEventDialog } from './ManageEventDialog';

/** The registration form's address for an event (spec part 2 §2 "Event registration"). */
export function registrationPath(eventId: number): string {
  return `/events/register?event=${eventId}`;
}

/** The registered member's badge and "Cancel registration", asked in a dialog first. */
function RegisteredActions({ event }: { event: SportsEvent }) {
  const cancel = useCancelRegistration();
  const [confirming, setConfirming] = useState(false);
  const registrationId = event.registration_id;
  return (
    <>
      <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1.5 text-sm font-semibold text-emerald-700 ring-1 ring-emerald-200">
        <CircleCheckBig aria-hidden="true" className="size-4" />
        Registered
      </span>
      {registrationId !== undefined && (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <X aria-hidden="true" className="size-3.5" />
          Cancel registration
        </Button>
      )}
      {confirming && registrationId !== undefined && (
        <ConfirmDialog
          title="Cancel registration"
          question="Are you sure you want to cancel your registration for this event?"
          subject={event.title}
          cancelLabel="Keep registration"
          confirm="Cancel registration"
          pending={cancel.isPending}
          onCancel={() => {
            cancel.reset();
            setConfirming(false);
          }}
          onConfirm={() => cancel.mutate(registrationId, { onSuccess: () => setConfirming(false) })}
        >
          {cancel.isError && (
            <Alert tone="error" className="mt-3">
              {errorMessage(cancel.error, 'Could not cancel your registration. Please try again.')}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * What the viewer may do with an event (spec part 2 §2; issue 13), beside "Add to calendar" (the
 * public .ics): a visitor's "Register" leads to sign-in and back to the registration form; a
 * member registers, or sees "Registered" with "Cancel registration"; the organizer gets "Manage"
 * (the registrations and Cancel event). A full event or one past its registration deadline says
 * so instead of "Register".
 */
export function EventActions({
  event,
  viewer,
}: {
  event: SportsEvent;
  viewer: SessionUser | null;
}) {
  const [managing, setManaging] = useState(false);
  const organizer = viewer !== null && viewer.id === event.organizer.id;
  const closed = registrationClosedReason(event);

  let main;
  if (organizer) {
    main = (
      <Button size="sm" onClick={() => setManaging(true)}>
        <ClipboardList aria-hidden="true" className="size-4" />
        Manage
      </Button>
    );
  } else if (event.is_registered === true) {
    main = <RegisteredActions event={event} />;
  } else if (closed !== null) {
    main = (
      <span className="rounded-full bg-slate-100 px-3 py-1.5 text-sm font-semibold text-slate-600">
        {closed}
      </span>
    );
  } else {
    main = (
      <Link
        to={viewer === null ? '/login' : registrationPath(event.id)}
        state={viewer === null ? returnAfterSignIn(registrationPath(event.id)) : undefined}
        className={buttonClasses('primary', 'sm')}
      >
        <Ticket aria-hidden="true" className="size-4" />
        Register
      </Link>
    );
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <a
        href={eventCalendarUrl(event.id)}
        download={`event-${event.id}.ics`}
        className={buttonClasses('secondary', 'sm')}
      >
        <CalendarPlus aria-hidden="true" className="size-4" />
        Add to calendar
      </a>
      <div className="flex flex-wrap items-center gap-2">{main}</div>
      {managing && <ManageEventDialog event={event} onClose={() => setManaging(false)} />}
    </div>
  );
}
