/**
 * The recurrence of a series with `rrule-temporal` (RFC 5545 RRULE over Temporal): weekly or
 * every two weeks from the first occurrence, in the place's time zone (so 7 pm stays 7 pm local
 * time), up to a last local day, skipped instants left out. Temporal computes in the zone named,
 * never the host process's: the instants are the same under any `TZ`.
 */
import { Temporal } from '@js-temporal/polyfill';
import { RRuleTemporal } from 'rrule-temporal';
import type { SeriesRow } from '../../db/types.js';

/** A series' rule as stored. */
export interface SeriesRule {
  /** The first occurrence's instant, UTC ISO. */
  firstAt: string;
  /** 1 (weekly) or 2 (every two weeks). */
  everyWeeks: number;
  /** IANA time zone of the place, e.g. Asia/Kolkata. */
  timeZone: string;
  /** The last local day (YYYY-MM-DD, inclusive), or null when open-ended. */
  untilDate: string | null;
  /** Skipped recurrence instants, UTC ISO. */
  skipped: readonly string[];
}

/** The rule of stored `series` with its `skipped` instants. */
export function ruleOf(series: SeriesRow, skipped: readonly string[]): SeriesRule {
  return {
    firstAt: series.first_at,
    everyWeeks: series.every_weeks,
    timeZone: series.time_zone,
    untilDate: series.until_date,
    skipped,
  };
}

const zoned = (iso: string, timeZone: string) =>
  Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone);

/** The end of local day `date` in `timeZone`, as a zoned time (the rule's UNTIL). */
function endOfDay(date: string, timeZone: string) {
  return Temporal.PlainDate.from(date).toZonedDateTime({
    timeZone,
    plainTime: Temporal.PlainTime.from('23:59:59'),
  });
}

function recurrence(rule: SeriesRule): RRuleTemporal {
  return new RRuleTemporal({
    freq: 'WEEKLY',
    interval: rule.everyWeeks,
    dtstart: zoned(rule.firstAt, rule.timeZone),
    tzid: rule.timeZone,
    ...(rule.untilDate ? { until: endOfDay(rule.untilDate, rule.timeZone) } : {}),
    exDate: rule.skipped.map((slot) => zoned(slot, rule.timeZone)),
  });
}

const iso = (z: Temporal.ZonedDateTime | { toInstant(): { toString(): string } }) =>
  new Date(z.toInstant().toString()).toISOString();

/** The first `count` recurrence instants strictly after `after` (UTC ISO), as UTC ISO. */
export function slotsAfter(rule: SeriesRule, after: string, count: number): string[] {
  const r = recurrence(rule);
  const slots: string[] = [];
  let from = new Date(after);
  while (slots.length < count) {
    const next = r.next(from, false);
    if (!next) break;
    const slot = iso(next);
    slots.push(slot);
    from = new Date(slot);
  }
  return slots;
}

/** The recurrence instants from `from` to `to` inclusive (UTC ISO). */
export function slotsBetween(rule: SeriesRule, from: string, to: string): string[] {
  return recurrence(rule)
    .between(new Date(from), new Date(to), true)
    .map((z) => iso(z));
}

/** Whether `slot` (UTC ISO) is an instant of the rule (not skipped, not past its last day). */
export function isSlot(rule: SeriesRule, slot: string): boolean {
  return slotsBetween(rule, slot, slot).length === 1;
}

/** The local day (YYYY-MM-DD) of instant `at` in `timeZone`. */
export function localDate(at: string, timeZone: string): string {
  return zoned(at, timeZone).toPlainDate().toString();
}

/** The end of local day `date` in `timeZone`, UTC ISO (a rule's UNTIL instant). */
export function untilInstant(date: string, timeZone: string): string {
  return iso(endOfDay(date, timeZone));
}

/**
 * Where a series moved from occurrence `from` (UTC ISO) to local time `time` (HH:MM) on ISO
 * weekday `weekday` (1 Monday … 7 Sunday; the same weekday when null) starts: the first local
 * day on or after `from`'s with that weekday, at `time`, in `timeZone`; UTC ISO.
 */
export function movedStart(
  from: string,
  weekday: number | null,
  time: string,
  timeZone: string,
): string {
  const day = zoned(from, timeZone).toPlainDate();
  const ahead = weekday === null ? 0 : (weekday - day.dayOfWeek + 7) % 7;
  return iso(
    day
      .add({ days: ahead })
      .toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) }),
  );
}

/** The local time of day (HH:MM) and ISO weekday (1 Monday … 7 Sunday) of `at` in `timeZone`. */
export function localTimeOf(at: string, timeZone: string): { time: string; weekday: number } {
  const z = zoned(at, timeZone);
  return { time: z.toPlainTime().toString().slice(0, 5), weekday: z.dayOfWeek };
}
