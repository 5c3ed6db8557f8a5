/** Direct conversations and messages (spec part 1 §3, §4; CONTRACT.md ids). Never edit once landed. */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One conversation per pair of members, stored with the smaller id first.
  await idColumn(db.schema.createTable('direct_conversations'), db)
    .addColumn('user_a_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_b_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('direct_conversations_pair_key', ['user_a_id', 'user_b_id'])
    .execute();
  await db.schema
    .createIndex('direct_conversations_user_b_idx')
    .on('direct_conversations')
    .column('user_b_id')
    .execute();

  await idColumn(db.schema.createTable('direct_messages'), db)
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('direct_conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipient_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('direct_messages_conversation_idx')
    .on('direct_messages')
    .columns(['conversation_id', 'id'])
    .execute();
  await db.schema
    .createIndex('direct_messages_recipient_unread_idx')
    .on('direct_messages')
    .columns(['recipient_id', 'is_read'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('direct_messages').ifExists().execute();
  await db.schema.dropTable('direct_conversations').ifExists().execute();
}
