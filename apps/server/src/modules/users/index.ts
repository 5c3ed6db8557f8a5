/**
 * The users module's public face for the composition root (services.ts): the users service,
 * the member lookup other modules read members through, and the people search plan chosen for
 * the storage engine at start-up.
 */
export { createMemberLookup, type Member, type MemberLookup } from './members.service.js';
export { peopleSearchPlan } from './users.repository.js';
export { createUsersService, type Presence, type UsersService } from './users.service.js';
