/**
 * The cell versions the feed cache knows as of an epoch (feed-cache.ts, migration 0019, issue
 * 18): they come out with the epoch they are of, so a feed that waited while a newer epoch was
 * noted never takes them for the newer epoch's.
 */
import { describe, expect, it } from 'vitest';
import { createFeedCache } from './feed-cache.js';

describe("the feed cache's cell versions", () => {
  it('answer the epoch they were read with, even after a newer one is noted', () => {
    const cache = createFeedCache();
    expect(cache.versionsAt([1, 2])).toBeUndefined();
    cache.noteVersions(5, [1, 2], new Map([[1, 3]]));
    const known = cache.versionsAt([1, 2]);
    expect(known).toEqual({
      epoch: 5,
      versions: new Map([
        [1, 3],
        [2, 0],
      ]),
    });
    // Another feed notes epoch 6 while the first waits for its check.
    cache.noteVersions(6, [1], new Map([[1, 4]]));
    expect(known?.epoch).toBe(5);
    expect(known?.versions.get(1)).toBe(3);
    // Cell 2 is not known as of epoch 6.
    expect(cache.versionsAt([1, 2])).toBeUndefined();
    expect(cache.versionsAt([1])).toEqual({ epoch: 6, versions: new Map([[1, 4]]) });
  });
});
