/** `/api/reviews/*` and `/api/users/{id}/reviews` routes (spec part 2 §7; CONTRACT.md). */
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import {
  idParamsSchema,
  pageQuerySchema,
  reportBodySchema,
  reviewBodySchema,
  reviewSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  reviewStatsQuerySchema,
  reviewStatsSchema,
  successSchema,
} from '@gameon/shared';
import { principalOf, setNextCursor, type App } from '../../lib/http.js';
import type { ReviewPage, ReviewsService } from './reviews.service.js';

/** Sends a page's reviews, its next cursor in `X-Next-Cursor`. */
function sendPage(reply: FastifyReply, { reviews, nextCursor }: ReviewPage) {
  setNextCursor(reply, nextCursor);
  return reviews;
}

export function reviewsRoutes(
  app: App,
  reviews: ReviewsService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/reviews',
    {
      preHandler: requireAuth,
      schema: { querystring: reviewsQuerySchema, response: { 200: reviewsResponseSchema } },
    },
    async (request, reply) =>
      sendPage(reply, await reviews.list(principalOf(request).userId, request.query)),
  );
  app.post(
    '/api/reviews',
    {
      preHandler: requireAuth,
      schema: { body: reviewBodySchema, response: { 201: reviewSchema } },
    },
    async (request, reply) => {
      const review = await reviews.create(principalOf(request).userId, request.body);
      return reply.status(201).send(review);
    },
  );
  // Static paths win over `/api/reviews/:id` in Fastify's router, whatever the order here.
  app.get(
    '/api/reviews/my-reviews',
    {
      preHandler: requireAuth,
      schema: { querystring: pageQuerySchema, response: { 200: reviewsResponseSchema } },
    },
    async (request, reply) =>
      sendPage(reply, await reviews.mine(principalOf(request).userId, request.query)),
  );
  app.get(
    '/api/reviews/stats',
    {
      preHandler: requireAuth,
      schema: { querystring: reviewStatsQuerySchema, response: { 200: reviewStatsSchema } },
    },
    (request) => reviews.stats(principalOf(request).userId, request.query),
  );
  app.put(
    '/api/reviews/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: reviewBodySchema, response: { 200: reviewSchema } },
    },
    (request) => reviews.update(principalOf(request).userId, request.params.id, request.body),
  );
  app.delete(
    '/api/reviews/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => reviews.remove(principalOf(request).userId, request.params.id),
  );
  app.get(
    '/api/users/:id/reviews',
    {
      preHandler: requireAuth,
      schema: {
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: reviewsResponseSchema },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await reviews.listByAuthor(principalOf(request).userId, request.params.id, request.query),
      ),
  );
  app.post(
    '/api/reviews/:id/report',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: reportBodySchema, response: { 200: successSchema } },
    },
    (request) =>
      reviews.report(principalOf(request).userId, request.params.id, request.body.reason),
  );
}
