/**
 * Trust between players (ARCHITECTURE.md "Trust between players").
 *
 * - `game_checkins`: a player (or the host) checked in at a game, by position (`by_host` 0) or
 *   on the host's word (1). The position itself is never stored.
 * - `no_show_marks`: the host marked a player who did not check in; `disputed_at` once the
 *   player disputed it, `confirmed_at` once the host confirmed it again after the dispute.
 * - `skill_ratings`: one rating per rater, rated member and game (the latest replaces), in the
 *   game's sport, on the profile's levels.
 * - `game_minimums`: a host's minimum show-up percentage and rated level to join a game.
 *
 * Personal data: every row goes with its game and with the accounts it names (ON DELETE
 * CASCADE); the `user_id`/`rated_id`/`rater_id` indexes serve the cascades' lookups. Nothing
 * here is read by the feed's shared answer, so no feed version moves. New tables only: older
 * code runs on them and there is nothing to backfill. Never edit once landed.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_checkins')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('checked_in_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('by_host', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_checkins_pkey', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('game_checkins_user_id_idx')
    .on('game_checkins')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('no_show_marks')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('marked_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('disputed_at', 'varchar(32)')
    .addColumn('confirmed_at', 'varchar(32)')
    .addPrimaryKeyConstraint('no_show_marks_pkey', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('no_show_marks_user_id_idx')
    .on('no_show_marks')
    .column('user_id')
    .execute();

  await idColumn(db.schema.createTable('skill_ratings'), db)
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('rater_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rated_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sport', 'varchar(50)', (c) => c.notNull())
    .addColumn('level', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('skill_ratings_game_pair_key', ['post_id', 'rater_id', 'rated_id'])
    .execute();
  await db.schema
    .createIndex('skill_ratings_rated_sport_idx')
    .on('skill_ratings')
    .columns(['rated_id', 'sport'])
    .execute();
  await db.schema
    .createIndex('skill_ratings_rater_id_idx')
    .on('skill_ratings')
    .column('rater_id')
    .execute();

  await db.schema
    .createTable('game_minimums')
    .addColumn('post_id', 'integer', (c) =>
      c.primaryKey().references('posts.id').onDelete('cascade'),
    )
    .addColumn('min_show_up_percent', 'integer')
    .addColumn('min_level', 'varchar(16)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['game_minimums', 'skill_ratings', 'no_show_marks', 'game_checkins'])
    await db.schema.dropTable(table).ifExists().execute();
}
