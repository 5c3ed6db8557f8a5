/**
 * The access module's public face: the service other modules start their methods with, the
 * pure privacy rules, and the SQL forms of the block and suspension rules that repositories
 * compose into list queries (imported from here so the rule has one definition: `access.repository.ts`).
 */
export { createAccessService, type AccessService, type ProfileAccess } from './access.service.js';
export {
  blockedEitherWay,
  notBlockedWith,
  notSuspended,
  presentTo,
  suspendedMembers,
} from './access.repository.js';
export {
  DEFAULT_PRIVACY,
  isOperator,
  paymentsShown,
  pointShownTo,
  type PrivacySettings,
  type Relationship,
} from './rules.js';
