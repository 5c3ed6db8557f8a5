import { formatGameTime, formatRelativeTime } from '@gameon/shared';
import type { AdminReport, ReportSnapshot } from '@gameon/shared';
import { Ban, Check, Flag, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { LoadMore } from '../../../components/LoadMore';
import { LoadingLine, RetryNote } from '../../../components/LoadStates';
import { errorMessage } from '../../../lib/api-client';
import { viewerFormat } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useAdminAction, useOpenReports } from '../api';

/** What kind of thing a report is about, as a word. */
const TARGET_NAMES: Record<AdminReport['target_type'], string> = {
  member: 'Member',
  review: 'Review',
  event: 'Event',
  comment: 'Comment',
  rating: 'Rating',
};

/**
 * Where the reported thing can be seen: the member's profile (their reviews too), events, or the
 * game page a comment is on.
 */
function targetLink(report: AdminReport): string | null {
  if (report.target_type === 'event') return '/events';
  if (report.snapshot?.type === 'comment' || report.snapshot?.type === 'rating')
    return `/posts/${report.snapshot.post_id}`;
  return report.member ? `/profile/${report.member.id}` : null;
}

/** The reported content as it read when reported: it stays though its author edits or deletes it. */
function SnapshotView({ snapshot }: { snapshot: ReportSnapshot }) {
  let body;
  switch (snapshot.type) {
    case 'review':
      body = (
        <>
          <p className="font-semibold text-slate-900">
            {snapshot.title} ({snapshot.rating}/5, {snapshot.category})
          </p>
          <p className="whitespace-pre-line">{snapshot.content}</p>
        </>
      );
      break;
    case 'event':
      body = (
        <>
          <p className="font-semibold text-slate-900">{snapshot.title}</p>
          <p>
            {snapshot.sport}, {snapshot.location_name},{' '}
            {formatGameTime(snapshot.event_date, viewerFormat())}
          </p>
          <p className="whitespace-pre-line">{snapshot.description}</p>
        </>
      );
      break;
    case 'member':
      body = (
        <>
          <p className="font-semibold text-slate-900">{snapshot.username}</p>
          {snapshot.bio && <p className="whitespace-pre-line">{snapshot.bio}</p>}
          {snapshot.sports.length > 0 && <p>Sports: {snapshot.sports.join(', ')}</p>}
          {snapshot.tags.length > 0 && <p>Interests: {snapshot.tags.join(', ')}</p>}
        </>
      );
      break;
    case 'comment':
      body = (
        <>
          <p className="font-semibold text-slate-900">On the game {snapshot.heading}</p>
          <p className="whitespace-pre-line">{snapshot.content}</p>
        </>
      );
      break;
    case 'rating':
      body = (
        <>
          <p className="font-semibold text-slate-900">On the game {snapshot.heading}</p>
          <p>
            Rated {snapshot.level} in {snapshot.sport}
          </p>
        </>
      );
      break;
  }
  return (
    <figure className="mt-2 rounded-xl bg-slate-50 px-3 py-2 text-sm break-words text-slate-700">
      <figcaption className="text-xs font-medium text-slate-500">As reported</figcaption>
      {body}
    </figure>
  );
}

