import type { SessionUser, SportsEvent } from '@gameon/shared';
import { CalendarPlus, CircleCheckBig, ClipboardList, Ticket, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ReportButton } from '../../../components/ReportButton';
import { errorMessage } from '../../../lib/api-client';
import { returnAfterSignIn } from '../../../lib/sign-in-return';
import { eventCalendarUrl, useCancelRegistration } from '../api';
import { registrationClosedReason } from '../event-facts';
import { ManageEventDialog } from './ManageEventDialog';

/** The registration form's address for an event (spec part 2 §2 "Event registration"). */
function registrationPath(eventId: number): string {
  return `/events/register?event=${eventId}`;
}

/** "Cancel registration" for the registered member, asked in a dialog first. */
function CancelRegistration({
  event,
  registrationId,
}: {
  event: SportsEvent;
  registrationId: number;
}) {
  const cancel = useCancelRegistration();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        <X aria-hidden="true" className="size-3.5" />
        Cancel registration
      </Button>
      {confirming && (
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
 * Where the viewer stands with an event, as a chip: "Registered" for the registered member,
 * "Registration closed" past the deadline, else nothing (a full event says "Full" in its places).
 */
export function EventStatus({ event }: { event: SportsEvent }) {
  if (event.is_registered === true) {
    return (
      <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
        <CircleCheckBig aria-hidden="true" className="size-3.5" />
        Registered
      </span>
    );
  }
  if (registrationClosedReason(event) === 'Registration closed') {
    return (
      <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-600">
        Registration closed
      </span>
    );
  }
  return null;
}

/**
 * What the viewer may do with an event (spec part 2 §2), beside "Add to calendar" (the
 * public .ics): a visitor's "Register" leads to sign-in and back to the registration form; a
 * member registers, or cancels their registration; the organizer gets "Manage" (the registrations
 * and Cancel event). A full event or one past its registration deadline offers no "Register".
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

  let main = null;
  if (organizer) {
    main = (
      <Button size="sm" onClick={() => setManaging(true)}>
        <ClipboardList aria-hidden="true" className="size-4" />
        Manage
      </Button>
    );
  } else if (event.is_registered === true) {
    if (event.registration_id !== undefined)
      main = <CancelRegistration event={event} registrationId={event.registration_id} />;
  } else if (registrationClosedReason(event) === null) {
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
      {viewer !== null && !organizer && (
        <ReportButton path={`/events/${event.id}`} subject={event.title} />
      )}
      {main}
      {managing && <ManageEventDialog event={event} onClose={() => setManaging(false)} />}
    </div>
  );
}
