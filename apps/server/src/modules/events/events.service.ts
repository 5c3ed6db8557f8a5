/**
 * Events (spec part 2 §2 Events, §3 Event, §4, §7; CONTRACT.md events calls): public
 * listings of tournaments and meet-ups that members register a team for. The list is a pipeline
 * (STYLE.md): filtered page of rows -> batch hydrate -> present. Members create events; the
 * organizer edits and cancels them, and a cancellation tells every registered member
 * (`event.cancelled`, which the notifications module turns into `event_cancelled`). While an
 * operator suspends the organizer their events are closed (hidden, no registrations: the access
 * rule) and the registered members are told (`event.closed`).
 */
import type { Kysely } from 'kysely';
import type { eventBodySchema, eventsQuerySchema, SportsEvent } from '@gameon/shared';
import type { z } from 'zod';
import type { DB, EventRow } from '../../db/types.js';
import { calendarText } from '../../lib/calendar.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/cursor.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { locationFilter, roundedDistance } from '../../lib/geo.js';
import { dayRange, nowIso, toUtcIso } from '../../lib/time.js';
import type { AccessService } from '../access/index.js';
import type { ReportsService } from '../admin/reports.service.js';
import type { MemberLookup } from '../users/members.service.js';
import * as repo from './events.repository.js';
import * as registrationsRepo from './registrations.repository.js';

/** The calendar's alarm before an event: as GameOn's reminder (modules/reminders), a day. */
export const EVENT_ALARM_SECONDS = 24 * 3600;

export interface EventsDeps {
  db: Kysely<DB>;
  events: DomainEventBus;
  access: Pick<AccessService, 'requireEvent'>;
  /** The users module's member lookup. */
  users: MemberLookup;
  /** PUBLIC_URL: absolute links in calendars. */
  publicUrl: string;
  /** Where reports go (the admin module). */
  reports: Pick<ReportsService, 'fileReport'>;
  /** Per-member write limits: reports, events organized, edited and cancelled. */
  limiter: Pick<RateLimiter, 'write'>;
}

/** A validated `POST /events` or `PUT /events/{id}` body. */
export type EventInput = z.output<typeof eventBodySchema>;

const HOUR_MS = 3600 * 1000;

/** An event's length in hours, to 2 decimals, from its start and end (UTC ISO). */
function durationHours(start: string, end: string): number {
  return Math.round(((Date.parse(end) - Date.parse(start)) / HOUR_MS) * 100) / 100;
}

/** The event's point [lng, lat], or null for an online event without one. */
function pointOf(row: Pick<EventRow, 'lng' | 'lat'>): [number, number] | null {
  return row.lng !== null && row.lat !== null ? [row.lng, row.lat] : null;
}

/** @throws AppError 400 `event_ended`: an ended event is neither edited nor cancelled. */
function requireNotEnded(row: EventRow, now: string): void {
  if (row.end_date <= now) throw new AppError('event_ended', 400, 'This event has already ended');
}

/** @throws AppError 400 (field eventDate) unless `eventDate` (UTC ISO) is after `now`. */
function requireFutureStart(eventDate: string, now: string): void {
  if (eventDate <= now) {
    throw badRequest('Start date must be in the future', [
      { field: 'eventDate', message: 'Start date must be in the future' },
    ]);
  }
}

/**
 * The stored columns of an event body: times as UTC ISO, the point or none, 0/1 for equipment,
 * the registration deadline the start when none is given.
 */
function fieldsOf(input: EventInput): repo.EventFields {
  const eventDate = toUtcIso(input.eventDate);
  const [lng, lat] = input.location?.coordinates ?? [null, null];
  return {
    title: input.title,
    description: input.description,
    sport: input.sport,
    location_name: input.locationName,
    lng,
    lat,
    event_date: eventDate,
    end_date: toUtcIso(input.endDate),
    max_participants: input.maxParticipants,
    skill_level: input.skillLevel,
    equipment_provided: input.equipmentProvided ? 1 : 0,
    cost: input.cost,
    prize: input.prize,
    registration_deadline: input.registrationDeadline
      ? toUtcIso(input.registrationDeadline)
      : eventDate,
    payment_deadline: input.paymentDeadline ? toUtcIso(input.paymentDeadline) : null,
  };
}

