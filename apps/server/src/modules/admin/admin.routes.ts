/** `/api/admin/*` routes: operators read reports and suspend members. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  adminReportsQuerySchema,
  adminReportsResponseSchema,
  idParamsSchema,
  successSchema,
} from '@gameon/shared';
import { principalOf, setNextCursor, type App } from '../../lib/http.js';
import type { AdminService } from './admin.service.js';

export function adminRoutes(
  app: App,
  admin: AdminService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/admin/reports',
    {
      preHandler: requireAuth,
      schema: {
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportsResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await admin.listReports(principalOf(request).userId, request.query);
      setNextCursor(reply, page.nextCursor);
      return page.reports;
    },
  );
  app.post(
    '/api/admin/reports/:id/dismiss',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => admin.dismiss(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/admin/users/:id/suspend',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => admin.suspend(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/api/admin/users/:id/unsuspend',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => admin.unsuspend(principalOf(request).userId, request.params.id),
  );
}
