/**
 * The one cursor codec of every paginated list (CONTRACT.md "Pagination": the next page's cursor
 * travels in `X-Next-Cursor` and comes back as `?cursor=`). Three shapes, one error:
 * - offset: `"40"`, a whole number 0..100,000 (ranked lists: search, a member's posts);
 * - before-id: `"1234"`, the oldest id shown, a positive 32-bit id (messages, notifications);
 * - keyset: base64url of `event_time|id` (the feed, soonest first);
 * - distance keyset: base64url of `distance|event_time|id` (the feed, nearest first).
 * Every decoder throws AppError 400 `Invalid cursor` (field `cursor`) for anything it did not make.
 */
import { sql, type RawBuilder } from 'kysely';
import { idSchema } from '@gameon/shared';
import { badRequest, type AppError } from './errors.js';

const MAX_OFFSET = 100_000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function invalidCursor(): AppError {
  return badRequest('Invalid cursor', [{ field: 'cursor', message: 'Invalid cursor' }]);
}

/** An offset cursor: `undefined` is the first page (0). @throws AppError 400 invalid cursor. */
export function decodeOffsetCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,6}$/.test(cursor) || Number(cursor) > MAX_OFFSET) throw invalidCursor();
  return Number(cursor);
}

/** The cursor of the page after one of `limit` rows that started at `offset`. */
export function encodeOffsetCursor(offset: number, limit: number): string {
  return String(offset + limit);
}

/**
 * A before-id cursor: the next page holds ids below it; `undefined` is the newest page.
 * @throws AppError 400 invalid cursor.
 */
export function decodeBeforeIdCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = idSchema.safeParse(cursor);
  if (!id.success) throw invalidCursor();
  return id.data;
}

/** The cursor of the page older than the one whose oldest row has id `oldestId`. */
export function encodeBeforeIdCursor(oldestId: number): string {
  return String(oldestId);
}

/** A keyset position: the last row's time (UTC ISO-8601) and id. */
export interface Keyset {
  time: string;
  id: number;
}

/** A keyset cursor: base64url of `time|id`. */
export function encodeKeysetCursor({ time, id }: Keyset): string {
  return Buffer.from(`${time}|${id}`).toString('base64url');
}

/** @throws AppError 400 invalid cursor (not base64url of an ISO instant and an id). */
export function decodeKeysetCursor(cursor: string): Keyset {
  const [time, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const parsed = idSchema.safeParse(id);
  if (!time || !ISO_INSTANT.test(time) || !parsed.success) throw invalidCursor();
  return { time, id: parsed.data };
}

/**
 * SQL condition: the row comes after `keyset` in (time, id) order, the rows of the page after a
 * keyset cursor; `columns` name the time and id columns (e.g. `p.event_time`, `p.id`). Led by
 * `time >= keyset time`, a range an index on (..., time, id) starts its walk at.
 */
export function afterKeyset(
  columns: { time: string; id: string },
  { time, id }: Keyset,
): RawBuilder<boolean> {
  const t = sql.ref(columns.time);
  return sql<boolean>`(${t} >= ${time} and (${t} > ${time} or ${sql.ref(columns.id)} > ${id}))`;
}

/**
 * Whether the row at (`time`, `id`) comes after `keyset` in (time, id) order: {@link afterKeyset}
 * in JavaScript, for rows the feed already holds.
 */
export function isAfterKeyset(time: string, id: number, keyset: Keyset): boolean {
  return time > keyset.time || (time === keyset.time && id > keyset.id);
}

/** A nearest-first keyset position: the last row's distance key (whole metres), time and id. */
export interface DistanceKeyset extends Keyset {
  distance: number;
}

/** A distance keyset cursor: base64url of `distance|time|id`. */
export function encodeDistanceKeysetCursor({ distance, time, id }: DistanceKeyset): string {
  return Buffer.from(`${distance}|${time}|${id}`).toString('base64url');
}

/** @throws AppError 400 invalid cursor (not base64url of whole metres, an ISO instant and an id). */
export function decodeDistanceKeysetCursor(cursor: string): DistanceKeyset {
  const [distance, time, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const parsed = idSchema.safeParse(id);
  if (
    !distance ||
    !/^\d{1,10}$/.test(distance) ||
    !time ||
    !ISO_INSTANT.test(time) ||
    !parsed.success
  )
    throw invalidCursor();
  return { distance: Number(distance), time, id: parsed.data };
}

/**
 * SQL condition: the row comes after `keyset` in (distance, time, id) order; `columns.distance`
 * is the SQL expression of the row's distance key, `time` and `id` name columns.
 */
export function afterDistanceKeyset(
  columns: { distance: RawBuilder<number>; time: string; id: string },
  { distance, ...keyset }: DistanceKeyset,
): RawBuilder<boolean> {
  const d = columns.distance;
  return sql<boolean>`(${d} > ${distance} or (${d} = ${distance} and ${afterKeyset(columns, keyset)}))`;
}
