/** Queries for the notification switches members changed (table `notification_preferences`). */
import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** A stored switch: the member's choice for one type and channel. */
export interface StoredSwitch {
  user_id: number;
  type: string;
  channel: string;
  enabled: number;
}

/** The switches `userId` changed, every type. */
export function listOfUser(db: Executor, userId: number): Promise<StoredSwitch[]> {
  return db
    .selectFrom('notification_preferences')
    .select(['user_id', 'type', 'channel', 'enabled'])
    .where('user_id', '=', userId)
    .execute();
}

/** Member ids per query: far below either database's limit of bound values. */
const IDS_PER_QUERY = 5000;

/** The switches any of `userIds` changed for `type`: one query per 5,000 members. */
export async function listOfUsersForType(
  db: Executor,
  userIds: readonly number[],
  type: string,
): Promise<StoredSwitch[]> {
  const rows: StoredSwitch[] = [];
  for (let start = 0; start < userIds.length; start += IDS_PER_QUERY)
    rows.push(
      ...(await db
        .selectFrom('notification_preferences')
        .select(['user_id', 'type', 'channel', 'enabled'])
        .where('type', '=', type)
        .where('user_id', 'in', userIds.slice(start, start + IDS_PER_QUERY))
        .execute()),
    );
  return rows;
}

/** Stores one switch (insert or replace). */
export function upsert(db: Executor, row: StoredSwitch) {
  return db
    .insertInto('notification_preferences')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'type', 'channel']).doUpdateSet({ enabled: row.enabled }),
    )
    .execute();
}

/** Forgets one switch: it is back at its code default. */
export function remove(db: Executor, userId: number, type: string, channel: string) {
  return db
    .deleteFrom('notification_preferences')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('channel', '=', channel)
    .execute();
}

/**
 * A condition for a statement that stores a notification of `type` for member `userId` (a
 * column or value expression): true unless they turned its `app` channel off (the `app`
 * default is on for every type). Used inside another module's transaction (the direct
 * message's), so the switch is read in that transaction.
 */
export function appChannelOn(userId: Expression<unknown>, type: string) {
  return sql<boolean>`not exists (select 1 from notification_preferences np
    where np.user_id = ${userId} and np.type = ${sql.lit(type)}
      and np.channel = 'app' and np.enabled = 0)`;
}
