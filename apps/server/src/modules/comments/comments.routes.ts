/**
 * `/api/posts/{id}/comments` and `/api/comments/{id}/report` routes: the thread on a game page
 * (public to read where the game is, `optionalAuth`), writing, deleting and reporting comments.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  commentBodySchema,
  commentParamsSchema,
  commentSchema,
  commentsQuerySchema,
  commentThreadSchema,
  idParamsSchema,
  reportBodySchema,
  successSchema,
} from '@gameon/shared';
import { principalOf, setNextCursor, viewerOf, type App } from '../../lib/http.js';
import type { CommentsService } from './comments.service.js';

export function commentsRoutes(
  app: App,
  comments: CommentsService,
  requireAuth: preHandlerAsyncHookHandler,
  optionalAuth: preHandlerAsyncHookHandler,
) {
  // Public as the game page is: signed out, the thread of a game a stranger may see.
  app.get(
    '/api/posts/:id/comments',
    {
      preHandler: optionalAuth,
      schema: {
        params: idParamsSchema,
        querystring: commentsQuerySchema,
        response: { 200: commentThreadSchema },
      },
    },
    async (request, reply) => {
      const { thread, nextCursor } = await comments.list(
        viewerOf(request),
        request.params.id,
        request.query,
      );
      setNextCursor(reply, nextCursor);
      return thread;
    },
  );
  app.post(
    '/api/posts/:id/comments',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: commentBodySchema, response: { 201: commentSchema } },
    },
    async (request, reply) => {
      const comment = await comments.create(
        principalOf(request).userId,
        request.params.id,
        request.body.content,
      );
      return reply.status(201).send(comment);
    },
  );
  app.delete(
    '/api/posts/:id/comments/:commentId',
    {
      preHandler: requireAuth,
      schema: { params: commentParamsSchema, response: { 200: successSchema } },
    },
    (request) =>
      comments.remove(principalOf(request).userId, request.params.id, request.params.commentId),
  );
  app.post(
    '/api/comments/:id/report',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: reportBodySchema, response: { 200: successSchema } },
    },
    (request) =>
      comments.report(principalOf(request).userId, request.params.id, request.body.reason),
  );
}
