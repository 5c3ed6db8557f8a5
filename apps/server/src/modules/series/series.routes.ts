/**
 * `/api/series/*` routes and `GET /api/posts/{id}/series` (docs/ARCHITECTURE.md "Series"):
 * a host makes a game repeat, skips a date, edits the series from a date on, ends it and
 * changes its regulars; a regular claims their place or passes; the series' calendar. Every
 * route needs a member.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  addRegularBodySchema,
  calendarResponseSchema,
  claimBodySchema,
  createSeriesBodySchema,
  editSeriesBodySchema,
  idParamsSchema,
  interestResponseSchema,
  postSeriesResponseSchema,
  seriesRegularParamsSchema,
  seriesSchema,
  skipSeriesBodySchema,
} from '@gameon/shared';
import { CALENDAR_CONTENT_TYPE } from '../../lib/calendar.js';
import { principalOf, type App } from '../../lib/http.js';
import type { SeriesService } from './series.service.js';

/** A regular's answer: what became of the offer, and their place when they claimed it. */
const claimResponseSchema = z.object({
  status: z.enum(['claimed', 'passed']),
  interest: interestResponseSchema.optional(),
});

export function seriesRoutes(
  app: App,
  series: SeriesService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;
  app.post(
    '/api/series',
    {
      preHandler: requireAuth,
      schema: { body: createSeriesBodySchema, response: { 201: seriesSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await series.create(userOf(request), request.body)),
  );
  app.get(
    '/api/posts/:id/series',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: postSeriesResponseSchema } },
    },
    (request) => series.ofPost(userOf(request), request.params.id),
  );
  app.post(
    '/api/series/claims/:id',
    {
      preHandler: requireAuth,
      schema: {
        params: idParamsSchema,
        body: claimBodySchema,
        response: { 200: claimResponseSchema },
      },
    },
    (request) => series.answer(userOf(request), request.params.id, request.body.answer),
  );
  app.post(
    '/api/series/:id/skip',
    {
      preHandler: requireAuth,
      schema: {
        params: idParamsSchema,
        body: skipSeriesBodySchema,
        response: { 200: seriesSchema },
      },
    },
    (request) => series.skip(userOf(request), request.params.id, request.body.slot),
  );
  app.patch(
    '/api/series/:id',
    {
      preHandler: requireAuth,
      schema: {
        params: idParamsSchema,
        body: editSeriesBodySchema,
        response: { 200: seriesSchema },
      },
    },
    (request) => series.edit(userOf(request), request.params.id, request.body),
  );
  app.post(
    '/api/series/:id/end',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: seriesSchema } },
    },
    (request) => series.end(userOf(request), request.params.id),
  );
  app.post(
    '/api/series/:id/regulars',
    {
      preHandler: requireAuth,
      schema: {
        params: idParamsSchema,
        body: addRegularBodySchema,
        response: { 200: seriesSchema },
      },
    },
    (request) =>
      series.setRegular(userOf(request), request.params.id, request.body.userId, 'added'),
  );
  app.delete(
    '/api/series/:id/regulars/:userId',
    {
      preHandler: requireAuth,
      schema: { params: seriesRegularParamsSchema, response: { 200: seriesSchema } },
    },
    (request) =>
      series.setRegular(userOf(request), request.params.id, request.params.userId, 'removed'),
  );
  app.get(
    '/api/series/:id/calendar.ics',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: calendarResponseSchema } },
    },
    async (request, reply) => {
      const ics = await series.calendar(userOf(request), request.params.id);
      return reply
        .type(CALENDAR_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="series-${request.params.id}.ics"`)
        .send(ics);
    },
  );
}
