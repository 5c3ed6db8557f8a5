/** The trust module's public face: its service and routes for the composition root. */
export { createTrustService, type TrustService } from './trust.service.js';
export { trustRoutes } from './trust.routes.js';
