/**
 * Trust between players over HTTP: a game's trust panel, check-in, the host's word on players
 * (confirmed or no-show), disputes, ratings of levels and their reports, a host's minimums, and
 * a member's record and levels. Every route needs a member.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  attendanceBodySchema,
  checkInBodySchema,
  gameTrustSchema,
  idParamsSchema,
  minimumsSchema,
  playerParamsSchema,
  ratingBodySchema,
  reportBodySchema,
  successSchema,
  userTrustSchema,
} from '@gameon/shared';
import { principalOf, type App } from '../../lib/http.js';
import type { TrustService } from './trust.service.js';

export function trustRoutes(
  app: App,
  trust: TrustService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/posts/:id/trust',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: gameTrustSchema } },
    },
    (request) => trust.gameTrust(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/posts/:id/check-in',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: checkInBodySchema, response: { 200: successSchema } },
    },
    (request) => trust.checkIn(principalOf(request).userId, request.params.id, request.body),
  );
  app.put(
    '/api/posts/:id/players/:userId/attendance',
    {
      preHandler: requireAuth,
      schema: {
        params: playerParamsSchema,
        body: attendanceBodySchema,
        response: { 200: successSchema },
      },
    },
    (request) =>
      trust.setAttendance(
        principalOf(request).userId,
        request.params.id,
        request.params.userId,
        request.body.status,
      ),
  );
  app.post(
    '/api/posts/:id/no-show/dispute',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => trust.dispute(principalOf(request).userId, request.params.id),
  );
  app.put(
    '/api/posts/:id/ratings/:userId',
    {
      preHandler: requireAuth,
      schema: {
        params: playerParamsSchema,
        body: ratingBodySchema,
        response: { 200: successSchema },
      },
    },
    (request) =>
      trust.rate(
        principalOf(request).userId,
        request.params.id,
        request.params.userId,
        request.body.level,
      ),
  );
  app.post(
    '/api/ratings/:id/report',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: reportBodySchema, response: { 200: successSchema } },
    },
    (request) =>
      trust.reportRating(principalOf(request).userId, request.params.id, request.body.reason),
  );
  app.put(
    '/api/posts/:id/minimums',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: minimumsSchema, response: { 200: minimumsSchema } },
    },
    (request) => trust.setMinimums(principalOf(request).userId, request.params.id, request.body),
  );
  app.get(
    '/api/users/:id/trust',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: userTrustSchema } },
    },
    (request) => trust.userTrust(principalOf(request).userId, request.params.id),
  );
}
