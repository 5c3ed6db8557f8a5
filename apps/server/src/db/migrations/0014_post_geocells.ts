/**
 * The feed's place index: `posts.geocell`, the 0.2-degree grid cell of the game's
 * public point (lib/geo.ts geocellOf), -1 for an online game (it shows in every radius feed) and
 * NULL for a hidden place; an index on (geocell, event_time, id, public_lat, public_lng, author_id,
 * sport) lets the feed walk each cell round the viewer in time order and find the ids of a page
 * (distance, author, block and sport tests) from the index alone, the skeleton it then hydrates.
 * Existing posts are filled in one statement.
 */
import { sql, type Kysely } from 'kysely';
import { ONLINE_GAMES } from '@gameon/shared';
import { geocellSql } from '../../lib/geo.js';

/** The cell of every online game (no place, in every radius feed). */
const ONLINE_CELL = -1;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('geocell', 'integer').execute();
  const cell = geocellSql({ lat: 'public_lat', lng: 'public_lng' });
  await sql`update posts set geocell = case
      when sport in (${sql.join([...ONLINE_GAMES])}) then ${ONLINE_CELL}
      when public_lat is null or public_lng is null then null
      else ${cell} end`.execute(db);
  await db.schema
    .createIndex('posts_geocell_event_time_idx')
    .on('posts')
    .columns(['geocell', 'event_time', 'id', 'public_lat', 'public_lng', 'author_id', 'sport'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_geocell_event_time_idx').execute();
  await db.schema.alterTable('posts').dropColumn('geocell').execute();
}
