/**
 * The nearest-first feed's fine place index on SQLite: `posts.finecell`, a virtual
 * generated column holding the 0.01-degree cell of a game's public point (lib/geo.ts
 * finecellSql) for the games that have a place cell (geocell >= 0, migration 0014), NULL for
 * online games and hidden places, with a partial index on (finecell, event_time, id, public_lat,
 * public_lng, author_id, sport). The SQLite feed skeleton (modules/posts/feed-skeleton.sqlite.ts)
 * reads the fine cells nearest the viewer first where a place cell is crowded. Being generated,
 * the column needs no code to keep it true. And an index on (geocell, sport, event_time, id,
 * public_lat, public_lng, author_id), so a feed filtered by sports walks only the games of those
 * sports. PostgreSQL is left unchanged (its plans are its own).
 */
import { sql, type Kysely } from 'kysely';
import { finecellSql } from '../../lib/geo.js';
import { isPostgres } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  const cell = finecellSql({ lat: 'public_lat', lng: 'public_lng' });
  await sql`alter table posts add column finecell integer generated always as (case when geocell >= 0 then ${cell} end) virtual`.execute(
    db,
  );
  await db.schema
    .createIndex('posts_geocell_sport_event_time_idx')
    .on('posts')
    .columns(['geocell', 'sport', 'event_time', 'id', 'public_lat', 'public_lng', 'author_id'])
    .execute();
  await sql`create index posts_finecell_event_time_idx on posts (finecell, event_time, id, public_lat, public_lng, author_id, sport) where finecell is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop index posts_finecell_event_time_idx`.execute(db);
  await db.schema.dropIndex('posts_geocell_sport_event_time_idx').execute();
  await sql`alter table posts drop column finecell`.execute(db);
}
