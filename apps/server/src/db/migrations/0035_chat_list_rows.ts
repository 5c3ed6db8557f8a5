/**
 * The group chat list read from each member's own row instead of aggregates over the messages.
 *
 * - `group_chat_members.list_message_id`: the newest message the member reads (for a former
 *   member, none after `last_message_id`), null when none; the list's preview pointer.
 * - `group_chat_members.list_at`: the list's sort key, that message's `created_at`, else the
 *   chat's `created_at` (UTC ISO text).
 * - `group_chat_members.unread_count`: messages from others (or from GameOn, or from a deleted
 *   member) after the read marker that the member reads.
 *
 * The three are kept by the chats repository in the statement or transaction of every write
 * that moves them (a message, a read marker, a join, a leave), and count every sender: a viewer
 * with a block either way has the list computed from the messages instead. The index
 * `group_chat_members_list_idx` walks a member's list in its order. Backfilled here from the
 * messages. Additive: older code runs on it (but does not keep the columns). Never edit once
 * landed.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('group_chat_members')
    .addColumn('list_message_id', 'integer')
    .execute();
  await db.schema
    .alterTable('group_chat_members')
    .addColumn('list_at', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('group_chat_members')
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update group_chat_members set
    list_message_id = (select max(g.id) from group_messages g
      where g.group_chat_id = group_chat_members.group_chat_id
        and (group_chat_members.last_message_id is null or g.id <= group_chat_members.last_message_id)),
    unread_count = (select count(*) from group_messages g
      where g.group_chat_id = group_chat_members.group_chat_id
        and g.id > coalesce(group_chat_members.last_read_message_id, 0)
        and (g.sender_id is null or g.sender_id <> group_chat_members.user_id)
        and (group_chat_members.last_message_id is null or g.id <= group_chat_members.last_message_id))`.execute(
    db,
  );
  await sql`update group_chat_members set list_at = coalesce(
    (select g.created_at from group_messages g where g.id = group_chat_members.list_message_id),
    (select c.created_at from group_chats c where c.id = group_chat_members.group_chat_id))`.execute(
    db,
  );
  await db.schema
    .createIndex('group_chat_members_list_idx')
    .on('group_chat_members')
    .columns(['user_id', 'list_at desc', 'group_chat_id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('group_chat_members_list_idx').execute();
  await db.schema.alterTable('group_chat_members').dropColumn('unread_count').execute();
  await db.schema.alterTable('group_chat_members').dropColumn('list_at').execute();
  await db.schema.alterTable('group_chat_members').dropColumn('list_message_id').execute();
}
