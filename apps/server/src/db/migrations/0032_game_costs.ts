/**
 * The cost split of a game (ARCHITECTURE.md "Cost split"). No money passes through GameOn: the
 * tables say what each player owes the host and what they say they paid.
 *
 * - `upi_ids`: a member's UPI ID (`name@bank`), shown only to the players of games they host;
 *   personal data, removed with the account (ON DELETE CASCADE).
 * - `game_costs`: the host's cost of a game, a `total` for the ground or an amount `per_head`, in
 *   paise; goes with the game.
 * - `game_payments`: a player's "paid" mark on a game (the share in paise they paid, when) and the
 *   host's confirmation; goes with the game and with the player's account.
 *
 * No column here is read by the feed. Additive: older code runs on it. Never edit once landed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upi_ids')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('upi_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('game_costs')
    .addColumn('post_id', 'integer', (c) =>
      c.primaryKey().references('posts.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('game_payments')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('paid_paise', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(32)')
    .addPrimaryKeyConstraint('game_payments_pkey', ['post_id', 'user_id'])
    .execute();
  // Account deletion finds the member's marks by this index (the cascade's lookup).
  await db.schema
    .createIndex('game_payments_user_id_idx')
    .on('game_payments')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('game_payments').ifExists().execute();
  await db.schema.dropTable('game_costs').ifExists().execute();
  await db.schema.dropTable('upi_ids').ifExists().execute();
}
