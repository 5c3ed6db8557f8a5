/**
 * The sessions an auth service keeps after resolving them (session-cache.ts, so that most
 * requests skip the sessions lookup): kept for SESSION_CACHE_MS, forgotten when revoked, and
 * never kept from a lookup that a revocation overtook.
 */
import { describe, expect, it } from 'vitest';
import { createSessionCache, SESSION_CACHE_MS, type CachedSession } from './session-cache.js';

const session = (id: number): CachedSession => ({
  id,
  user_id: 100 + id,
  created_at: '2026-11-01T00:00:00.000Z',
  last_seen_at: '2026-11-27T00:00:00.000Z',
});

describe('the session cache', () => {
  it('answers a session for SESSION_CACHE_MS after it was resolved, then no more', () => {
    let now = 1_000;
    const cache = createSessionCache(() => now);
    cache.set('a', session(1), cache.generation);
    now += SESSION_CACHE_MS - 1;
    expect(cache.get('a')).toEqual(session(1));
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets revoked sessions and keeps the others', () => {
    const cache = createSessionCache();
    cache.set('a', session(1), cache.generation);
    cache.set('b', session(2), cache.generation);
    cache.forget([1, 99]);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(session(2));
  });

  it('does not keep a lookup that began before a revocation', () => {
    const cache = createSessionCache();
    const before = cache.generation;
    // The lookup reads the row, the session is revoked, then the lookup would keep it.
    cache.forget([1]);
    cache.set('a', session(1), before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', session(1), cache.generation);
    expect(cache.get('a')).toEqual(session(1));
  });
});
