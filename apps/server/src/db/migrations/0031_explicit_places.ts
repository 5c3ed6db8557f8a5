/**
 * Explicit places in a game, and offers of freed places (modules/posts/offers.service.ts).
 *
 * - `post_interests.place`: `joined`, `waitlisted` or `offered` (a freed place held for this
 *   member until `offer_expires_at`, UTC ISO; null unless offered). Joined and offered places
 *   count as taken; the waitlist is the waitlisted members in joining order (`seq`).
 * - Backfill: until now a member's place was implicit, the first `players_needed` in joining
 *   order joined and the rest waitlisted; each row gets that place, so every game keeps its
 *   joined players and its waitlist order.
 * - `post_departures.place`: the place a member left from (`joined`, `waitlisted` or `offered`),
 *   so the show-up record counts a late leave only of a member who held a place. Earlier
 *   departures get `joined`, which is what the record assumed of them.
 * - The feed's versions move on every change of these columns by the triggers of migration 0018
 *   (any update of a `post_interests` row moves `posts.version`, and so its cell's version).
 *
 * Rolling upgrade: the column defaults to `waitlisted`, so a row written by older code never
 * over-fills a game; the new code decides every place it writes. Never edit once landed.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('post_interests')
    .addColumn('place', 'varchar(16)', (c) => c.notNull().defaultTo('waitlisted'))
    .execute();
  await db.schema
    .alterTable('post_interests')
    .addColumn('offer_expires_at', 'varchar(32)')
    .execute();
  // The implicit rule, made explicit: rank in joining order within players_needed is joined.
  await sql`
    update post_interests set place = case
      when (select count(*) from post_interests p2
            where p2.post_id = post_interests.post_id and p2.seq <= post_interests.seq)
        <= (select p.players_needed from posts p where p.id = post_interests.post_id)
      then 'joined' else 'waitlisted' end`.execute(db);
  await db.schema
    .alterTable('post_departures')
    .addColumn('place', 'varchar(16)', (c) => c.notNull().defaultTo('joined'))
    .execute();
  // A game's places by kind (counting taken places, finding the first waitlisted member).
  await db.schema
    .createIndex('post_interests_post_place_idx')
    .on('post_interests')
    .columns(['post_id', 'place', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('post_interests_post_place_idx').ifExists().execute();
  await db.schema.alterTable('post_departures').dropColumn('place').execute();
  await db.schema.alterTable('post_interests').dropColumn('offer_expires_at').execute();
  await db.schema.alterTable('post_interests').dropColumn('place').execute();
}
