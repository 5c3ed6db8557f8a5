/**
 * At most one unread message notification per member and conversation (CONTRACT.md
 * "Notification rows"), kept by the database so that two messages arriving together cannot both
 * leave one behind. Never edit once landed.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Rows a race may already have doubled: all but the newest become read.
  await sql`
    update notifications set is_read = 1
    where type = 'message' and is_read = 0 and id not in (
      select max(id) from notifications
      where type = 'message' and is_read = 0
      group by user_id, conversation_id
    )`.execute(db);
  await db.schema
    .createIndex('notifications_one_unread_message_idx')
    .on('notifications')
    .columns(['user_id', 'conversation_id'])
    .unique()
    .where(sql<boolean>`type = 'message' and is_read = 0`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_one_unread_message_idx').ifExists().execute();
}
