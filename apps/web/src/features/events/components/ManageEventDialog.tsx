import type { EventRegistration, SportsEvent } from '@gameon/shared';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadingLine, RetryNote } from '../../../components/LoadStates';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api-client';
import { useCancelEvent, useEventRegistrations } from '../api';
import { placesText } from '../event-facts';

/** One registered team: its name, the team leader, phone and e-mail. */
function RegistrationItem({ registration }: { registration: EventRegistration }) {
  const phone = `${registration.country_code} ${registration.phone}`;
  return (
    <li className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <p className="font-semibold break-words text-slate-900">
        {registration.team_name ?? 'No team name'}
      </p>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-500">Team leader</dt>
        <dd className="break-words text-slate-800">{registration.name}</dd>
        <dt className="text-slate-500">Phone</dt>
        <dd>
          <a
            href={`tel:${phone.replace(' ', '')}`}
            className="text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            {phone}
          </a>
        </dd>
        <dt className="text-slate-500">E-mail</dt>
        <dd className="break-all">
          <a
            href={`mailto:${registration.email}`}
            className="text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            {registration.email}
          </a>
        </dd>
      </dl>
    </li>
  );
}

/**
 * The organizer's view of their event: the registered teams, first registered first,
 * each with its leader's name, phone and e-mail (`GET /events/{id}/registrations`), and "Cancel
 * event", asked in a confirmation dialog; registered members are then notified by the server.
 */
export function ManageEventDialog({ event, onClose }: { event: SportsEvent; onClose: () => void }) {
  const registrations = useEventRegistrations(event.id);
  const cancelEvent = useCancelEvent();
  const [confirming, setConfirming] = useState(false);

  if (confirming) {
    return (
      <ConfirmDialog
        title="Cancel event"
        question="Are you sure you want to cancel this event? Registered teams will be notified."
        subject={event.title}
        cancelLabel="Keep event"
        confirm={
          <>
            <Ban aria-hidden="true" className="size-4" />
            Cancel event
          </>
        }
        pending={cancelEvent.isPending}
        onCancel={() => {
          cancelEvent.reset();
          setConfirming(false);
        }}
        onConfirm={() => cancelEvent.mutate(event.id, { onSuccess: onClose })}
      >
        {cancelEvent.isError && (
          <Alert tone="error" className="mt-3">
            {errorMessage(cancelEvent.error, 'Could not cancel the event. Please try again.')}
          </Alert>
        )}
      </ConfirmDialog>
    );
  }

  const list = registrations.data ?? [];
  return (
    <Modal
      title="Manage event"
      description={`${event.title} · ${placesText(event)}`}
      onClose={onClose}
    >
      <h3 className="text-sm font-semibold text-slate-900">
        Registrations{registrations.isSuccess && ` (${list.length})`}
      </h3>
      {registrations.isPending ? (
        <LoadingLine className="mt-3">Loading registrations…</LoadingLine>
      ) : registrations.isError ? (
        <RetryNote className="mt-3" onRetry={() => void registrations.refetch()}>
          We could not load the registrations.
        </RetryNote>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No teams have registered yet.</p>
      ) : (
        <ol aria-label="Registered teams" className="mt-3 space-y-2">
          {list.map((registration) => (
            <RegistrationItem key={registration.id} registration={registration} />
          ))}
        </ol>
      )}
      <div className="mt-6 flex justify-end border-t border-slate-100 pt-4">
        <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
          <Ban aria-hidden="true" className="size-4" />
          Cancel event
        </Button>
      </div>
    </Modal>
  );
}
