/**
 * People: follows, settings and privacy, skills, weekly availability, blocks and reports
 * (spec part 2 §3, §6, §9). Never edit once landed.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('followee_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pkey', ['follower_id', 'followee_id'])
    .execute();
  await db.schema
    .createIndex('follows_followee_id_idx')
    .on('follows')
    .column('followee_id')
    .execute();

  // One row per member, created with the defaults of spec part 2 §9 on first write.
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('phone_number', 'varchar(10)')
    .addColumn('location_city', 'varchar(200)')
    .addColumn('location_lng', 'double precision')
    .addColumn('location_lat', 'double precision')
    .addColumn('cover_photo_url', 'text')
    .addColumn('profile_visibility', 'varchar(16)', (c) => c.notNull().defaultTo('public'))
    .addColumn('location_sharing', 'varchar(16)', (c) => c.notNull().defaultTo('general'))
    .addColumn('show_online_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activity_history_visibility', 'varchar(16)', (c) => c.notNull().defaultTo('public'))
    .addColumn('phone_visibility', 'varchar(16)', (c) => c.notNull().defaultTo('friends_only'))
    .addColumn('message_requests', 'varchar(16)', (c) => c.notNull().defaultTo('anyone'))
    .addColumn('post_comments', 'varchar(16)', (c) => c.notNull().defaultTo('anyone'))
    .addColumn('event_invitations', 'varchar(16)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_skills')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sport', 'varchar(50)', (c) => c.notNull())
    .addColumn('skill_level', 'varchar(16)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_skills_pkey', ['user_id', 'sport'])
    .execute();

  await idColumn(db.schema.createTable('availability_slots'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day_of_week', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('availability_slots_user_id_idx')
    .on('availability_slots')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('blocked_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pkey', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked_id_idx').on('blocks').column('blocked_id').execute();

  await idColumn(db.schema.createTable('reports'), db)
    .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reported_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'reports',
    'blocks',
    'availability_slots',
    'user_skills',
    'user_settings',
    'follows',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
