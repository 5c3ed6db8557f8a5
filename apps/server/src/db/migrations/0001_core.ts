/**
 * Core loop schema: members, sessions, sign-up codes, posts, interest, group chats.
 * Never edit once landed; add a new migration instead (ARCHITECTURE.md).
 */
import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('users'), db)
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_picture_url', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_username_lower_key')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();

  for (const table of ['user_sports', 'user_tags']) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('value', 'varchar(50)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pkey`, ['user_id', 'value'])
      .execute();
  }

  await idColumn(db.schema.createTable('sessions'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('pending_signups')
    .addColumn('email', 'varchar(254)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull())
    .addColumn('sports', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('otp_codes'), db)
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('otp_codes_email_purpose_key', ['email', 'purpose'])
    .execute();

  await idColumn(db.schema.createTable('posts'), db)
    .addColumn('author_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('sport', 'varchar(50)', (c) => c.notNull())
    .addColumn('heading', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('location_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('event_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('players_needed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('posts_event_time_idx')
    .on('posts')
    .columns(['event_time', 'id'])
    .execute();
  await db.schema.createIndex('posts_lat_lng_idx').on('posts').columns(['lat', 'lng']).execute();
  await db.schema.createIndex('posts_author_id_idx').on('posts').column('author_id').execute();

  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(50)', (c) => c.notNull())
    .addColumn('tag_key', 'varchar(50)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_tags_pkey', ['post_id', 'tag_key'])
    .execute();
  await db.schema.createIndex('post_tags_tag_key_idx').on('post_tags').column('tag_key').execute();

  await db.schema
    .createTable('post_interests')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_interests_pkey', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('post_interests_user_id_idx')
    .on('post_interests')
    .column('user_id')
    .execute();

  await idColumn(db.schema.createTable('group_chats'), db)
    .addColumn('post_id', 'integer', (c) => c.unique().references('posts.id').onDelete('set null'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('group_chat_members')
    .addColumn('group_chat_id', 'integer', (c) =>
      c.notNull().references('group_chats.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_read_message_id', 'integer')
    .addPrimaryKeyConstraint('group_chat_members_pkey', ['group_chat_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('group_chat_members_user_id_idx')
    .on('group_chat_members')
    .column('user_id')
    .execute();

  await idColumn(db.schema.createTable('group_messages'), db)
    .addColumn('group_chat_id', 'integer', (c) =>
      c.notNull().references('group_chats.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('group_messages_chat_id_idx')
    .on('group_messages')
    .columns(['group_chat_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'group_messages',
    'group_chat_members',
    'group_chats',
    'post_interests',
    'post_tags',
    'posts',
    'otp_codes',
    'pending_signups',
    'sessions',
    'user_tags',
    'user_sports',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
