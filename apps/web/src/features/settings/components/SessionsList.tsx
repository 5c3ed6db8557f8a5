import { formatDateTime, formatRelativeTime, type SessionInfo } from '@gameon/shared';
import { LogOut, Monitor } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadingLine, RetryNote } from '../../../components/LoadStates';
import { errorMessage } from '../../../lib/api-client';
import { viewerFormat } from '../../../lib/format';
import { useEndOtherSessions, useEndSession, useSessions } from '../api';
import { SettingsCard } from './SettingsCard';

/** "just now", "3 hours ago", "Nov 21, 2026": to follow "Last seen". */
function lastSeen(at: string): string {
  const text = formatRelativeTime(at, new Date(), viewerFormat());
  return text === 'Just now' ? 'just now' : text;
}

/**
 * One session: its device ("Push on" when it gets web push), where and when it was last seen,
 * and Sign out unless it is this one (signing out ends its push too).
 */
function SessionItem({
  session,
  ending,
  onEnd,
}: {
  session: SessionInfo;
  ending: boolean;
  onEnd: () => void;
}) {
  return (
    <li className="flex items-center gap-3 py-3">
      <Monitor aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">
          {session.device}
          {session.current && (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              This device
            </span>
          )}
          {session.push && (
            <span className="ml-2 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-800">
              Push on
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600">
          {session.ip ? `${session.ip} · ` : ''}Last seen{' '}
          <time
            dateTime={session.last_seen_at}
            title={formatDateTime(session.last_seen_at, viewerFormat())}
          >
            {lastSeen(session.last_seen_at)}
          </time>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          disabled={ending}
          onClick={onEnd}
          aria-label={`Sign out ${session.device}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * The member's sessions: each device signed in, the current one marked "This device",
 * with Sign out for each other one and "Sign out everywhere else" after a confirmation. Signed-out
 * devices lose their live connections at once and must sign in again.
 */
export function SessionsList() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <SettingsCard
      title="Sessions"
      description="The devices signed in to your account. A session ends after 30 days without use, 90 days after sign-in, or when you sign out."
    >
      <div className="mt-4">
        {sessions.isPending ? (
          <LoadingLine>Loading…</LoadingLine>
        ) : sessions.isError ? (
          <RetryNote onRetry={() => void sessions.refetch()}>
            Could not load your sessions.
          </RetryNote>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {sessions.data.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  ending={endSession.isPending && endSession.variables === session.id}
                  onEnd={() => endSession.mutate(session.id)}
                />
              ))}
            </ul>
            {endSession.isError && (
              <Alert tone="error" className="mt-3">
                {errorMessage(
                  endSession.error,
                  'Could not sign out that device. Please try again.',
                )}
              </Alert>
            )}
            {others > 0 && (
              <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)}>
                <LogOut aria-hidden="true" className="size-4" />
                Sign out everywhere else
              </Button>
            )}
          </>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Sign out everywhere else"
          question="Sign out of every other device? They will need to sign in again."
          subject={`${others} other ${others === 1 ? 'session' : 'sessions'}`}
          cancelLabel="Keep them"
          confirm={
            <>
              <LogOut aria-hidden="true" className="size-4" />
              Sign out
            </>
          }
          pending={endOthers.isPending}
          onCancel={() => {
            endOthers.reset();
            setConfirming(false);
          }}
          onConfirm={() => endOthers.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        >
          {endOthers.isError && (
            <Alert tone="error" className="mt-3">
              {errorMessage(
                endOthers.error,
                'Could not sign out the other devices. Please try again.',
              )}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </SettingsCard>
  );
}
