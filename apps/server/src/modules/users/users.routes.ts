/** `/api/users/*` routes (spec part 1 §7, spec part 2 §7; CONTRACT.md block, unblock, report). */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { idParamsSchema, reportBodySchema, userSearchQuerySchema } from '@gameon/shared';
import { principalOf, setNextCursor, type App } from '../../lib/http.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(
  app: App,
  users: UsersService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/users/search',
    { preHandler: requireAuth, schema: { querystring: userSearchQuerySchema } },
    async (request, reply) => {
      const page = await users.search(principalOf(request).userId, request.query);
      setNextCursor(reply, page.nextCursor);
      return page.users;
    },
  );
  app.get('/api/users/blocked', { preHandler: requireAuth }, (request) =>
    users.blocked(principalOf(request).userId),
  );
  app.get(
    '/api/users/:id',
    { preHandler: requireAuth, schema: { params: idParamsSchema } },
    (request) => users.profile(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/users/:id/follow',
    { preHandler: requireAuth, schema: { params: idParamsSchema } },
    (request) => users.follow(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/users/:id/unfollow',
    { preHandler: requireAuth, schema: { params: idParamsSchema } },
    (request) => users.unfollow(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/users/:id/block',
    { preHandler: requireAuth, schema: { params: idParamsSchema } },
    (request) => users.block(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/users/:id/unblock',
    { preHandler: requireAuth, schema: { params: idParamsSchema } },
    (request) => users.unblock(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/users/:id/report',
    { preHandler: requireAuth, schema: { params: idParamsSchema, body: reportBodySchema } },
    (request) => users.report(principalOf(request).userId, request.params.id, request.body.reason),
  );
}
