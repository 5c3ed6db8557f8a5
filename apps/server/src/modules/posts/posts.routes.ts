/** `/api/posts/*` routes (spec part 1 §7, spec part 2 §7). */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  createPostBodySchema,
  feedQuerySchema,
  idParamsSchema,
  interestResponseSchema,
  pageQuerySchema,
  postSchema,
  postsResponseSchema,
} from '@gameon/shared';
import { principalOf, setNextCursor, type App } from '../../lib/http.js';
import type { PostsService } from './posts.service.js';

export function postsRoutes(
  app: App,
  posts: PostsService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/posts',
    {
      preHandler: requireAuth,
      schema: { querystring: feedQuerySchema, response: { 200: postsResponseSchema } },
    },
    async (request, reply) => {
      const { posts: page, nextCursor } = await posts.feed(
        principalOf(request).userId,
        request.query,
      );
      setNextCursor(reply, nextCursor);
      return page;
    },
  );
  app.post(
    '/api/posts',
    {
      preHandler: requireAuth,
      schema: { body: createPostBodySchema, response: { 201: postSchema } },
    },
    async (request, reply) => {
      const post = await posts.create(principalOf(request).userId, request.body);
      return reply.status(201).send(post);
    },
  );
  app.get(
    '/api/posts/user/:id',
    {
      preHandler: requireAuth,
      schema: {
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: postsResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await posts.listByAuthor(
        principalOf(request).userId,
        request.params.id,
        request.query,
      );
      setNextCursor(reply, page.nextCursor);
      return page.posts;
    },
  );
  app.post(
    '/api/posts/:id/interest',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: interestResponseSchema } },
    },
    (request) => posts.expressInterest(principalOf(request).userId, request.params.id),
  );
}
