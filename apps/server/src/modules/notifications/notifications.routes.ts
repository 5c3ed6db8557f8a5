/** `/api/notifications/*` (spec part 1 §7, spec part 2 §7). */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  markNotificationsReadBodySchema,
  notificationCountSchema,
  notificationSettingsSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  successSchema,
  updateNotificationSettingBodySchema,
} from '@gameon/shared';
import { principalOf, setNextCursor, type App } from '../../lib/http.js';
import type { NotificationsService } from './notifications.service.js';
import type { PreferencesService } from './preferences.service.js';

export function notificationsRoutes(
  app: App,
  notifications: NotificationsService,
  preferences: PreferencesService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/notifications',
    {
      preHandler: requireAuth,
      schema: {
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await notifications.list(
        principalOf(request).userId,
        request.query.limit,
        request.query.cursor,
      );
      setNextCursor(reply, page.nextCursor);
      return page.notifications;
    },
  );
  app.get(
    '/api/notifications/unread-count',
    { preHandler: requireAuth, schema: { response: { 200: notificationCountSchema } } },
    (request) => notifications.unreadCount(principalOf(request).userId),
  );
  app.post(
    '/api/notifications/mark-read',
    {
      preHandler: requireAuth,
      schema: { body: markNotificationsReadBodySchema, response: { 200: successSchema } },
    },
    (request) => notifications.markRead(principalOf(request).userId, request.body.notificationIds),
  );
  app.post(
    '/api/notifications/mark-all-read',
    { preHandler: requireAuth, schema: { response: { 200: successSchema } } },
    (request) => notifications.markAllRead(principalOf(request).userId),
  );
  // Notification settings: every type's switch per channel (in the app, push, digest).
  app.get(
    '/api/notifications/settings',
    { preHandler: requireAuth, schema: { response: { 200: notificationSettingsSchema } } },
    (request) => preferences.get(principalOf(request).userId),
  );
  app.patch(
    '/api/notifications/settings',
    {
      preHandler: requireAuth,
      schema: {
        body: updateNotificationSettingBodySchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    (request) =>
      preferences.set(
        principalOf(request).userId,
        request.body.type,
        request.body.channel,
        request.body.enabled,
      ),
  );
}
