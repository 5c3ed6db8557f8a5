/** `/api/settings/*` routes (spec part 2 §7; CONTRACT.md availability). */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  availabilityBodySchema,
  availabilityResponseSchema,
  changePasswordBodySchema,
  idParamsSchema,
  messageResponseSchema,
  publicSettingsSchema,
  settingsSchema,
  skillsBodySchema,
  skillsResponseSchema,
  updateSettingsBodySchema,
} from '@gameon/shared';
import { principalOf, type App } from '../../lib/http.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SettingsService } from './settings.service.js';

export function settingsRoutes(
  app: App,
  settings: SettingsService,
  auth: AuthService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/settings',
    { preHandler: requireAuth, schema: { response: { 200: settingsSchema } } },
    (request) => settings.get(principalOf(request).userId),
  );
  app.put(
    '/api/settings',
    {
      preHandler: requireAuth,
      schema: { body: updateSettingsBodySchema, response: { 200: settingsSchema } },
    },
    (request) => settings.update(principalOf(request).userId, request.body),
  );
  app.get(
    '/api/settings/public/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: publicSettingsSchema } },
    },
    (request) => settings.publicSettings(principalOf(request).userId, request.params.id),
  );
  app.get(
    '/api/settings/skills',
    { preHandler: requireAuth, schema: { response: { 200: skillsResponseSchema } } },
    (request) => settings.skills(principalOf(request).userId),
  );
  app.put(
    '/api/settings/skills',
    {
      preHandler: requireAuth,
      schema: { body: skillsBodySchema, response: { 200: skillsResponseSchema } },
    },
    (request) => settings.saveSkills(principalOf(request).userId, request.body.skills),
  );
  app.get(
    '/api/settings/availability',
    { preHandler: requireAuth, schema: { response: { 200: availabilityResponseSchema } } },
    (request) => settings.availability(principalOf(request).userId),
  );
  app.put(
    '/api/settings/availability',
    {
      preHandler: requireAuth,
      schema: { body: availabilityBodySchema, response: { 200: availabilityResponseSchema } },
    },
    (request) => settings.saveAvailability(principalOf(request).userId, request.body),
  );
  // The password belongs to the auth service (it revokes the other sessions).
  app.post(
    '/api/settings/change-password',
    {
      preHandler: requireAuth,
      schema: { body: changePasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    (request) =>
      auth.changePassword(
        principalOf(request),
        request.body.currentPassword,
        request.body.newPassword,
      ),
  );
}
