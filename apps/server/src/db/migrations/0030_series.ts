/**
 * Series: a weekly (or fortnightly) game and its regulars (modules/series).
 *
 * - `series`: one per repeating game: its host, the rule (`every_weeks` 1 or 2 from `first_at`,
 *   the first occurrence's UTC instant, in the place's `time_zone`; `until_date` the last local
 *   day, YYYY-MM-DD, or null for open-ended), the template new occurrences copy (sport, heading,
 *   description, tags as JSON text, place, players needed), the regulars' claim window in
 *   seconds, `sequence` (the series' calendar revision), `last_slot` (the latest recurrence
 *   instant given a game: later ones are created, a deleted one is not made again) and
 *   `ended_at` once the host ended it.
 * - `series_skips`: the recurrence instants the host skipped (EXDATE).
 * - `series_regulars`: the host's changes to the regulars: a member `added` (from any past
 *   occurrence) or `removed`.
 * - `series_claims`: who was offered their place in an occurrence (`offered`), and whether they
 *   took it (`claimed`) or passed (`passed`); the row is the record that the offer was sent, so
 *   nobody is asked twice for one occurrence, whichever process runs the offer.
 * - `posts.series_id`, `posts.series_slot` (the occurrence's recurrence instant: RECURRENCE-ID)
 *   and `posts.hidden_until` (set while the occurrence is held for its regulars: not in the feed
 *   nor in nearby alerts; cleared when it opens, an update of the row that moves the feed's cell
 *   versions through the triggers of migration 0018). `series_id` has no foreign key (SQLite
 *   cannot drop such a column on the way down): a series goes with its host, whose games go too.
 *
 * Backfill: every existing game is a single game (no series, never hidden): the new columns are
 * null. Personal data: regulars and claims go with the member's account and with the game
 * (ON DELETE CASCADE); a series goes with its host's account. Additive: older code runs on it.
 * Never edit once landed.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('series'), db)
    .addColumn('host_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('every_weeks', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Asia/Kolkata'))
    .addColumn('until_date', 'varchar(10)')
    .addColumn('claim_window_s', 'integer', (c) => c.notNull().defaultTo(86400))
    .addColumn('sport', 'varchar(64)', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('location_name', 'text', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('players_needed', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_slot', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('series_host_id_idx').on('series').column('host_id').execute();
  await db.schema
    .createTable('series_skips')
    .addColumn('series_id', 'integer', (c) =>
      c.notNull().references('series.id').onDelete('cascade'),
    )
    .addColumn('slot', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('series_skips_pkey', ['series_id', 'slot'])
    .execute();
  await db.schema
    .createTable('series_regulars')
    .addColumn('series_id', 'integer', (c) =>
      c.notNull().references('series.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('series_regulars_pkey', ['series_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('series_regulars_user_id_idx')
    .on('series_regulars')
    .column('user_id')
    .execute();
  await db.schema.alterTable('posts').addColumn('series_id', 'integer').execute();
  await db.schema.alterTable('posts').addColumn('series_slot', 'varchar(32)').execute();
  await db.schema.alterTable('posts').addColumn('hidden_until', 'varchar(32)').execute();
  // One game per recurrence instant: two processes topping a series up at once cannot both
  // make it (the second insert fails and its job runs again later).
  await db.schema
    .createIndex('posts_series_slot_unique')
    .on('posts')
    .columns(['series_id', 'series_slot'])
    .unique()
    .execute();
  await db.schema
    .createTable('series_claims')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('offered_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('answered_at', 'varchar(32)')
    .addPrimaryKeyConstraint('series_claims_pkey', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('series_claims_user_id_idx')
    .on('series_claims')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('series_claims').ifExists().execute();
  await db.schema.dropIndex('posts_series_slot_unique').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('hidden_until').execute();
  await db.schema.alterTable('posts').dropColumn('series_slot').execute();
  await db.schema.alterTable('posts').dropColumn('series_id').execute();
  await db.schema.dropTable('series_regulars').ifExists().execute();
  await db.schema.dropTable('series_skips').ifExists().execute();
  await db.schema.dropTable('series').ifExists().execute();
}
