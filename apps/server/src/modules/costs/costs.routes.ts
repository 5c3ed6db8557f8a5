/**
 * The cost split's routes: `/api/posts/{id}/cost*` (the host and the game's joined players) and
 * `/api/settings/upi` (the member's own UPI ID). Every one needs a member.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  costPaymentParamsSchema,
  gameCostBodySchema,
  gameCostSchema,
  idParamsSchema,
  paymentConfirmationBodySchema,
  upiIdBodySchema,
  upiIdResponseSchema,
} from '@gameon/shared';
import { principalOf, type App } from '../../lib/http.js';
import type { CostsService } from './costs.service.js';

export function costsRoutes(
  app: App,
  costs: CostsService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  const game = {
    preHandler: requireAuth,
    schema: { params: idParamsSchema, response: { 200: gameCostSchema } },
  };
  app.get('/api/posts/:id/cost', game, (request) =>
    costs.view(principalOf(request).userId, request.params.id),
  );
  app.put(
    '/api/posts/:id/cost',
    { ...game, schema: { ...game.schema, body: gameCostBodySchema } },
    (request) => costs.setCost(principalOf(request).userId, request.params.id, request.body),
  );
  app.delete('/api/posts/:id/cost', game, (request) =>
    costs.removeCost(principalOf(request).userId, request.params.id),
  );
  app.post('/api/posts/:id/cost/paid', game, (request) =>
    costs.markPaid(principalOf(request).userId, request.params.id),
  );
  app.delete('/api/posts/:id/cost/paid', game, (request) =>
    costs.unmarkPaid(principalOf(request).userId, request.params.id),
  );
  app.put(
    '/api/posts/:id/cost/payments/:userId',
    {
      preHandler: requireAuth,
      schema: {
        params: costPaymentParamsSchema,
        body: paymentConfirmationBodySchema,
        response: { 200: gameCostSchema },
      },
    },
    (request) =>
      costs.confirm(
        principalOf(request).userId,
        request.params.id,
        request.params.userId,
        request.body.confirmed,
      ),
  );

  const own = { preHandler: requireAuth, schema: { response: { 200: upiIdResponseSchema } } };
  app.get('/api/settings/upi', own, (request) => costs.upiId(principalOf(request).userId));
  app.put(
    '/api/settings/upi',
    { ...own, schema: { ...own.schema, body: upiIdBodySchema } },
    (request) => costs.saveUpiId(principalOf(request).userId, request.body.upiId),
  );
  app.delete('/api/settings/upi', own, (request) => costs.deleteUpiId(principalOf(request).userId));
}
