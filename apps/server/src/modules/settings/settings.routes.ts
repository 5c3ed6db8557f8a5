/** `/api/settings/*` routes (spec part 2 §7). The password change is the auth service's. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { changePasswordBodySchema } from '@gameon/shared';
import { principalOf, type App } from '../../lib/http.js';
import type { AuthService } from '../auth/auth.service.js';

export function settingsRoutes(
  app: App,
  auth: AuthService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.post(
    '/api/settings/change-password',
    { preHandler: requireAuth, schema: { body: changePasswordBodySchema } },
    (request) =>
      auth.changePassword(
        principalOf(request),
        request.body.currentPassword,
        request.body.newPassword,
      ),
  );
}