/** One open report: who, what (linked), why, when, the content as reported; Dismiss and Suspend. */
function ReportItem({
  report,
  onDismiss,
  onSuspend,
  busy,
}: {
  report: AdminReport;
  onDismiss: () => void;
  onSuspend: () => void;
  busy: boolean;
}) {
  const label = report.label ?? `${TARGET_NAMES[report.target_type]} (deleted)`;
  const link = targetLink(report);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">
            {report.reporter?.username ?? 'A deleted member'}
          </span>{' '}
          reported {TARGET_NAMES[report.target_type].toLowerCase()}{' '}
          {link ? (
            <Link to={link} className="font-semibold text-emerald-700 underline">
              {label}
            </Link>
          ) : (
            <span className="font-semibold">{label}</span>
          )}
          {report.target_type !== 'member' && report.member && <> by {report.member.username}</>}
        </p>
        <time dateTime={report.created_at} className="text-xs text-slate-500">
          {formatRelativeTime(report.created_at, new Date(), viewerFormat())}
        </time>
      </div>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{report.reason}</p>
      {report.snapshot && <SnapshotView snapshot={report.snapshot} />}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onDismiss} disabled={busy}>
          <Check aria-hidden="true" className="size-4" />
          Dismiss
        </Button>
        {report.member && !report.member.suspended && !report.member.operator && (
          <Button variant="danger" size="sm" onClick={onSuspend} disabled={busy}>
            <Ban aria-hidden="true" className="size-4" />
            Suspend {report.member.username}
          </Button>
        )}
        {report.member?.suspended && (
          <span className="self-center text-xs font-medium text-slate-500">Suspended</span>
        )}
        {report.member?.operator && (
          <span className="self-center text-xs font-medium text-slate-500">
            Operator: cannot be suspended
          </span>
        )}
      </div>
    </li>
  );
}

/**
 * `/admin`: the operators' open reports, newest first, each with who reported
 * what and why, when, and the content as it read when reported; "Dismiss" closes one, "Suspend" (after a confirm) suspends the member it is
 * about. Members who are not operators see only that the page is not for them.
 */
export function AdminPage() {
  const user = useCurrentUser();
  const reports = useOpenReports(user.is_operator);
  const action = useAdminAction();
  const [suspending, setSuspending] = useState<{ id: number; username: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (!user.is_operator) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 text-center sm:px-6">
        <ShieldAlert aria-hidden="true" className="mx-auto size-10 text-slate-400" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Not found</h1>
        <p className="mt-1 text-sm text-slate-600">This page is only for GameOn operators.</p>
      </div>
    );
  }

  const run = (path: Parameters<typeof action.mutate>[0]) => {
    setDone(null);
    action.mutate(path, {
      onSuccess: (message) => {
        setDone(message);
        setSuspending(null);
      },
    });
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Reports</h1>
      <p className="mt-1 text-sm text-slate-600">Open reports from members, newest first.</p>
      {done && (
        <Alert tone="success" className="mt-4">
          {done}
        </Alert>
      )}
      {action.isError && !suspending && (
        <Alert tone="error" className="mt-4">
          {errorMessage(action.error, 'Could not do that. Please try again.')}
        </Alert>
      )}
      <div className="mt-5">
        {reports.isPending ? (
          <LoadingLine className="justify-center py-10">Loading reports…</LoadingLine>
        ) : reports.isError ? (
          <RetryNote className="py-10" onRetry={() => void reports.refetch()}>
            {errorMessage(reports.error, 'Could not load the reports.')}
          </RetryNote>
        ) : reports.data.length === 0 ? (
          <EmptyState icon={Flag} title="No open reports">
            Reports members send show up here.
          </EmptyState>
        ) : (
          <ul aria-label="Open reports" className="space-y-3">
            {reports.data.map((report) => (
              <ReportItem
                key={report.id}
                report={report}
                busy={action.isPending}
                onDismiss={() => run(`reports/${report.id}/dismiss`)}
                onSuspend={() => report.member && setSuspending(report.member)}
              />
            ))}
          </ul>
        )}
        <LoadMore list={reports} className="mt-4 flex justify-center" />
      </div>
      {suspending && (
        <ConfirmDialog
          title="Suspend member"
          question="Suspend this member? They are signed out at once, cannot sign in, their games are hidden and their places in others' games are freed."
          subject={suspending.username}
          confirm={
            <>
              <Ban aria-hidden="true" className="size-4" />
              Suspend
            </>
          }
          pending={action.isPending}
          onCancel={() => setSuspending(null)}
          onConfirm={() => run(`users/${suspending.id}/suspend`)}
        >
          {action.isError && (
            <Alert tone="error" className="mt-3">
              {errorMessage(action.error, 'Could not suspend the member. Please try again.')}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
