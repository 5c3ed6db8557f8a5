/**
 * Sessions this process resolved lately, by token hash: every authenticated request
 * looks its token up, and on PostgreSQL that lookup is a round trip of its own (a feed on
 * PostgreSQL: 2,400 req/s with it, 3,000 without). A session is kept {@link SESSION_CACHE_MS}
 * at most, and forgotten at once when it is revoked: in this process by the auth service, in
 * the others through the realtime adapter (realtime/peers.ts), as their sockets are disconnected.
 *
 * A lookup that was running while any session was revoked is not kept (its row may be of a
 * session deleted meanwhile): see {@link SessionCache.generation}.
 */

/** How long a resolved session is answered from memory, in milliseconds. */
export const SESSION_CACHE_MS = 5_000;

/** The most sessions kept; the longest kept goes first. */
const MAX_SESSIONS = 10_000;

/** A session as the auth service resolves it (auth.repository findSessionByTokenHash). */
export interface CachedSession {
  id: number;
  user_id: number;
  created_at: string;
  last_seen_at: string;
}

export interface SessionCache {
  /** The session of `tokenHash` resolved less than {@link SESSION_CACHE_MS} ago, if any. */
  get(tokenHash: string): CachedSession | undefined;
  /**
   * Keeps `session` for `tokenHash`, unless a session was revoked since `generation` (read
   * before the lookup began).
   */
  set(tokenHash: string, session: CachedSession, generation: number): void;
  /** Forgets the sessions `sessionIds` (revoked); lookups running now will not be kept. */
  forget(sessionIds: readonly number[]): void;
  /** Moves on with each revocation; read it before a lookup and hand it to {@link set}. */
  readonly generation: number;
}

/** @param now the clock, in milliseconds (tests move it). */
export function createSessionCache(now: () => number = Date.now): SessionCache {
  const entries = new Map<string, { session: CachedSession; until: number }>();
  const hashOf = new Map<number, string>();
  let generation = 0;

  const drop = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    hashOf.delete(entry.session.id);
  };

  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        drop(tokenHash);
        return undefined;
      }
      return entry.session;
    },
    set(tokenHash, session, since) {
      if (since !== generation) return;
      drop(tokenHash);
      entries.set(tokenHash, { session, until: now() + SESSION_CACHE_MS });
      hashOf.set(session.id, tokenHash);
      if (entries.size > MAX_SESSIONS) drop(entries.keys().next().value!);
    },
    forget(sessionIds) {
      generation += 1;
      for (const id of sessionIds) {
        const tokenHash = hashOf.get(id);
        if (tokenHash !== undefined) drop(tokenHash);
      }
    },
    get generation() {
      return generation;
    },
  };
}
