import { formatGameTime } from '@gameon/shared';
import type { Post, Series } from '@gameon/shared';
import { CalendarPlus, Check, Pencil, Repeat, UserMinus, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormField, inputClasses } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { viewerFormat } from '../../../lib/format';
import {
  downloadSeriesCalendar,
  useAnswerClaim,
  useCreateSeries,
  useEditSeries,
  useEndSeries,
  usePostSeries,
  useSetRegular,
  useSkipDate,
} from '../series-api';

const when = (iso: string) => formatGameTime(iso, viewerFormat());

/** "Every Sunday at 7:00 pm" (or "Every other Sunday …") of a series' next date, viewer's zone. */
export function repeatText(series: Pick<Series, 'every_weeks'>, slot: string): string {
  const { timeZone } = viewerFormat();
  const day = new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone }).format(
    new Date(slot),
  );
  const time = new Intl.DateTimeFormat('en-IN', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(slot));
  return `${series.every_weeks === 1 ? 'Every' : 'Every other'} ${day} at ${time}`;
}

const panelClasses = 'mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/**
 * A game's series on its page: what repeats and when; a regular's held place (claim or pass);
 * a held game's notice; and for its host the next dates (skip one), the regulars (remove one,
 * add a past player), the series' calendar and ending it. A host's single upcoming game offers
 * to repeat it.
 */
export function SeriesPanel({ post, viewerId }: { post: Post; viewerId: number }) {
  const data = usePostSeries(post.id);
  if (!data.data) return null;
  const { series, claim } = data.data;
  const host = post.author_id === viewerId;
  const upcoming = Date.parse(post.event_time) > Date.now();
  if (series === null) return host && upcoming ? <RepeatGame post={post} /> : null;
  const held = series.upcoming.find((d) => d.post_id === post.id)?.hidden_until ?? null;
  const next = series.upcoming[0]?.slot ?? post.event_time;
  return (
    <section aria-labelledby="series-heading" className={panelClasses}>
      <h2 id="series-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Repeat aria-hidden="true" className="size-5 text-emerald-700" />
        {series.every_weeks === 1 ? 'Weekly game' : 'Every two weeks'}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {series.ended
          ? 'This series has ended.'
          : `${repeatText(series, next)}${series.until ? `, until ${series.until}` : ''}.`}{' '}
        Joining this game does not join the others.
      </p>
      {claim !== null && <ClaimBox postId={post.id} status={claim.status} until={held} />}
      {claim === null && !host && held !== null && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Held for the regulars until {when(held)}. It opens to everyone then.
        </p>
      )}
      {host && <HostSeries series={series} />}
    </section>
  );
}

/** A regular's held place: "I'm in" or "Pass" while it is offered; the answer after. */
function ClaimBox({
  postId,
  status,
  until,
}: {
  postId: number;
  status: 'offered' | 'claimed' | 'passed';
  until: string | null;
}) {
  const answer = useAnswerClaim();
  if (status === 'claimed')
    return (
      <Alert tone="success" className="mt-3">
        You claimed your place.
      </Alert>
    );
  if (status === 'passed')
    return <p className="mt-3 text-sm text-slate-600">You passed on this one.</p>;
  return (
    <div className="mt-3 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
      <p className="text-sm font-semibold text-emerald-900">
        {until === null
          ? 'You played last time: your place is yours if you want it.'
          : `You played last time: your place is held until ${when(until)}.`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          loading={answer.isPending && answer.variables.answer === 'claim'}
          disabled={answer.isPending}
          onClick={() => answer.mutate({ postId, answer: 'claim' })}
        >
          <Check aria-hidden="true" className="size-4" />
          I&apos;m in
        </Button>
        <Button
          variant="secondary"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ postId, answer: 'pass' })}
        >
          <X aria-hidden="true" className="size-4" />
          Pass
        </Button>
      </div>
      {answer.isError && (
        <Alert tone="error" className="mt-3">
          {errorMessage(answer.error, 'Could not answer. Try again.')}
        </Alert>
      )}
    </div>
  );
}

