/**
 * `/api/events/{id}/invitations` (the organizer invites) and `/api/event-invitations/*` (the
 * invitee's list and answers). Every route needs a member.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  eventInvitationsResponseSchema,
  idParamsSchema,
  invitationAcceptedSchema,
  invitationBodySchema,
  invitationSentSchema,
  successSchema,
} from '@gameon/shared';
import { principalOf, type App } from '../../lib/http.js';
import type { InvitationsService } from './invitations.service.js';

export function invitationsRoutes(
  app: App,
  invitations: InvitationsService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.post(
    '/api/events/:id/invitations',
    {
      preHandler: requireAuth,
      schema: {
        params: idParamsSchema,
        body: invitationBodySchema,
        response: { 200: invitationSentSchema },
      },
    },
    (request) =>
      invitations.invite(principalOf(request).userId, request.params.id, request.body.user_id),
  );
  app.get(
    '/api/event-invitations',
    { preHandler: requireAuth, schema: { response: { 200: eventInvitationsResponseSchema } } },
    (request) => invitations.listMine(principalOf(request).userId),
  );
  app.post(
    '/api/event-invitations/:id/accept',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: invitationAcceptedSchema } },
    },
    (request) => invitations.accept(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/event-invitations/:id/decline',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => invitations.decline(principalOf(request).userId, request.params.id),
  );
}
