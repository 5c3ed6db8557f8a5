/**
 * The access module's public face: the service other modules start their methods with, the
 * pure privacy rules, and the one SQL block condition that repositories compose into list
 * queries (imported from here so the rule has one definition: `access.repository.ts`).
 */
export { createAccessService, type AccessService, type ProfileAccess } from './access.service.js';
export { notBlockedWith, notSuspended } from './access.repository.js';
export {
  DEFAULT_PRIVACY,
  isOperator,
  pointShownTo,
  type PrivacySettings,
  type Relationship,
} from './rules.js';
