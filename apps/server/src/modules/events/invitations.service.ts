/**
 * Event invitations: an organizer invites members to their event (followers offered first,
 * then people search, in the web app), at most the `eventInvitation` write limit a day. The
 * invitee's `event_invitations` setting decides what happens:
 *
 * - `manual`: a pending invitation and an `event_invitation` notification with Accept (then
 *   the registration form) and Decline;
 * - `auto_accept`: accepted as interest at once, the member told, the event pinned as "Invited"
 *   in their events list; registering still takes the form (a phone and a team);
 * - `block`: nothing is stored and nobody is told.
 *
 * The organizer gets the same answer in all three cases, so the setting is never revealed. An
 * invitation to an event that is full, past its registration deadline or between members
 * blocked either way is refused; one that becomes so later (or whose organizer is suspended) is
 * no longer open: it leaves the member's list and Accept refuses it. A cancelled event takes
 * its invitations with it, as account deletion takes the invitee's.
 */
import type { Kysely } from 'kysely';
import type { EventInvitation, InvitationSent } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { nowIso } from '../../lib/time.js';
import type { AccessService } from '../access/index.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { MemberLookup } from '../users/members.service.js';
import type { EventsService } from './events.service.js';
import * as eventsRepo from './events.repository.js';
import * as repo from './invitations.repository.js';
import * as registrationsRepo from './registrations.repository.js';

export interface InvitationsDeps {
  db: Kysely<DB>;
  events: DomainEventBus;
  access: Pick<AccessService, 'requireMayInvite' | 'requireEvent'>;
  /** The invitee's `event_invitations` setting. */
  settings: Pick<SettingsService, 'eventInvitationsOf'>;
  /** The users module's member lookup (the organizer's username for the notification). */
  users: MemberLookup;
  /** Presents the invited events. */
  sportsEvents: Pick<EventsService, 'presentRows'>;
  /** Per-member write limits: invitations sent, and answers to them. */
  limiter: Pick<RateLimiter, 'write'>;
}

/** The one answer to the organizer, whatever the invitee's setting. */
const SENT: InvitationSent = { success: true, message: 'Invitation sent' };

/** @throws AppError 409 `invitation_closed`: the invitation is not open any more. */
function closed(): AppError {
  return new AppError('invitation_closed', 409, 'This invitation is no longer open');
}

export function createInvitationsService({
  db,
  events,
  access,
  settings,
  users,
  sportsEvents,
  limiter,
}: InvitationsDeps) {
  return {
    /**
     * `POST /events/{id}/invitations`: the organizer invites member `inviteeId` (each invitation
     * counts against the organizer's daily limit). Inviting again changes nothing and answers
     * the same.
     * @returns {@link SENT}, identical for every `event_invitations` value.
     * @throws AppError 404 unknown or hidden event, 403 `not_organizer`, 400 oneself, 404 'User
     *   not found' (unknown, suspended, or a block either way), 409 `registration_closed`
     *   (an ended event's deadline has passed too), `event_full` or `already_registered`, 429 past the daily limit.
     */
    async invite(organizerId: number, eventId: number, inviteeId: number) {
      await limiter.write('eventInvitation', organizerId);
      await access.requireMayInvite(organizerId, eventId, inviteeId);
      const event = await eventsRepo.findEvent(db, eventId);
      if (!event) throw notFound('Event not found');
      const now = nowIso();
      if (event.registration_deadline <= now)
        throw new AppError('registration_closed', 409, 'Registration for this event has closed');
      if ((await registrationsRepo.countForEvent(db, eventId)) >= event.max_participants)
        throw new AppError('event_full', 409, 'This event is full');
      if (await registrationsRepo.isRegistered(db, eventId, inviteeId))
        throw new AppError(
          'already_registered',
          409,
          'This member is already registered for this event',
        );
      const setting = await settings.eventInvitationsOf(inviteeId);
      if (setting === 'block') return SENT;
      const autoAccepted = setting === 'auto_accept';
      const invitationId = await repo.insertInvitation(
        db,
        { event_id: eventId, invitee_id: inviteeId, status: autoAccepted ? 'accepted' : 'pending' },
        now,
      );
      const [organizer] = await users.members([organizerId]);
      if (invitationId !== undefined && organizer) {
        events.emit('event.invited', {
          invitationId,
          eventId,
          title: event.title,
          organizer: { id: organizer.id, username: organizer.username },
          inviteeId,
          autoAccepted,
        });
      }
      return SENT;
    },

    /**
     * `GET /event-invitations`: the caller's open invitations (invitations.repository's rule),
     * newest first, each with its event as the caller sees it.
     */
    async listMine(userId: number): Promise<EventInvitation[]> {
      const rows = await repo.listOpen(db, userId, nowIso());
      const presented = await sportsEvents.presentRows(rows, userId);
      return rows.map((row, i) => ({
        id: row.invitation_id,
        status: row.status === 'accepted' ? 'accepted' : 'pending',
        created_at: row.invited_at,
        event: presented[i]!,
      }));
    },

    /**
     * `POST /event-invitations/{id}/accept`: the invitee accepts an open invitation: it is
     * interest (the event pinned as "Invited"); registering takes the event's form.
     * @returns the event's id, for the form.
     * @throws AppError 404 unknown or someone else's invitation, or its event hidden (a block
     *   either way, a suspended organizer, cancelled), 409 `invitation_closed` when it is no
     *   longer open (declined, full, past the deadline, already registered), 429 past the limit.
     */
    async accept(userId: number, invitationId: number) {
      await limiter.write('invitationReply', userId);
      const own = await repo.findOwn(db, userId, invitationId);
      if (!own) throw notFound('Invitation not found');
      await access.requireEvent(userId, own.event_id);
      const now = nowIso();
      const open = await repo.findOpen(db, userId, invitationId, now);
      if (!open) throw closed();
      if (open.status !== 'accepted') await repo.answer(db, invitationId, 'accepted', now);
      return { success: true as const, event_id: open.event_id };
    },

    /**
     * `POST /event-invitations/{id}/decline`: the invitee declines; the invitation leaves their
     * list and the organizer is not told.
     * @throws AppError 404 unknown, someone else's, or its event hidden; 429 past the limit.
     */
    async decline(userId: number, invitationId: number): Promise<{ success: true }> {
      await limiter.write('invitationReply', userId);
      const own = await repo.findOwn(db, userId, invitationId);
      if (!own) throw notFound('Invitation not found');
      await access.requireEvent(userId, own.event_id);
      if (own.status !== 'declined') await repo.answer(db, invitationId, 'declined', nowIso());
      return { success: true };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
