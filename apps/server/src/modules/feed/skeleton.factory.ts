/**
 * The feed's skeleton for the storage engine, chosen once at start-up: the SQLite index walks on
 * the embedded file, the PostGIS plan where PostgreSQL has it, else the portable plans; the
 * cell-list cache wrapped round whichever it is.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/engine.js';
import type { DB } from '../../db/types.js';
import { createCachedSkeleton } from './feed-cache.js';
import { createFeedChecks } from './feed.repository.js';
import type { FeedSkeleton } from './skeleton.js';
import { createPortableSkeleton } from './skeleton.portable.js';
import { createPostgisSkeleton } from './skeleton.postgis.js';
import { createSqliteSkeleton } from './skeleton.sqlite.js';

/**
 * The skeleton of the feed on `db` for `engine` (db/engine.ts). `onAnswer` hears where each
 * soonest-first radius feed came from: the cell lists (`cache`) or a plan (`walk`).
 */
export function createFeedSkeleton(
  db: Kysely<DB>,
  engine: Engine,
  { onAnswer }: { onAnswer?: (source: 'cache' | 'walk') => void } = {},
): FeedSkeleton {
  const checks = createFeedChecks(engine);
  const portable = createPortableSkeleton(db, checks);
  const plan = engine.sqlite
    ? createSqliteSkeleton(db, engine.sqlite, portable)
    : engine.postgis
      ? createPostgisSkeleton(db, portable)
      : portable;
  return createCachedSkeleton(db, plan, checks, onAnswer);
}
