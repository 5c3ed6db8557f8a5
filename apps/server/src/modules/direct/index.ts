/**
 * The direct-messages module's public face for the composition root (services.ts): the service,
 * and its writes (a message with its notification in one transaction) built for the storage
 * engine at start-up.
 */
export { createDirectWrites } from './direct.repository.js';
export { createDirectService, type DirectService } from './direct.service.js';
