/**
 * Event invitations: an organizer invites a member to their event.
 *
 * - `event_invitations`: one row per event and invitee (unique), its `status` ('pending',
 *   'accepted' as interest, 'declined'), when it was made and answered (UTC ISO text). Personal
 *   data: it goes with the event (a cancelled event is deleted) and with the invitee's account
 *   (ON DELETE CASCADE); the organizer's account takes their events and so their invitations.
 *   A member whose `event_invitations` setting is `block` never gets a row.
 *
 * A new table that nothing older reads, presented by no feed: additive, older code runs on it.
 * Never edit once landed.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('event_invitations'), db)
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('invitee_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('responded_at', 'varchar(32)')
    // One invitation per member and event: inviting again changes nothing.
    .addUniqueConstraint('event_invitations_event_invitee_key', ['event_id', 'invitee_id'])
    .execute();
  // The member's list, and account deletion's cascade lookup.
  await db.schema
    .createIndex('event_invitations_invitee_id_idx')
    .on('event_invitations')
    .columns(['invitee_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_invitations').ifExists().execute();
}
