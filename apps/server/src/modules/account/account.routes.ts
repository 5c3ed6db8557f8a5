/** `DELETE /api/account` {password} (CONTRACT.md). */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { deleteAccountBodySchema, successSchema } from '@gameon/shared';
import { principalOf, type App } from '../../lib/http.js';
import type { AccountService } from './account.service.js';

export function accountRoutes(
  app: App,
  account: AccountService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.delete(
    '/api/account',
    {
      preHandler: requireAuth,
      schema: { body: deleteAccountBodySchema, response: { 200: successSchema } },
    },
    (request) => account.deleteAccount(principalOf(request), request.body.password),
  );
}
