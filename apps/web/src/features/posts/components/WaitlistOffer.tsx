import type { Post } from '@gameon/shared';
import { formatGameTime } from '@gameon/shared';
import { Check, Clock, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api-client';
import { viewerFormat } from '../../../lib/format';
import { isUpcoming, viewerPlace } from '../../../lib/games';
import { useAcceptOffer, useDeclineOffer } from '../api';

/**
 * The place held for the viewer in `post` (a freed place offered to the first waitlisted
 * member): when the hold ends, in the viewer's time zone, with "Accept place" and "Decline"
 * (asked first: declining leaves the waitlist and passes the place to the next in line).
 * Nothing unless the viewer holds an offer in an upcoming game. Failures (the hold ended
 * meanwhile) show the server's message.
 */
export function WaitlistOffer({ post, viewerId }: { post: Post; viewerId: number }) {
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const place = viewerPlace(post, viewerId);
  if (place.status !== 'offered' || !isUpcoming(post)) return null;

  const failed = (what: string) => (failure: unknown) => {
    console.error(`Could not ${what} the offered place`, failure);
    setError(errorMessage(failure, `Could not ${what} the place. Please try again.`));
  };

  return (
    <section
      aria-labelledby="waitlist-offer-title"
      className="mt-5 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200"
    >
      <h2 id="waitlist-offer-title" className="text-base font-semibold text-emerald-900">
        A place is yours to take
      </h2>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-emerald-900">
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        <span>
          Held for you until{' '}
          <time dateTime={place.expiresAt} className="font-semibold">
            {formatGameTime(place.expiresAt, viewerFormat())}
          </time>
          . If you do not answer by then, it goes to the next in line.
        </span>
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button
          loading={accept.isPending}
          disabled={decline.isPending}
          onClick={() => {
            setError(null);
            accept.mutate(post.id, { onError: failed('accept') });
          }}
        >
          {!accept.isPending && <Check aria-hidden="true" className="size-4" />}
          Accept place
        </Button>
        <Button variant="secondary" disabled={accept.isPending} onClick={() => setConfirming(true)}>
          <X aria-hidden="true" className="size-4" />
          Decline
        </Button>
      </div>
      {error !== null && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      {confirming && (
        <ConfirmDialog
          title="Decline the place"
          question="Decline the place held for you? You leave the waitlist, and the place goes to the next in line. You keep the chat up to now, read-only."
          subject={post.heading}
          cancelLabel="Keep it"
          pending={decline.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setError(null);
            decline.mutate(post.id, {
              onSettled: () => setConfirming(false),
              onError: failed('decline'),
            });
          }}
          confirm={
            <>
              <X aria-hidden="true" className="size-4" />
              Decline
            </>
          }
        />
      )}
    </section>
  );
}
