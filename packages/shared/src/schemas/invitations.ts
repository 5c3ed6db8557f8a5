/**
 * Event invitations: an organizer invites a member to their event; the member's
 * `event_invitations` setting (`auto_accept`, `manual`, `block`) decides what reaches them.
 */
import { z } from 'zod';
import { idSchema } from './common.js';
import { eventSchema } from './events.js';

/** `POST /events/{id}/invitations` body: the member invited (a member id; checked on the server). */
export const invitationBodySchema = z.object({
  user_id: idSchema,
});
export type InvitationBody = z.input<typeof invitationBodySchema>;

/**
 * The organizer's answer to an invitation, whatever the invitee's setting: `block` answers
 * exactly as `manual` and `auto_accept` do, so the setting is never revealed.
 */
export const invitationSentSchema = z.object({
  success: z.literal(true),
  message: z.literal('Invitation sent'),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/**
 * Where an invitation stands: `pending` waits for Accept or Decline; `accepted` is interest (the
 * event pinned as "Invited" in the member's events list until they register).
 */
export const INVITATION_STATUSES = ['pending', 'accepted'] as const;

/**
 * One of the signed-in member's open invitations (`GET /event-invitations`): only invitations
 * still open are listed — the event is visible (no block either way, its organizer not
 * suspended), not full, its registration deadline not passed, the member not registered.
 */
export const eventInvitationSchema = z.object({
  id: z.number(),
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
  event: eventSchema,
});
export type EventInvitation = z.infer<typeof eventInvitationSchema>;

/** `GET /event-invitations`: the member's open invitations, newest first, a JSON array. */
export const eventInvitationsResponseSchema = z.array(eventInvitationSchema);

/** `POST /event-invitations/{id}/accept`: accepted; register at the event's form next. */
export const invitationAcceptedSchema = z.object({
  success: z.literal(true),
  event_id: z.number(),
});
