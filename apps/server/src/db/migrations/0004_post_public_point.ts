/**
 * The point others see of a game (the author's `location_sharing`): exact, snapped to a 1 km grid
 * ('general', the default) or none ('hidden'). Kept beside the exact point so the feed's radius
 * filter and distances use it in SQL. Existing posts are filled from their authors' settings.
 */
import { sql, type Kysely } from 'kysely';
import { publicPoint } from '../../lib/geo.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('public_lng', 'double precision').execute();
  await db.schema.alterTable('posts').addColumn('public_lat', 'double precision').execute();
  await db.schema
    .createIndex('posts_public_lat_lng_idx')
    .on('posts')
    .columns(['public_lat', 'public_lng'])
    .execute();

  const rows = await sql<{ id: number; lng: number; lat: number; sharing: string | null }>`
    select p.id, p.lng, p.lat, s.location_sharing as sharing
    from posts p left join user_settings s on s.user_id = p.author_id`.execute(db);
  for (const row of rows.rows) {
    const sharing = row.sharing === 'exact' || row.sharing === 'hidden' ? row.sharing : 'general';
    const point = publicPoint(row.lng, row.lat, sharing);
    await sql`update posts set public_lng = ${point?.[0] ?? null}, public_lat = ${point?.[1] ?? null} where id = ${row.id}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_public_lat_lng_idx').execute();
  await db.schema.alterTable('posts').dropColumn('public_lat').execute();
  await db.schema.alterTable('posts').dropColumn('public_lng').execute();
}