/** The host's side: next dates with Skip, regulars, the calendar, and ending the series. */
function HostSeries({ series }: { series: Series }) {
  const skip = useSkipDate();
  const end = useEndSeries();
  const regular = useSetRegular();
  const [skipping, setSkipping] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  const [calendarError, setCalendarError] = useState<string | null>(null);
  const failure = skip.error ?? end.error ?? regular.error;
  if (series.ended) return null;
  return (
    <div className="mt-4 space-y-5 border-t border-slate-100 pt-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Next dates</h3>
        <ul className="mt-2 divide-y divide-slate-100">
          {series.upcoming.map((date) => (
            <li key={date.slot} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <time dateTime={date.slot} className="text-slate-900">
                  {when(date.slot)}
                </time>
                <span className="block text-xs text-slate-600">
                  {date.post_id === null
                    ? 'Not posted yet'
                    : date.hidden_until !== null
                      ? `Held for regulars until ${when(date.hidden_until)}`
                      : 'Open to everyone'}
                </span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Skip ${when(date.slot)}`}
                onClick={() => setSkipping(date.slot)}
              >
                Skip
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Regulars</h3>
        <p className="text-xs text-slate-600">
          Offered their places first when the game before starts.
        </p>
        {series.regulars.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No regulars yet.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {series.regulars.map((member) => (
              <li key={member.id}>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${member.username} from the regulars`}
                  onClick={() =>
                    regular.mutate({ seriesId: series.id, userId: member.id, add: false })
                  }
                >
                  {member.username}
                  <UserMinus aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {series.past_players.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2">
            {series.past_players.map((member) => (
              <li key={member.id}>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Add ${member.username} to the regulars`}
                  onClick={() =>
                    regular.mutate({ seriesId: series.id, userId: member.id, add: true })
                  }
                >
                  <UserPlus aria-hidden="true" className="size-4" />
                  {member.username}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ChangeSeries series={series} />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            setCalendarError(null);
            downloadSeriesCalendar(series.id).catch((error: unknown) =>
              setCalendarError(errorMessage(error, 'Could not get the calendar file.')),
            );
          }}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          Series calendar
        </Button>
        <Button
          variant="ghost"
          className="text-rose-700! hover:bg-rose-50"
          onClick={() => setEnding(true)}
        >
          End series
        </Button>
      </div>
      {(failure ?? calendarError) !== null && (
        <Alert tone="error">{calendarError ?? errorMessage(failure, 'That did not work.')}</Alert>
      )}
      {skipping !== null && (
        <ConfirmDialog
          title="Skip a date"
          question="Skip this date? Its game is cancelled and its players are told."
          subject={when(skipping)}
          confirm="Skip date"
          cancelLabel="Keep it"
          pending={skip.isPending}
          onCancel={() => setSkipping(null)}
          onConfirm={() =>
            skip.mutate(
              { seriesId: series.id, slot: skipping },
              { onSettled: () => setSkipping(null) },
            )
          }
        />
      )}
      {ending && (
        <ConfirmDialog
          title="End series"
          question="End this series? Its upcoming games are cancelled and their players told."
          subject={series.heading}
          confirm="End series"
          cancelLabel="Keep it"
          pending={end.isPending}
          onCancel={() => setEnding(false)}
          onConfirm={() => end.mutate(series.id, { onSettled: () => setEnding(false) })}
        />
      )}
    </div>
  );
}

/** ISO weekdays (1 Monday … 7 Sunday) as the "Day" choice lists them. */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The ISO weekday (1-7) and local time (HH:MM, 24-hour) of instant `slot` in `timeZone`. */
function dayAndTime(slot: string, timeZone: string): { weekday: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(new Date(slot));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: WEEKDAYS.indexOf(part('weekday')) + 1,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/**
 * "Change from a date": the title, description, players needed, day and time (in the series'
 * time zone) of the series' games from a chosen date on (their players are told; a new day or
 * time moves that game and every later one); only what changed is sent.
 */
function ChangeSeries({ series }: { series: Series }) {
  const edit = useEditSeries();
  const [open, setOpen] = useState(false);
  const dates = series.upcoming.filter((d) => d.post_id !== null);
  const [from, setFrom] = useState(dates[0]?.slot ?? '');
  const [heading, setHeading] = useState(series.heading);
  const [description, setDescription] = useState(series.description);
  const [players, setPlayers] = useState(String(series.players_needed));
  const current = from ? dayAndTime(from, series.time_zone) : { weekday: 0, time: '' };
  const [weekday, setWeekday] = useState(String(current.weekday));
  const [time, setTime] = useState(current.time);
  const [saved, setSaved] = useState(false);
  if (!open)
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <Pencil aria-hidden="true" className="size-4" />
          Change from a date
        </Button>
        {saved && <p className="mt-2 text-sm text-emerald-800">Saved. Their players are told.</p>}
      </div>
    );
  const body = {
    from,
    ...(heading.trim() !== series.heading ? { heading: heading.trim() } : {}),
    ...(description.trim() !== series.description ? { description: description.trim() } : {}),
    ...(Number(players) !== series.players_needed ? { playersNeeded: Number(players) } : {}),
    ...(time !== current.time ? { time } : {}),
    ...(Number(weekday) !== current.weekday ? { weekday: Number(weekday) } : {}),
  };
  const changed = Object.keys(body).length > 1;
  return (
    <form
      aria-labelledby="series-change-heading"
      className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed) return;
        edit.mutate(
          { seriesId: series.id, body },
          {
            onSuccess: () => {
              setSaved(true);
              setOpen(false);
            },
          },
        );
      }}
    >
      <h3 id="series-change-heading" className="text-sm font-semibold text-slate-900">
        Change the series from a date on
      </h3>
      <FormField label="From" htmlFor="series-from">
        <select
          id="series-from"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          className={inputClasses()}
        >
          {dates.map((d) => (
            <option key={d.slot} value={d.slot}>
              {when(d.slot)}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Day" htmlFor="series-weekday">
          <select
            id="series-weekday"
            value={weekday}
            onChange={(event) => setWeekday(event.target.value)}
            className={inputClasses()}
          >
            {WEEKDAYS.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Time (India)" htmlFor="series-time">
          <input
            id="series-time"
            type="time"
            required
            value={time}
            onChange={(event) => setTime(event.target.value)}
            className={inputClasses()}
          />
        </FormField>
      </div>
      <FormField label="Title" htmlFor="series-title">
        <input
          id="series-title"
          value={heading}
          onChange={(event) => setHeading(event.target.value)}
          className={inputClasses()}
        />
      </FormField>
      <FormField label="Description" htmlFor="series-description">
        <textarea
          id="series-description"
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          className={inputClasses()}
        />
      </FormField>
      <FormField label="Players needed" htmlFor="series-players">
        <input
          id="series-players"
          type="number"
          min={1}
          max={20}
          value={players}
          onChange={(event) => setPlayers(event.target.value)}
          className={inputClasses()}
        />
      </FormField>
      {edit.isError && <Alert tone="error">{errorMessage(edit.error, 'Could not save.')}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={edit.isPending} disabled={!changed}>
          Save changes
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The fields of a repeat: how often (never, weekly, fortnightly) and the last date. */
export interface RepeatValue {
  everyWeeks: 0 | 1 | 2;
  until: string;
}

/** The "Repeat" choice and its last date, on Create Post and on a host's single game. */
export function RepeatFields({
  value,
  onChange,
  idPrefix,
}: {
  value: RepeatValue;
  onChange: (value: RepeatValue) => void;
  idPrefix: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <FormField label="Repeat" htmlFor={`${idPrefix}-repeat`}>
        <select
          id={`${idPrefix}-repeat`}
          value={value.everyWeeks}
          onChange={(event) =>
            onChange({ ...value, everyWeeks: Number(event.target.value) as 0 | 1 | 2 })
          }
          className={inputClasses()}
        >
          <option value={0}>Does not repeat</option>
          <option value={1}>Every week</option>
          <option value={2}>Every two weeks</option>
        </select>
      </FormField>
      {value.everyWeeks !== 0 && (
        <FormField label="Last date" htmlFor={`${idPrefix}-until`} optional>
          <input
            id={`${idPrefix}-until`}
            type="date"
            value={value.until}
            onChange={(event) => onChange({ ...value, until: event.target.value })}
            className={inputClasses()}
          />
        </FormField>
      )}
    </div>
  );
}

/** The empty repeat choice. */
export const NO_REPEAT: RepeatValue = { everyWeeks: 0, until: '' };

/** The series body of a repeat choice for game `postId`, or null when it does not repeat. */
export function seriesBody(postId: number, value: RepeatValue) {
  return value.everyWeeks === 0
    ? null
    : { postId, everyWeeks: value.everyWeeks, until: value.until === '' ? null : value.until };
}

/** A host's single upcoming game: make it repeat. */
function RepeatGame({ post }: { post: Post }) {
  const create = useCreateSeries();
  const [value, setValue] = useState<RepeatValue>({ everyWeeks: 1, until: '' });
  const body = seriesBody(post.id, value);
  return (
    <section aria-labelledby="repeat-heading" className={panelClasses}>
      <h2 id="repeat-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Repeat aria-hidden="true" className="size-5 text-emerald-700" />
        Make it a regular game
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        The same game at the same time, with its players offered their places first.
      </p>
      <RepeatFields value={value} onChange={setValue} idPrefix="game" />
      <Button
        className="mt-4"
        disabled={body === null}
        loading={create.isPending}
        onClick={() => body && create.mutate(body)}
      >
        Repeat this game
      </Button>
      {create.isError && (
        <Alert tone="error" className="mt-3">
          {errorMessage(create.error, 'Could not make this game repeat.')}
        </Alert>
      )}
    </section>
  );
}
