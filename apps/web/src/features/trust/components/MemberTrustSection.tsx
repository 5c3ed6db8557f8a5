import { formatGameTime } from '@gameon/shared';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { viewerFormat } from '../../../lib/format';
import { useMemberTrust } from '../api';
import { levelText, recordText } from '../trust-text';

/**
 * The profile's "Show-up and levels": the member's record ("Came to 18 of 20 games", or "New
 * player") and the levels co-players rated them per sport, beside their own skills; hidden
 * when their activity is private to the viewer. The member sees every game of their own record
 * with its mark.
 */
export function MemberTrustSection({ userId, own }: { userId: number; own: boolean }) {
  const trust = useMemberTrust(userId);
  const headingId = useId();
  if (!trust.data) return null;
  const data = trust.data;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2
        id={headingId}
        className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <ShieldCheck aria-hidden="true" className="size-4 text-emerald-700" />
        Show-up and levels
      </h2>
      {data.hidden ? (
        <p className="text-sm text-slate-500">This member keeps their record private.</p>
      ) : (
        <>
          <p className="text-sm font-semibold text-slate-900">{recordText(data.record)}</p>
          {data.levels.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">Not rated by co-players yet.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              {data.levels.map((l) => (
                <li key={l.sport}>
                  <span className="font-medium text-slate-900">{l.sport}:</span>{' '}
                  {levelText(l.level, l.raters)}
                </li>
              ))}
            </ul>
          )}
          {own && data.games !== null && data.games.length > 0 && (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-medium text-emerald-700">
                Games on your record ({data.games.length})
              </summary>
              <ul className="mt-2 space-y-1.5">
                {data.games.map((g) => (
                  <li key={g.post_id} className="flex flex-wrap gap-x-2">
                    <Link
                      to={`/posts/${g.post_id}`}
                      className="font-medium text-slate-800 hover:text-emerald-700 hover:underline"
                    >
                      {g.heading}
                    </Link>
                    <span className="text-slate-500">
                      {formatGameTime(g.event_time, viewerFormat())}
                    </span>
                    <span className={g.came ? 'text-emerald-700' : 'text-rose-700'}>
                      {g.came
                        ? g.no_show
                          ? 'Came (mark disputed)'
                          : 'Came'
                        : g.missed === 'late_leave'
                          ? 'Left less than 2 hours before'
                          : 'No-show'}
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}
