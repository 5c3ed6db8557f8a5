import { formatDateTime } from '@gameon/shared';
import { Check, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/FormField';
import { LoadingLine } from '../../../components/LoadStates';
import { errorMessage } from '../../../lib/api-client';
import { viewerFormat } from '../../../lib/format';
import { useCalendarFeed, useResetCalendarFeed } from '../api';
import { SettingsCard } from './SettingsCard';

const URL_ID = 'calendar-feed-url';

/**
 * The private calendar feed: a secret address of every upcoming game the member hosts,
 * joined or waits for, for a phone calendar to subscribe to, with "Copy" and "Reset link" (the
 * old address stops at once). The server keeps only a hash, so the address shows right after it
 * is made; later visits offer a reset to see one again.
 */
export function CalendarFeedSettings() {
  const status = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);

  const makeLink = () => {
    setCopied(false);
    reset.mutate(undefined, { onSuccess: (next) => setUrl(next) });
  };

  const copy = async () => {
    if (url === null) return;
    setCopyFailed(false);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (failure) {
      console.error('Could not copy the calendar link', failure);
      setCopyFailed(true);
    }
  };

  const active = status.data?.active === true;
  const createdAt = status.data?.created_at ?? null;
  return (
    <SettingsCard
      title="Calendar feed"
      className="mt-6"
      description="Subscribe to your upcoming games (hosted, joined and waitlisted) from your phone or desktop calendar. Anyone with the link can see these games, so keep it private."
    >
      <div className="mt-5 space-y-3">
        {status.isPending ? (
          <LoadingLine>Loading…</LoadingLine>
        ) : url !== null ? (
          <>
            <label htmlFor={URL_ID} className="block text-sm font-medium text-slate-700">
              Your private calendar link
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={URL_ID}
                readOnly
                value={url}
                onFocus={(event) => event.target.select()}
                className={inputClasses(false, 'min-w-0 flex-1 font-mono text-xs')}
              />
              <Button variant="secondary" onClick={() => void copy()}>
                {copied ? (
                  <Check aria-hidden="true" className="size-4" />
                ) : (
                  <Copy aria-hidden="true" className="size-4" />
                )}
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
            <p className="text-xs text-slate-500">
              This link is shown only now. Reset it to get a new one; the old link stops working.
            </p>
          </>
        ) : active && createdAt !== null ? (
          <p className="text-sm text-slate-600">
            Your link was made on {formatDateTime(createdAt, viewerFormat())}. For your safety it is
            shown only once: reset it to see a new link.
          </p>
        ) : null}
        <Button
          variant={active || url !== null ? 'secondary' : 'primary'}
          loading={reset.isPending}
          onClick={makeLink}
        >
          {!reset.isPending && <RefreshCw aria-hidden="true" className="size-4" />}
          {active || url !== null ? 'Reset link' : 'Get link'}
        </Button>
        {copyFailed && <Alert tone="error">Could not copy. Select the link and copy it.</Alert>}
        {reset.isError && (
          <Alert tone="error">
            {errorMessage(reset.error, 'Could not make a calendar link. Please try again.')}
          </Alert>
        )}
      </div>
    </SettingsCard>
  );
}
