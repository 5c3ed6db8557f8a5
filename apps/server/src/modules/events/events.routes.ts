/**
 * `/api/events/*` and `/api/event-registrations/*` routes (spec part 2 §7; CONTRACT.md events
 * calls). The list, an event and its calendar are public (`optionalAuth`: signed out
 * is fine, a bad token is 401); everything else needs a member.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  calendarResponseSchema,
  eventBodySchema,
  eventRegistrationBodySchema,
  eventRegistrationResponseSchema,
  eventRegistrationsResponseSchema,
  eventSchema,
  eventsQuerySchema,
  eventsResponseSchema,
  idParamsSchema,
  reportBodySchema,
  successSchema,
} from '@gameon/shared';
import { CALENDAR_CONTENT_TYPE } from '../../lib/calendar.js';
import { principalOf, setNextCursor, viewerOf, type App } from '../../lib/http.js';
import type { EventsService } from './events.service.js';
import type { RegistrationsService } from './registrations.service.js';

export function eventsRoutes(
  app: App,
  { events, registrations }: { events: EventsService; registrations: RegistrationsService },
  { requireAuth, optionalAuth }: Record<'requireAuth' | 'optionalAuth', preHandlerAsyncHookHandler>,
) {
  app.get(
    '/api/events',
    {
      preHandler: optionalAuth,
      schema: { querystring: eventsQuerySchema, response: { 200: eventsResponseSchema } },
    },
    async (request, reply) => {
      const page = await events.list(viewerOf(request), request.query);
      setNextCursor(reply, page.nextCursor);
      return page.events;
    },
  );
  app.post(
    '/api/events',
    { preHandler: requireAuth, schema: { body: eventBodySchema, response: { 201: eventSchema } } },
    async (request, reply) => {
      const event = await events.create(principalOf(request).userId, request.body);
      return reply.status(201).send(event);
    },
  );
  app.get(
    '/api/events/:id',
    {
      preHandler: optionalAuth,
      schema: { params: idParamsSchema, response: { 200: eventSchema } },
    },
    (request) => events.getOne(viewerOf(request), request.params.id),
  );
  app.put(
    '/api/events/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: eventBodySchema, response: { 200: eventSchema } },
    },
    (request) => events.update(principalOf(request).userId, request.params.id, request.body),
  );
  app.delete(
    '/api/events/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => events.cancel(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/events/:id/report',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: reportBodySchema, response: { 200: successSchema } },
    },
    (request) => events.report(principalOf(request).userId, request.params.id, request.body.reason),
  );
  app.get(
    '/api/events/:id/registrations',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: eventRegistrationsResponseSchema } },
    },
    (request) => registrations.listForEvent(principalOf(request).userId, request.params.id),
  );
  app.get(
    '/api/events/:id/calendar.ics',
    {
      preHandler: optionalAuth,
      schema: { params: idParamsSchema, response: { 200: calendarResponseSchema } },
    },
    async (request, reply) => {
      const ics = await events.calendar(viewerOf(request), request.params.id);
      return reply
        .type(CALENDAR_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="event-${request.params.id}.ics"`)
        .send(ics);
    },
  );
  app.post(
    '/api/event-registrations',
    {
      preHandler: requireAuth,
      schema: {
        body: eventRegistrationBodySchema,
        response: { 201: eventRegistrationResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await registrations.register(principalOf(request).userId, request.body);
      return reply.status(201).send(answer);
    },
  );
  app.delete(
    '/api/event-registrations/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => registrations.cancel(principalOf(request).userId, request.params.id),
  );
}
