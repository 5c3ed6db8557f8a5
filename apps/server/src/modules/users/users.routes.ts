/** `/api/users/*` routes (spec part 1 §7, spec part 2 §7; CONTRACT.md block, unblock, report). */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  blockedUsersResponseSchema,
  followListQuerySchema,
  followListResponseSchema,
  followResponseSchema,
  idParamsSchema,
  reportBodySchema,
  successSchema,
  userProfileSchema,
  userSearchQuerySchema,
  userSearchResponseSchema,
} from '@gameon/shared';
import { principalOf, setNextCursor, type App } from '../../lib/http.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(
  app: App,
  users: UsersService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/users/search',
    {
      preHandler: requireAuth,
      schema: { querystring: userSearchQuerySchema, response: { 200: userSearchResponseSchema } },
    },
    async (request, reply) => {
      const page = await users.search(principalOf(request).userId, request.query);
      setNextCursor(reply, page.nextCursor);
      return page.users;
    },
  );
  app.get(
    '/api/users/blocked',
    { preHandler: requireAuth, schema: { response: { 200: blockedUsersResponseSchema } } },
    (request) => users.blocked(principalOf(request).userId),
  );
  app.get(
    '/api/users/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: userProfileSchema } },
    },
    (request) => users.profile(principalOf(request).userId, request.params.id),
  );
  for (const direction of ['followers', 'following'] as const)
    app.get(
      `/api/users/:id/${direction}`,
      {
        preHandler: requireAuth,
        schema: {
          params: idParamsSchema,
          querystring: followListQuerySchema,
          response: { 200: followListResponseSchema },
        },
      },
      async (request, reply) => {
        const page = await users.follows(
          principalOf(request).userId,
          request.params.id,
          direction,
          request.query,
        );
        setNextCursor(reply, page.nextCursor);
        return page.users;
      },
    );
  app.post(
    '/api/users/:id/follow',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: followResponseSchema } },
    },
    (request) => users.follow(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/users/:id/unfollow',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: followResponseSchema } },
    },
    (request) => users.unfollow(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/users/:id/block',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => users.block(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/users/:id/unblock',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => users.unblock(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/users/:id/report',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: reportBodySchema, response: { 200: successSchema } },
    },
    (request) => users.report(principalOf(request).userId, request.params.id, request.body.reason),
  );
}
