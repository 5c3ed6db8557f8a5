/**
 * What one server process tells the others through the Socket.IO adapter (Redis), beside the
 * broadcasts to rooms (ARCHITECTURE.md scale-out): the sessions it revoked, so that every
 * process forgets them at once (each keeps the sessions it resolved lately, see
 * modules/auth/session-cache.ts), as their sockets are disconnected on every process.
 * Only with an adapter that spans processes: the in-memory one has no peers to tell.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DomainEventBus } from '../lib/events.js';
import type { RealtimeServer } from './rooms.js';

const revokedSessionsSchema = z.array(z.number().int().positive()).max(100_000);

/**
 * Sends this process's `session.revoked` events to the other processes, and hands theirs to
 * `forget`; a malformed message from a peer is logged and dropped.
 */
export function shareRevokedSessions(
  io: RealtimeServer,
  events: DomainEventBus,
  forget: (sessionIds: readonly number[]) => void,
  log: FastifyBaseLogger,
): void {
  events.on('session.revoked', ({ sessionIds }) => {
    io.serverSideEmit('sessionsRevoked', sessionIds);
  });
  io.on('sessionsRevoked', (sessionIds: unknown) => {
    const parsed = revokedSessionsSchema.safeParse(sessionIds);
    if (parsed.success) forget(parsed.data);
    else log.warn({ issues: parsed.error.issues.length }, 'malformed sessionsRevoked from a peer');
  });
}
