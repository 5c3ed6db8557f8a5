/** The web push module: what the service graph and the HTTP app use of it. */
export { createPushService, sessionsWithPush, type PushService } from './push.service.js';
export { pushRoutes } from './push.routes.js';
