/**
 * Event registration (spec part 2 §2 Event registration, §3 Event registration form,
 * §5, §7; CONTRACT.md): a member registers one team for an event while it has places and its
 * registration deadline has not passed, and may cancel it. The organizer alone reads the
 * registrations, with their names and phones; no other answer carries them.
 */
import type { Kysely } from 'kysely';
import type {
  EventRegistration,
  EventRegistrationResponse,
  eventRegistrationBodySchema,
} from '@gameon/shared';
import type { z } from 'zod';
import type { DB, EventRegistrationRow } from '../../db/types.js';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { AccessService } from '../access/index.js';
import type { MemberLookup } from '../users/members.service.js';
import * as eventsRepo from './events.repository.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { DomainEventBus } from '../../lib/events.js';
import * as repo from './registrations.repository.js';

export interface RegistrationsDeps {
  db: Kysely<DB>;
  /** Per-member write limits. */
  limiter: Pick<RateLimiter, 'write'>;
  access: Pick<AccessService, 'requireEvent'>;
  /** The users module's member lookup. */
  users: MemberLookup;
  /** Raises `event.registered` (a registration within a day of the start is reminded at once). */
  events: Pick<DomainEventBus, 'emit'>;
}

function present(row: EventRegistrationRow & { username: string }): EventRegistration {
  return {
    id: row.id,
    event_id: row.event_id,
    user: { id: row.user_id, username: row.username },
    name: row.name,
    email: row.email,
    phone: row.phone,
    country_code: row.country_code,
    team_name: row.team_name,
    created_at: row.created_at,
  };
}

export function createRegistrationsService({
  db,
  limiter,
  access,
  users,
  events,
}: RegistrationsDeps) {
  return {
    /**
     * `POST /event-registrations`: registers the caller's team. Under the event's lock (one
     * transaction on either dialect) the checks and the insert cannot be raced, so parallel
     * registrations never overfill an event. The stored e-mail is the account's; the body's
     * `email` and `event_title` are ignored.
     * @returns `{success: true, registration}`, the caller's own registration.
     * @throws AppError 404 unknown event (or hidden by a block), 403 `own_event`, 409
     *   `already_registered`, `registration_closed` (deadline passed) or `event_full`;
     *   429 past the member's registration limit.
     */
    async register(
      userId: number,
      input: z.output<typeof eventRegistrationBodySchema>,
    ): Promise<EventRegistrationResponse> {
      await limiter.write('eventRegistration', userId);
      await access.requireEvent(userId, input.event_id);
      const [member] = await users.members([userId]);
      if (!member) throw unauthorized();
      const id = await db.transaction().execute(async (trx) => {
        const event = await eventsRepo.lockEvent(trx, input.event_id);
        if (!event) throw notFound('Event not found');
        if (event.organizer_id === userId)
          throw forbidden('own_event', 'You cannot register for your own event');
        if (await repo.isRegistered(trx, event.id, userId))
          throw new AppError(
            'already_registered',
            409,
            'You are already registered for this event',
          );
        const now = nowIso();
        if (event.registration_deadline <= now)
          throw new AppError('registration_closed', 409, 'Registration for this event has closed');
        if ((await repo.countForEvent(trx, event.id)) >= event.max_participants)
          throw new AppError('event_full', 409, 'This event is full');
        return repo.insertRegistration(trx, {
          event_id: event.id,
          user_id: userId,
          name: input.name,
          email: member.email,
          phone: input.phone,
          country_code: input.country_code,
          team_name: input.team_name,
          created_at: now,
        });
      });
      const row = await repo.findRegistration(db, id);
      if (!row) throw notFound('Registration not found');
      events.emit('event.registered', { eventId: row.event_id, userId });
      return { success: true, registration: present(row) };
    },

    /**
     * `DELETE /event-registrations/{id}`: the registrant cancels their own registration, which
     * frees its place.
     * @throws AppError 404 unknown, or someone else's; 429 past the member's limit
     *   (registrations and cancellations together).
     */
    async cancel(userId: number, registrationId: number): Promise<{ success: true }> {
      await limiter.write('eventRegistration', userId);
      if (!(await repo.deleteRegistration(db, registrationId, userId)))
        throw notFound('Registration not found');
      return { success: true };
    },

    /**
     * Frees every place `userId` holds in events that have not ended, as when they cancel each
     * registration: an operator suspended the member, who is then absent from others'
     * registration lists. The places do not come back when the suspension ends.
     * @returns how many registrations were cancelled.
     */
    withdrawAll(userId: number): Promise<number> {
      return repo.deleteUpcomingOf(db, userId, nowIso());
    },

    /**
     * `GET /events/{id}/registrations`: the organizer's list of registrations, first registered
     * first, with names, phones, country codes, teams and e-mails.
     * @throws AppError 404 unknown or hidden, 403 `not_organizer` for any other member.
     */
    async listForEvent(userId: number, eventId: number): Promise<EventRegistration[]> {
      if ((await access.requireEvent(userId, eventId)) !== userId) {
        throw forbidden(
          'not_organizer',
          'Only the organizer can see the registrations of this event',
        );
      }
      return (await repo.listForEvent(db, eventId)).map(present);
    },
  };
}

export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
