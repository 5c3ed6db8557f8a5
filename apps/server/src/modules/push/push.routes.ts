/** `/api/push/*`: the VAPID public key and the caller's device subscriptions. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  successSchema,
  vapidPublicKeySchema,
} from '@gameon/shared';
import { principalOf, type App } from '../../lib/http.js';
import type { PushService } from './push.service.js';

export function pushRoutes(app: App, push: PushService, requireAuth: preHandlerAsyncHookHandler) {
  app.get(
    '/api/push/vapid-public-key',
    { preHandler: requireAuth, schema: { response: { 200: vapidPublicKeySchema } } },
    () => push.publicKey(),
  );
  app.post(
    '/api/push/subscriptions',
    {
      preHandler: requireAuth,
      schema: { body: pushSubscriptionBodySchema, response: { 201: successSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return push.subscribe(principalOf(request), request.body);
    },
  );
  app.delete(
    '/api/push/subscriptions',
    {
      preHandler: requireAuth,
      schema: { body: pushUnsubscribeBodySchema, response: { 200: successSchema } },
    },
    (request) => push.unsubscribe(principalOf(request).userId, request.body.endpoint),
  );
}
