import { SKILL_LEVELS } from '@gameon/shared';
import type { GameTrust, Minimums, Post, SkillLevel, TrustPlayer } from '@gameon/shared';
import { BadgeCheck, Flag, MapPinCheck, MessageCircle, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { isUpcoming } from '../../../lib/games';
import {
  currentPosition,
  useAttendance,
  useCheckIn,
  useDispute,
  useGameTrust,
  useRate,
  useReportRating,
  useSaveMinimums,
} from '../api';
import { LEVEL_LABELS, minimumsText } from '../trust-text';

const PERCENTS = [50, 60, 70, 80, 90, 100];

/** The host's minimums to join: a show-up percentage and a rated level, each "No minimum". */
function MinimumsForm({ postId, minimums }: { postId: number; minimums: Minimums }) {
  const save = useSaveMinimums(postId);
  const [percent, setPercent] = useState(minimums.min_show_up_percent);
  const [level, setLevel] = useState(minimums.min_level);
  const percentId = useId();
  const levelId = useId();
  return (
    <form
      className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ min_show_up_percent: percent, min_level: level });
      }}
    >
      <div>
        <label htmlFor={percentId} className="text-sm font-medium text-slate-700">
          Minimum show-up record
        </label>
        <select
          id={percentId}
          className={inputClasses(false, 'mt-1')}
          value={percent ?? ''}
          onChange={(e) => setPercent(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">No minimum</option>
          {PERCENTS.map((p) => (
            <option key={p} value={p}>
              Came to {p}% of games
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={levelId} className="text-sm font-medium text-slate-700">
          Minimum rated level
        </label>
        <select
          id={levelId}
          className={inputClasses(false, 'mt-1')}
          value={level ?? ''}
          onChange={(e) => setLevel(e.target.value === '' ? null : (e.target.value as SkillLevel))}
        >
          <option value="">No minimum</option>
          {SKILL_LEVELS.map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABELS[l]} or above
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" loading={save.isPending}>
        Save minimums
      </Button>
      {save.isSuccess && (
        <p role="status" className="text-sm text-emerald-700 sm:col-span-3">
          Minimums saved. New players and unrated members can always join.
        </p>
      )}
      {save.isError && (
        <Alert tone="error" className="sm:col-span-3">
          {errorMessage(save.error, 'Could not save the minimums.')}
        </Alert>
      )}
    </form>
  );
}

/** A player's state as a short chip: checked in, a no-show (and its dispute), or not yet. */
function PlayerState({ player }: { player: TrustPlayer }) {
  if (player.checked_in)
    return (
      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
        Checked in
      </span>
    );
  if (player.no_show)
    return (
      <span className="rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-800">
        {player.no_show.counts
          ? player.no_show.confirmed_at
            ? 'No-show, confirmed'
            : 'No-show'
          : 'No-show, disputed'}
      </span>
    );
  return (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">
      Not checked in
    </span>
  );
}

/** One player: name, state, the host's word, and the viewer's rating of their level. */
function PlayerRow({
  player,
  trust,
  postId,
  viewerId,
  now,
  start,
  onError,
}: {
  player: TrustPlayer;
  trust: GameTrust;
  postId: number;
  viewerId: number;
  now: string;
  /** The game's start (UTC ISO). */
  start: string;
  onError: (message: string | null) => void;
}) {
  const attendance = useAttendance(postId);
  const rate = useRate(postId);
  const selectId = useId();
  const name = player.user.username;
  const started = now >= trust.check_in_opens;
  const confirmOpen = started && now <= trust.marks_close;
  const markOpen = now >= start && now <= trust.marks_close;
  const fail = (fallback: string) => (error: Error) => onError(errorMessage(error, fallback));
  const act = (status: 'checked_in' | 'no_show') => {
    onError(null);
    attendance.mutate(
      { userId: player.user.id, status },
      { onError: fail('Could not save your word on this player.') },
    );
  };
  const mark = player.no_show;
  return (
    <li className="flex flex-wrap items-center gap-2 py-2 text-sm">
      <Link
        to={`/profile/${player.user.id}`}
        className="truncate font-medium text-slate-800 hover:text-emerald-700 hover:underline"
      >
        {name}
        {player.user.id === viewerId && ' (you)'}
      </Link>
      {player.is_host && <span className="text-xs text-slate-500">Host</span>}
      <PlayerState player={player} />
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {trust.is_host && !player.checked_in && confirmOpen && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Confirm ${name} came`}
            loading={attendance.isPending}
            onClick={() => act('checked_in')}
          >
            Confirm
          </Button>
        )}
        {trust.is_host &&
          !player.is_host &&
          !player.checked_in &&
          markOpen &&
          (mark === null || (mark.disputed_at !== null && mark.confirmed_at === null)) && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`${mark ? 'Confirm the no-show of' : 'Mark as a no-show:'} ${name}`}
              loading={attendance.isPending}
              onClick={() => act('no_show')}
            >
              {mark ? 'Confirm no-show' : 'No-show'}
            </Button>
          )}
        {player.can_rate && (
          <span className="flex items-center gap-1.5">
            <label htmlFor={selectId} className="text-xs text-slate-600">
              Level of {name}
            </label>
            <select
              id={selectId}
              className={inputClasses(false, 'w-auto py-1.5')}
              value={player.my_rating ?? ''}
              disabled={rate.isPending}
              onChange={(e) => {
                onError(null);
                rate.mutate(
                  { userId: player.user.id, level: e.target.value as SkillLevel },
                  { onError: fail('Could not save your rating.') },
                );
              }}
            >
              {player.my_rating === null && <option value="">Rate…</option>}
              {SKILL_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {LEVEL_LABELS[l]}
                </option>
              ))}
            </select>
          </span>
        )}
      </div>
    </li>
  );
}

/** The levels others gave the viewer in this game, each with "Report". */
function RatingsOfMe({ ratings }: { ratings: { id: number; level: SkillLevel }[] }) {
  const report = useReportRating();
  const [reporting, setReporting] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  if (ratings.length === 0)
    return <p className="mt-2 text-sm text-slate-500">Nobody rated your level in this game.</p>;
  return (
    <div className="mt-2">
      <ul className="flex flex-wrap gap-2">
        {ratings.map((r) => (
          <li
            key={r.id}
            className="inline-flex items-center gap-1 rounded-xl bg-slate-50 px-3 py-1.5 text-sm ring-1 ring-slate-200"
          >
            {LEVEL_LABELS[r.level]}
            <button
              type="button"
              aria-label={`Report the rating ${LEVEL_LABELS[r.level]}`}
              className="ml-1 rounded p-1 text-slate-500 hover:bg-rose-50 hover:text-rose-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
              onClick={() => {
                setReporting(r.id);
                report.reset();
              }}
            >
              <Flag aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      {reporting !== null && !report.isSuccess && (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            report.mutate({ ratingId: reporting, reason });
          }}
        >
          <div className="min-w-48 flex-1">
            <label htmlFor={reasonId} className="text-sm font-medium text-slate-700">
              Why report this rating?
            </label>
            <input
              id={reasonId}
              className={inputClasses(false, 'mt-1')}
              value={reason}
              maxLength={1000}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" variant="danger" loading={report.isPending}>
            Send report
          </Button>
        </form>
      )}
      {report.isSuccess && (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          Thank you. Our team will review this report.
        </p>
      )}
      {report.isError && (
        <Alert tone="error" className="mt-2">
          {errorMessage(report.error, 'Could not send the report.')}
        </Alert>
      )}
    </div>
  );
}

/**
 * The game page's "Check-in and levels": why the viewer may not join under the host's minimums
 * (with "Message the host"); the host's minimums form before the start; for the game's players
 * from 30 minutes before the start, check-in (the position is asked for at the tap only),
 * every player's state, the host's Confirm and No-show, the viewer's own mark with "Dispute",
 * ratings of the others' levels, and the levels the viewer got here (never by whom).
 */
export function GameTrustPanel({ post, viewerId }: { post: Post; viewerId: number }) {
  const trust = useGameTrust(post.id);
  const checkIn = useCheckIn(post.id);
  const dispute = useDispute(post.id);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const headingId = useId();
  if (!trust.data) return null;
  const data = trust.data;
  const now = new Date().toISOString();
  const upcoming = isUpcoming(post);
  const me = data.players.find((p) => p.user.id === viewerId);
  const minimums = minimumsText(data.minimums);
  const showPlayers = data.is_player && now >= data.check_in_opens;
  if (!data.refusal && !(data.is_host && upcoming) && !minimums && !showPlayers) return null;

  const checkInOpen = now >= data.check_in_opens && now <= data.check_in_closes;
  const doCheckIn = async () => {
    setError(null);
    setLocating(true);
    try {
      const position = await currentPosition();
      await checkIn.mutateAsync(position);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not check you in.'));
    } finally {
      setLocating(false);
    }
  };
  const mark = me?.no_show ?? null;
  const canDispute =
    mark !== null &&
    mark.disputed_at === null &&
    Date.now() <= Date.parse(mark.marked_at) + 48 * 3600 * 1000;

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-4 text-emerald-700" />
        Check-in and levels
      </h2>
      {minimums && !data.refusal && (
        <p className="mt-2 text-sm text-slate-600">To join, the host asks for {minimums}.</p>
      )}
      {data.refusal && (
        <div className="mt-3 space-y-3">
          <Alert tone="info">{data.refusal}</Alert>
          <Button
            variant="secondary"
            onClick={() =>
              void navigate('/messages', {
                state: {
                  startConversation: { userId: post.author.id, username: post.author.username },
                },
              })
            }
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            Message the host
          </Button>
        </div>
      )}
      {data.is_host && upcoming && <MinimumsForm postId={post.id} minimums={data.minimums} />}

      {showPlayers && me && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {me.checked_in ? (
            <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700">
              <BadgeCheck aria-hidden="true" className="size-4" />
              You checked in.
            </p>
          ) : checkInOpen && !data.online ? (
            <>
              <Button loading={locating} onClick={() => void doCheckIn()}>
                {!locating && <MapPinCheck aria-hidden="true" className="size-4" />}
                Check in
              </Button>
              <p className="text-xs text-slate-500">
                Your position is asked for once, to check you in, and never kept.
              </p>
            </>
          ) : data.online && !data.is_host ? (
            <p className="text-sm text-slate-600">
              This game is online: the host confirms who played.
            </p>
          ) : null}
        </div>
      )}
      {mark && (
        <div className="mt-3 space-y-2">
          <Alert tone={mark.counts ? 'error' : 'info'}>
            {mark.counts
              ? mark.confirmed_at
                ? 'The host confirmed you as a no-show after your dispute.'
                : 'The host marked you as a no-show.'
              : 'You disputed the no-show mark: it does not count unless the host confirms it.'}
          </Alert>
          {canDispute && (
            <Button
              variant="secondary"
              loading={dispute.isPending}
              onClick={() =>
                dispute.mutate(undefined, {
                  onError: (failure) => setError(errorMessage(failure, 'Could not dispute.')),
                })
              }
            >
              Dispute the mark
            </Button>
          )}
        </div>
      )}
      {error !== null && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      {showPlayers && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-slate-900">Players</h3>
          <ul className="mt-1 divide-y divide-slate-100">
            {data.players.map((player) => (
              <PlayerRow
                key={player.user.id}
                player={player}
                trust={data}
                postId={post.id}
                viewerId={viewerId}
                now={now}
                start={post.event_time}
                onError={setError}
              />
            ))}
          </ul>
          {data.my_ratings !== null ? (
            <>
              <h3 className="mt-5 text-sm font-semibold text-slate-900">
                Levels players gave you here
              </h3>
              <RatingsOfMe ratings={data.my_ratings} />
            </>
          ) : (
            me?.checked_in &&
            now >= post.event_time && (
              <p className="mt-4 text-sm text-slate-500">
                Rate the others to see the levels they gave you (or wait until rating closes).
              </p>
            )
          )}
        </>
      )}
    </section>
  );
}
