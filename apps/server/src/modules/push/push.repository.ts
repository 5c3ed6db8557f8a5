/** Queries for web push: the stored VAPID key pair, devices' subscriptions, and throttles. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** The generated VAPID key pair's one row. */
const VAPID_ROW_ID = 1;

/**
 * Stores `keys` as the VAPID key pair unless one is stored already (several processes starting
 * together each try; the first insert wins), then answers the stored pair.
 */
export async function vapidKeysInsertedIfAbsent(
  db: Executor,
  keys: { publicKey: string; privateKey: string },
  now: string,
): Promise<{ publicKey: string; privateKey: string }> {
  await db
    .insertInto('vapid_keys')
    .values({
      id: VAPID_ROW_ID,
      public_key: keys.publicKey,
      private_key: keys.privateKey,
      created_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('vapid_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', VAPID_ROW_ID)
    .executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** The stored VAPID key pair, if any. */
export async function storedVapidKeys(db: Executor) {
  const row = await db
    .selectFrom('vapid_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', VAPID_ROW_ID)
    .executeTakeFirst();
  return row && { publicKey: row.public_key, privateKey: row.private_key };
}

/**
 * Stores a device's subscription for session `sessionId` of member `userId`, in one
 * transaction: the session's other subscription (a browser that subscribed anew) goes, and an
 * endpoint stored before (under another session) is taken over.
 */
export function saveSubscription(
  db: Kysely<DB>,
  row: {
    user_id: number;
    session_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    created_at: string;
  },
) {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('push_subscriptions')
      .where('session_id', '=', row.session_id)
      .where('endpoint', '!=', row.endpoint)
      .execute();
    await trx
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: row.user_id,
          session_id: row.session_id,
          p256dh: row.p256dh,
          auth: row.auth,
          created_at: row.created_at,
        }),
      )
      .execute();
  });
}

/** Deletes member `userId`'s subscription of `endpoint` (another member's stays). */
export function deleteOfUser(db: Executor, userId: number, endpoint: string) {
  return db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** A member's subscriptions, to send to. */
export function subscriptionsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Deletes one subscription (its push service said it is gone). */
export function deleteById(db: Executor, id: number) {
  return db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** The ids of member `userId`'s sessions that have a push subscription. */
export async function sessionIdsWithPush(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('session_id')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.session_id);
}

/**
 * Claims the next push of `topic` for member `userId`: true (and `last_push_at` set to `now`)
 * unless they got one of it after `since`. One conditional upsert, so two processes never both
 * claim it.
 */
export async function claimThrottle(
  db: Executor,
  userId: number,
  topic: string,
  now: string,
  since: string,
): Promise<boolean> {
  const row = await db
    .insertInto('push_throttles')
    .values({ user_id: userId, topic, last_push_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'topic'])
        .doUpdateSet({ last_push_at: now })
        .where(sql.ref('push_throttles.last_push_at'), '<=', since),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
