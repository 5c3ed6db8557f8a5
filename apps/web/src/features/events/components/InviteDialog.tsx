import { SEARCH_MIN_CHARS } from '@gameon/shared';
import type { SportsEvent } from '@gameon/shared';
import { useQuery } from '@tanstack/react-query';
import { Check, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/FormField';
import { LoadingLine, RetryNote } from '../../../components/LoadStates';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { invitationQueries, useInviteMember } from '../api';

/** Delay before a typed search is asked, as the people search's. */
const SEARCH_DEBOUNCE_MS = 300;

interface Person {
  id: number;
  username: string;
}

/**
 * One member with "Invite": once sent it reads "Invitation sent" (the same answer whatever the
 * member's setting), or the server's refusal (full, closed, unknown member).
 */
function InviteRow({ eventId, person }: { eventId: number; person: Person }) {
  const invite = useInviteMember(eventId);
  const errorId = useId();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="min-w-0 truncate font-medium text-slate-800">{person.username}</span>
      {invite.isSuccess ? (
        <span role="status" className="inline-flex items-center gap-1 text-sm text-emerald-700">
          <Check aria-hidden="true" className="size-4" />
          {invite.data.message}
        </span>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          loading={invite.isPending}
          aria-label={`Invite ${person.username}`}
          aria-describedby={invite.isError ? errorId : undefined}
          onClick={() => invite.mutate(person.id)}
        >
          <Send aria-hidden="true" className="size-3.5" />
          Invite
        </Button>
      )}
      {invite.isError && (
        <p id={errorId} role="alert" className="w-full text-sm text-red-700">
          {errorMessage(invite.error, 'Could not send the invitation. Please try again.')}
        </p>
      )}
    </li>
  );
}

/**
 * The organizer invites members to their event: their followers first, then anyone found by
 * the people search (3 characters or more). Each invitation answers "Invitation sent"; a
 * member's own setting decides, unseen, whether it reaches them.
 */
export function InviteDialog({ event, onClose }: { event: SportsEvent; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const followers = useQuery(invitationQueries.followers(event.organizer.id));
  const search = useQuery(invitationQueries.search(q));
  const searching = q.length >= SEARCH_MIN_CHARS;
  const found = (search.data ?? []).filter((person) => person.id !== event.organizer.id);

  return (
    <Modal title="Invite members" description={event.title} onClose={onClose}>
      <label htmlFor={searchId} className="text-sm font-semibold text-slate-900">
        Search people
      </label>
      <input
        id={searchId}
        type="search"
        value={query}
        onChange={(change) => setQuery(change.target.value)}
        placeholder="Name, sport or interest"
        className={inputClasses(false, 'mt-1')}
      />
      {searching ? (
        <section aria-label="Search results" className="mt-4">
          {search.isPending ? (
            <LoadingLine>Searching…</LoadingLine>
          ) : search.isError ? (
            <RetryNote onRetry={() => void search.refetch()}>We could not search.</RetryNote>
          ) : found.length === 0 ? (
            <p className="text-sm text-slate-500">No members found.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {found.map((person) => (
                <InviteRow key={person.id} eventId={event.id} person={person} />
              ))}
            </ul>
          )}
        </section>
      ) : (
        <section aria-labelledby={`${searchId}-followers`} className="mt-4">
          <h3 id={`${searchId}-followers`} className="text-sm font-semibold text-slate-900">
            Your followers
          </h3>
          {followers.isPending ? (
            <LoadingLine className="mt-2">Loading your followers…</LoadingLine>
          ) : followers.isError ? (
            <RetryNote className="mt-2" onRetry={() => void followers.refetch()}>
              We could not load your followers.
            </RetryNote>
          ) : followers.data.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">
              No followers yet: search for people to invite.
            </p>
          ) : (
            <ul className="mt-1 divide-y divide-slate-100">
              {followers.data.map((person) => (
                <InviteRow key={person.id} eventId={event.id} person={person} />
              ))}
            </ul>
          )}
        </section>
      )}
    </Modal>
  );
}
