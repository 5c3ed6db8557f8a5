/**
 * Events and their registrations (spec part 2 §3 Event, Event registration form).
 * An online game's event may have no point (lng/lat null). A member registers one team per
 * event (unique event_id, user_id). Everything goes with the organizer's or the registrant's
 * account (ON DELETE CASCADE), and a cancelled event with its registrations. Never edit once
 * landed.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('events'), db)
    .addColumn('organizer_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sport', 'varchar(50)', (c) => c.notNull())
    .addColumn('location_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('lng', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('event_date', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(32)', (c) => c.notNull())
    .addColumn('max_participants', 'integer', (c) => c.notNull())
    .addColumn('skill_level', 'varchar(16)', (c) => c.notNull())
    .addColumn('equipment_provided', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prize', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registration_deadline', 'varchar(32)', (c) => c.notNull())
    .addColumn('payment_deadline', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The list: soonest first among those not ended.
  await db.schema
    .createIndex('events_event_date_idx')
    .on('events')
    .columns(['event_date', 'id'])
    .execute();
  await db.schema.createIndex('events_end_date_idx').on('events').column('end_date').execute();
  await db.schema.createIndex('events_lat_lng_idx').on('events').columns(['lat', 'lng']).execute();
  await db.schema
    .createIndex('events_organizer_id_idx')
    .on('events')
    .column('organizer_id')
    .execute();

  await db.schema
    .createTable('event_tags')
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('tag', 'varchar(50)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_tags_pkey', ['event_id', 'position'])
    .execute();

  await idColumn(db.schema.createTable('event_registrations'), db)
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(10)', (c) => c.notNull())
    .addColumn('country_code', 'varchar(4)', (c) => c.notNull())
    .addColumn('team_name', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    // One registration per member and event: a second one, however raced, is refused.
    .addUniqueConstraint('event_registrations_event_user_key', ['event_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('event_registrations_user_id_idx')
    .on('event_registrations')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['event_registrations', 'event_tags', 'events']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
