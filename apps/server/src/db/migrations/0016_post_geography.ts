/**
 * PostGIS for the feed on PostgreSQL: where the extension is installed or can be
 * created here, `posts.geog` is the game's public point as a `geography(Point, 4326)`, a stored
 * column generated from public_lng/public_lat (so every write of them keeps it in step, the
 * repository's and bench/seed.ts's alike; NULL for a hidden place), with a GiST index the feed's
 * `ST_DWithin` walks (modules/posts/feed-skeleton.postgis.ts). Without PostGIS (SQLite, or a
 * PostgreSQL without the extension or the right to create it) this migration changes nothing and
 * the portable plan serves; {@link hasPostgisGeography} in db/index.ts tells which.
 *
 * Numbered 0016: 0015 is left to a migration being written beside this one.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // Creating an extension needs the package on the server and a superuser; a failure is caught
  // inside the block (a subtransaction), so the migration's own transaction goes on without it.
  await sql`do $$ begin
      create extension if not exists postgis;
    exception when others then
      raise notice 'PostGIS is not available (%): the feed keeps its portable plan', sqlerrm;
    end $$`.execute(db);
  const installed = await sql`select 1 from pg_extension where extname = 'postgis'`.execute(db);
  if (installed.rows.length === 0) return;
  await sql`alter table posts add column geog geography(Point, 4326) generated always as (
      case when public_lng is null or public_lat is null then null
      else ST_SetSRID(ST_MakePoint(public_lng, public_lat), 4326)::geography end) stored`.execute(
    db,
  );
  await sql`create index posts_geog_idx on posts using gist (geog)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists posts_geog_idx`.execute(db);
  await sql`alter table posts drop column if exists geog`.execute(db);
}