export function createEventsService({
  db,
  events,
  access,
  users,
  publicUrl,
  reports,
  limiter,
}: EventsDeps) {
  /**
   * Presents events to `viewerId` (null signed out): organizer, tags, registration count, and
   * for a member whether they registered (with their registration's id); `distance` in metres
   * from `origin` for events with a point. Never a registration's contact details.
   */
  async function present(
    rows: EventRow[],
    viewerId: number | null,
    origin?: [number, number],
  ): Promise<SportsEvent[]> {
    const { organizers, tags, counts, mine } = await repo.hydrate(
      db,
      rows.map((r) => r.id),
      rows.map((r) => r.organizer_id),
      viewerId,
    );
    const usernames = new Map(organizers.map((o) => [o.id, o.username]));
    const registered = new Map(counts.map((c) => [c.event_id, Number(c.n)]));
    const own = new Map(mine.map((m) => [m.event_id, m.id]));
    return rows.map((r) => {
      const point = pointOf(r);
      const event: SportsEvent = {
        id: r.id,
        title: r.title,
        description: r.description,
        sport: r.sport,
        organizer: {
          id: r.organizer_id,
          username: usernames.get(r.organizer_id) ?? 'Deleted user',
        },
        location: point ? { type: 'Point', coordinates: point } : null,
        location_name: r.location_name,
        event_date: r.event_date,
        end_date: r.end_date,
        duration_hours: durationHours(r.event_date, r.end_date),
        max_participants: r.max_participants,
        current_participants: registered.get(r.id) ?? 0,
        skill_level: r.skill_level,
        equipment_provided: r.equipment_provided === 1,
        cost: r.cost,
        prize: r.prize,
        registration_deadline: r.registration_deadline,
        payment_deadline: r.payment_deadline,
        tags: tags.filter((t) => t.event_id === r.id).map((t) => t.tag),
        created_at: r.created_at,
      };
      if (origin && point) event.distance = roundedDistance(origin, point);
      if (viewerId !== null) {
        const registrationId = own.get(r.id);
        event.is_registered = registrationId !== undefined;
        if (registrationId !== undefined) event.registration_id = registrationId;
      }
      return event;
    });
  }

  /** @throws AppError 404 unknown or hidden by a block, 403 `not_organizer` for anyone else. */
  async function requireOrganizer(userId: number, eventId: number): Promise<void> {
    if ((await access.requireEvent(userId, eventId)) !== userId)
      throw forbidden('not_organizer', 'Only the organizer can change this event');
  }

  /** Event `eventId` as `viewerId` (null signed out) sees it. @throws AppError 404. */
  async function getOne(viewerId: number | null, eventId: number): Promise<SportsEvent> {
    await access.requireEvent(viewerId, eventId);
    const row = await repo.findEvent(db, eventId);
    if (!row) throw notFound('Event not found');
    const [event] = await present([row], viewerId);
    return event!;
  }

  return {
    getOne,

    /**
     * Presents event `rows` as `viewerId` sees them (organizer, tags, counts, their own
     * registration), in order; the caller has applied the access rules.
     */
    presentRows(rows: EventRow[], viewerId: number): Promise<SportsEvent[]> {
      return present(rows, viewerId);
    },

    /**
     * `GET /events` (public; spec part 2 §2, §7; CONTRACT.md): events not yet ended, soonest
     * start first, filtered by sport, skill level, day (overlapping it in `tz`), cost (rupees,
     * inclusive), equipment and radius (metres; online events without a point always pass),
     * hiding organizers blocked either way from a signed-in viewer.
     * @returns one page and the cursor of the next, if any.
     * @throws AppError 400 invalid cursor or date.
     */
    async list(
      viewerId: number | null,
      input: z.output<typeof eventsQuerySchema>,
    ): Promise<{ events: SportsEvent[]; nextCursor?: string }> {
      const { origin, radius } = locationFilter(input);
      const rows = await repo.list(db, {
        viewerId,
        endsAfter: nowIso(),
        sport: input.sport === 'all' ? undefined : input.sport,
        skillLevel: input.skill_level === 'all' ? undefined : input.skill_level,
        day: input.date ? dayRange(input.date, input.tz) : undefined,
        maxCost: input.max_cost,
        equipmentProvided: input.equipment_provided,
        near: origin && radius !== null ? { lng: origin[0], lat: origin[1], radius } : undefined,
        cursor: input.cursor ? decodeKeysetCursor(input.cursor) : undefined,
        limit: input.limit + 1,
      });
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      return {
        events: await present(page, viewerId, origin),
        ...(rows.length > input.limit && last
          ? { nextCursor: encodeKeysetCursor({ time: last.event_date, id: last.id }) }
          : {}),
      };
    },

    /**
     * `POST /events`: the caller organizes a new event.
     * @throws AppError 400 when the start is not in the future (the body's other rules are the
     *   shared schema's), 429 past the member's limit.
     */
    async create(organizerId: number, input: EventInput): Promise<SportsEvent> {
      await limiter.write('event', organizerId);
      const fields = fieldsOf(input);
      const now = nowIso();
      requireFutureStart(fields.event_date, now);
      const id = await db
        .transaction()
        .execute((trx) =>
          repo.insertEvent(
            trx,
            { ...fields, organizer_id: organizerId, created_at: now },
            input.tags,
          ),
        );
      events.emit('event.scheduled', { eventId: id, organizerId, startsAt: fields.event_date });
      return getOne(organizerId, id);
    },

    /**
     * `PUT /events/{id}`: the organizer replaces every field. A changed start must be
     * in the future; the maximum may not drop below the registrations already made (checked
     * under the event's lock, so no registration slips in between).
     * @throws AppError 404 unknown or hidden, 403 `not_organizer`, 400 `event_ended` or a start
     *   in the past, 409 `max_below_registrations`, 429 past the member's limit.
     */
    async update(userId: number, eventId: number, input: EventInput): Promise<SportsEvent> {
      await limiter.write('eventEdit', userId);
      await requireOrganizer(userId, eventId);
      const fields = fieldsOf(input);
      const moved = await db.transaction().execute(async (trx) => {
        const row = await repo.lockEvent(trx, eventId);
        if (!row) throw notFound('Event not found');
        const now = nowIso();
        requireNotEnded(row, now);
        if (fields.event_date !== row.event_date) requireFutureStart(fields.event_date, now);
        const registered = await registrationsRepo.countForEvent(trx, eventId);
        if (fields.max_participants < registered) {
          throw new AppError(
            'max_below_registrations',
            409,
            `Maximum participants cannot be below the ${registered} teams already registered`,
          );
        }
        await repo.updateEvent(trx, eventId, fields, input.tags);
        return fields.event_date !== row.event_date;
      });
      if (moved)
        events.emit('event.scheduled', {
          eventId,
          organizerId: userId,
          startsAt: fields.event_date,
        });
      return getOne(userId, eventId);
    },

    /**
     * `DELETE /events/{id}`: the organizer cancels an event that has not ended. It
     * leaves every list with its registrations, and each registered member is told
     * (`event.cancelled`).
     * @throws AppError 404 unknown, hidden or already cancelled, 403 `not_organizer`, 400
     *   `event_ended`, 429 past the member's limit (edits and cancellations together).
     */
    async cancel(userId: number, eventId: number): Promise<{ success: true }> {
      await limiter.write('eventEdit', userId);
      await requireOrganizer(userId, eventId);
      const { row, memberIds } = await db.transaction().execute(async (trx) => {
        // The lock makes a parallel registration wait, then find no event.
        const row = await repo.lockEvent(trx, eventId);
        if (!row) throw notFound('Event not found');
        requireNotEnded(row, nowIso());
        const memberIds = await registrationsRepo.registrantIds(trx, eventId);
        await repo.deleteEvent(trx, eventId);
        return { row, memberIds };
      });
      const [organizer] = await users.members([userId]);
      if (organizer) {
        events.emit('event.cancelled', {
          eventId,
          title: row.title,
          organizer: { id: organizer.id, username: organizer.username },
          memberIds,
        });
      }
      return { success: true };
    },

    /**
     * Closes the events `organizerId` organizes that have not ended, as an operator suspends them
     *: while the organizer is suspended the access rule hides the events and refuses
     * registrations; here each event's registered members are told (`event.closed`). The
     * registrations stay, so an event returns as it was when the suspension ends.
     * @returns how many events were closed.
     */
    async closeAllOf(organizerId: number): Promise<number> {
      const rows = await repo.notEndedOrganizedBy(db, organizerId, nowIso());
      for (const row of rows) {
        const memberIds = await registrationsRepo.registrantIds(db, row.id);
        events.emit('event.closed', { eventId: row.id, title: row.title, organizerId, memberIds });
      }
      return rows.length;
    },

    /**
     * `GET /events/{id}/calendar.ics` (public): the event as iCalendar: DTSTART and
     * DTEND its start and end, SUMMARY sport and title, LOCATION the place (GEO when it has a
     * point: an event's place is public), URL its place in the events list, and a VALARM 24
     * hours before the start (when GameOn's own reminder comes).
     * @throws AppError 404 unknown, or hidden from a member by a block.
     */
    async calendar(viewerId: number | null, eventId: number): Promise<string> {
      await access.requireEvent(viewerId, eventId);
      const row = await repo.findEvent(db, eventId);
      if (!row) throw notFound('Event not found');
      return calendarText(publicUrl, { name: 'GameOn events', product: 'events' }, [
        {
          key: `event-${row.id}`,
          stamp: new Date(row.created_at),
          start: new Date(row.event_date),
          end: new Date(row.end_date),
          summary: `${row.sport}: ${row.title}`,
          description: row.description,
          location: row.location_name,
          point: pointOf(row),
          url: `${publicUrl}/events?event=${row.id}`,
          alarmBeforeSeconds: EVENT_ALARM_SECONDS,
        },
      ]);
    },

    /**
     * `POST /events/{id}/report`: files a report about an event for the operators,
     * with its title, description, sport, place and start as they read now.
     * @throws AppError 404 unknown or hidden by a block, 400 one's own event.
     */
    async report(
      viewerId: number,
      eventId: number,
      reason: string,
    ): Promise<{ success: true; message: string }> {
      await limiter.write('report', viewerId);
      const organizerId = await access.requireEvent(viewerId, eventId);
      if (organizerId === viewerId) throw badRequest('You cannot report your own event');
      const row = await repo.findEvent(db, eventId);
      if (!row) throw notFound('Event not found');
      return reports.fileReport({
        reporterId: viewerId,
        targetType: 'event',
        targetId: eventId,
        memberId: organizerId,
        reason,
        snapshot: {
          type: 'event',
          title: row.title,
          description: row.description,
          sport: row.sport,
          location_name: row.location_name,
          event_date: row.event_date,
        },
      });
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
