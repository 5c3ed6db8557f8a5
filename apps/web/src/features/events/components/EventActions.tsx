import type { EventInvitation, SessionUser, SportsEvent } from '@gameon/shared';
import {
  CalendarPlus,
  Check,
  CircleCheckBig,
  ClipboardList,
  MailPlus,
  Send,
  Ticket,
  X,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ReportButton } from '../../../components/ReportButton';
import { errorMessage } from '../../../lib/api-client';
import { returnAfterSignIn } from '../../../lib/sign-in-return';
import {
  eventCalendarUrl,
  useAcceptInvitation,
  useCancelRegistration,
  useDeclineInvitation,
} from '../api';
import { registrationClosedReason } from '../event-facts';
import { InviteDialog } from './InviteDialog';
import { ManageEventDialog } from './ManageEventDialog';

/** The registration form's address for an event (spec part 2 §2 "Event registration"). */
export function registrationPath(eventId: number): string {
  return `/events/register?event=${eventId}`;
}

/**
 * Accept and Decline of a pending invitation: Accept opens the event's registration form
 * (registering takes a phone and a team); Decline takes the invitation away.
 */
export function InvitationAnswer({ invitation }: { invitation: EventInvitation }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const failed = accept.error ?? decline.error;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="ghost"
        size="sm"
        loading={decline.isPending}
        disabled={accept.isPending}
        aria-label={`Decline the invitation to ${invitation.event.title}`}
        onClick={() => decline.mutate(invitation.id)}
      >
        <X aria-hidden="true" className="size-3.5" />
        Decline
      </Button>
      <Button
        size="sm"
        loading={accept.isPending}
        disabled={decline.isPending}
        aria-label={`Accept the invitation to ${invitation.event.title}`}
        onClick={() =>
          accept.mutate(invitation.id, {
            onSuccess: (answer) => void navigate(registrationPath(answer.event_id)),
          })
        }
      >
        <Check aria-hidden="true" className="size-4" />
        Accept
      </Button>
      {failed && (
        <p role="alert" className="w-full text-sm text-red-700">
          {errorMessage(failed, 'Could not answer the invitation. Please try again.')}
        </p>
      )}
    </div>
  );
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
export function EventStatus({
  event,
  invitation,
}: {
  event: SportsEvent;
  invitation?: EventInvitation;
}) {
  if (invitation && event.is_registered !== true) {
    return (
      <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-violet-50 px-2.5 py-1 text-xs font-semibold text-violet-800 ring-1 ring-violet-200">
        <MailPlus aria-hidden="true" className="size-3.5" />
        {invitation.status === 'accepted' ? 'Invited' : 'Invitation'}
      </span>
    );
  }
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
 * member registers, or cancels their registration; the organizer gets "Invite" (members to the
 * event) and "Manage" (the registrations and Cancel event); an invited member answers a pending
 * `invitation` with Accept or Decline. A full event or one past its registration deadline offers
 * no "Register".
 */
export function EventActions({
  event,
  viewer,
  invitation,
}: {
  event: SportsEvent;
  viewer: SessionUser | null;
  invitation?: EventInvitation;
}) {
  const [managing, setManaging] = useState(false);
  const [inviting, setInviting] = useState(false);
  const organizer = viewer !== null && viewer.id === event.organizer.id;

  let main = null;
  if (organizer) {
    main = (
      <div className="flex flex-wrap gap-2">
        {registrationClosedReason(event) === null && (
          <Button variant="secondary" size="sm" onClick={() => setInviting(true)}>
            <Send aria-hidden="true" className="size-3.5" />
            Invite
          </Button>
        )}
        <Button size="sm" onClick={() => setManaging(true)}>
          <ClipboardList aria-hidden="true" className="size-4" />
          Manage
        </Button>
      </div>
    );
  } else if (invitation?.status === 'pending' && event.is_registered !== true) {
    main = <InvitationAnswer invitation={invitation} />;
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
      {inviting && <InviteDialog event={event} onClose={() => setInviting(false)} />}
    </div>
  );
}
