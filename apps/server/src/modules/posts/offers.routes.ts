/**
 * `/api/posts/:id/offer/*`: a waitlisted member answers the place offered to them
 * (offers.service.ts). Both need a member; the game is the path's id, never a body's.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { idParamsSchema, offerReplyResponseSchema } from '@gameon/shared';
import { principalOf, type App } from '../../lib/http.js';
import type { OffersService } from './offers.service.js';

export function offersRoutes(
  app: App,
  offers: OffersService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.post(
    '/api/posts/:id/offer/accept',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: offerReplyResponseSchema } },
    },
    (request) => offers.accept(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/posts/:id/offer/decline',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: offerReplyResponseSchema } },
    },
    (request) => offers.decline(principalOf(request).userId, request.params.id),
  );
}
