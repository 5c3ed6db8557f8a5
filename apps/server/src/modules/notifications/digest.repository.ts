/**
 * Queries of the daily e-mail digest: who is due one, their unread notifications of the types
 * whose digest switch is on, the day's claim, and the one-click unsubscribe tokens.
 */
import type { Kysely } from 'kysely';
import type { DB, NotificationType } from '../../db/types.js';

/** A member due a digest: the address it goes to. */
export interface DigestMember {
  id: number;
  username: string;
  email: string;
}

/**
 * Up to `limit` members, by id above `afterId`, due a digest on IST day `day`: a digest switch
 * on (a stored `notification_preferences` row: every type's digest default is off) with an
 * unread notification of that type, no session used since `seenSince` (UTC ISO text), not
 * suspended, and no digest sent on `day`. Starts from the switches, which few members turn on.
 */
export function dueMembers(
  db: Kysely<DB>,
  {
    day,
    seenSince,
    afterId,
    limit,
  }: { day: string; seenSince: string; afterId: number; limit: number },
): Promise<DigestMember[]> {
  return db
    .selectFrom('notification_preferences as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.username', 'u.email'])
    .distinct()
    .where('p.channel', '=', 'digest')
    .where('p.enabled', '=', 1)
    .where('p.user_id', '>', afterId)
    .where('u.suspended_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('notifications as n')
          .select('n.id')
          .whereRef('n.user_id', '=', 'p.user_id')
          .whereRef('n.type', '=', 'p.type')
          .where('n.is_read', '=', 0),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('sessions as s')
            .select('s.id')
            .whereRef('s.user_id', '=', 'p.user_id')
            .where('s.last_seen_at', '>=', seenSince),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('digest_sends as d')
            .select('d.user_id')
            .whereRef('d.user_id', '=', 'p.user_id')
            .where('d.day', '=', day),
        ),
      ),
    )
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/**
 * The member's unread notifications of the types whose digest switch is on, newest first, at
 * most `limit`, and how many there are in all.
 */
export async function unreadForDigest(db: Kysely<DB>, userId: number, limit: number) {
  const unread = db
    .selectFrom('notifications as n')
    .innerJoin('notification_preferences as p', (join) =>
      join.onRef('p.user_id', '=', 'n.user_id').onRef('p.type', '=', 'n.type'),
    )
    .where('n.user_id', '=', userId)
    .where('n.is_read', '=', 0)
    .where('p.channel', '=', 'digest')
    .where('p.enabled', '=', 1);
  const [items, total] = await Promise.all([
    unread
      .select(['n.id', 'n.type', 'n.message', 'n.created_at'])
      .orderBy('n.id', 'desc')
      .limit(limit)
      .execute(),
    unread.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

/**
 * Claims IST day `day` for the member's digest: true when this call recorded it, false when a
 * digest of that day was already claimed (by this process or another).
 */
export async function claimDay(db: Kysely<DB>, userId: number, day: string, sentAt: string) {
  const rows = await db
    .insertInto('digest_sends')
    .values({ user_id: userId, day, sent_at: sentAt })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length === 1;
}

/** Gives back a claimed day (the mail could not be sent): the next run tries again. */
export async function releaseDay(db: Kysely<DB>, userId: number, day: string) {
  await db
    .deleteFrom('digest_sends')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .execute();
}

/** Stores an unsubscribe token's hash for the member. */
export async function insertToken(
  db: Kysely<DB>,
  row: { token_hash: string; user_id: number; created_at: string },
) {
  await db.insertInto('digest_tokens').values(row).execute();
}

/** Deletes the tokens created before `before` (UTC ISO text). */
export async function purgeTokens(db: Kysely<DB>, before: string) {
  await db.deleteFrom('digest_tokens').where('created_at', '<', before).execute();
}

/** The member an unsubscribe token's hash belongs to, or undefined. */
export async function memberOfToken(db: Kysely<DB>, tokenHash: string) {
  const row = await db
    .selectFrom('digest_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Turns every digest switch of the member off, in one transaction: the stored digest switches
 * go (a type back at its default, off), and each type of `onByDefault` (digest on by default)
 * gets a stored "off".
 */
export async function digestOff(db: Kysely<DB>, userId: number, onByDefault: NotificationType[]) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('notification_preferences')
      .where('user_id', '=', userId)
      .where('channel', '=', 'digest')
      .execute();
    if (onByDefault.length > 0)
      await trx
        .insertInto('notification_preferences')
        .values(
          onByDefault.map((type) => ({ user_id: userId, type, channel: 'digest', enabled: 0 })),
        )
        .execute();
  });
}
