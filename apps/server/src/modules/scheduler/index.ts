/**
 * The scheduler module's public face: the scheduler (created once per process in services.ts)
 * and the engine's claim it is given at start-up.
 */
export {
  createScheduler,
  type DueJob,
  type JobHandler,
  type JobInput,
  type RunCounts,
  type Scheduler,
} from './scheduler.service.js';
export { jobClaims } from './scheduler.repository.js';
