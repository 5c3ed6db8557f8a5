/** Queries for notifications and for the members a new post is near. */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, NotificationsTable, NotificationType } from '../../db/types.js';
import { withinRadiusSql } from '../../lib/geo.js';
import { notBlockedWith } from '../access/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** A new notification row; `data` is JSON object text. */
interface NewNotification {
  user_id: number;
  type: NotificationType;
  message: string;
  data: string;
  conversation_id: number | null;
  created_at: string;
}

export function insert(db: Executor, row: NewNotification) {
  return db
    .insertInto('notifications')
    .values({ ...row, is_read: 0 })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/**
 * Rows per INSERT statement: 7 bound values each stays far below SQLite's 32,766 and
 * PostgreSQL's 65,535 parameters per statement.
 */
const INSERT_BATCH = 1000;

/**
 * Stores unread notifications in one INSERT per {@link INSERT_BATCH} rows, in one transaction
 * when it takes more than one.
 * @returns the stored rows, every column.
 */
export async function insertMany(db: Kysely<DB>, rows: NewNotification[]) {
  if (rows.length <= INSERT_BATCH) return insertAllReturning(db, rows);
  return db.transaction().execute((trx) => insertAllReturning(trx, rows));
}

/** Inserts `rows` (unread) on `db` (a caller's transaction), in batches; answers them stored. */
export async function insertAllReturning(db: Executor, rows: NewNotification[]) {
  const stored = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH)
    stored.push(
      ...(await db
        .insertInto('notifications')
        .values(rows.slice(start, start + INSERT_BATCH).map((row) => ({ ...row, is_read: 0 })))
        .returningAll()
        .execute()),
    );
  return stored;
}

/**
 * Stores one notification of a group keyed by (member, `key.type`, `key.postId`), in one
 * transaction: the member's newest unread row of that type whose `data.post_id` is `postId` and
 * that was created at or after `since` (UTC ISO text) is deleted, and `make(it)` is inserted in
 * its place (a new id); with no such row, or when it was read meanwhile, `make()` starts a new
 * group. Two events stored at the same instant may each start a group (two rows, none lost).
 * @returns the stored row, every column.
 */
export function storeGrouped(
  db: Kysely<DB>,
  key: { userId: number; type: NotificationType; postId: number },
  since: string,
  make: (previous?: Selectable<NotificationsTable>) => NewNotification,
) {
  return db.transaction().execute(async (trx) => {
    // A member's unread rows of one type from the last few minutes: few, matched in code on
    // the post id inside their JSON `data` (no JSON operators shared by both engines).
    const recent = await trx
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', key.userId)
      .where('type', '=', key.type)
      .where('is_read', '=', 0)
      .where('created_at', '>=', since)
      .orderBy('id', 'desc')
      .execute();
    let previous = recent.find(
      (row) => (JSON.parse(row.data) as { post_id?: unknown }).post_id === key.postId,
    );
    if (previous) {
      const deleted = await trx
        .deleteFrom('notifications')
        .where('id', '=', previous.id)
        .where('is_read', '=', 0)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) previous = undefined;
    }
    const [stored] = await insertAllReturning(trx, [make(previous)]);
    if (!stored) throw new Error('grouped notification not stored');
    return stored;
  });
}

/** A member's notifications, newest first, older than `beforeId` when given. */
export function list(db: Executor, userId: number, limit: number, beforeId?: number) {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return query.execute();
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`cast(count(*) as integer)`.as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the member's own notifications among `ids` read (others' ids are ignored). */
export function markRead(db: Executor, userId: number, ids: number[]) {
  return db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

export function markAllRead(db: Executor, userId: number) {
  return db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .execute();
}

/**
 * Members to tell about a new post (`nearby_post`): home city within `radius` metres of
 * `post`'s point (the caller passes the point the host shares, never a hidden exact one), the
 * sport among their sports or skills, not the author, no block either way.
 */
export async function nearbyMembers(
  db: Executor,
  post: { authorId: number; sport: string; lng: number; lat: number },
  radius: number,
): Promise<number[]> {
  const sport = post.sport.toLowerCase();
  const rows = await db
    .selectFrom('user_settings as s')
    .select('s.user_id')
    .where('s.user_id', '!=', post.authorId)
    .where(withinRadiusSql({ lat: 's.location_lat', lng: 's.location_lng' }, post, radius))
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('user_sports as us')
            .select('us.user_id')
            .whereRef('us.user_id', '=', 's.user_id')
            .where(sql<boolean>`lower(us.value) = ${sport}`),
        ),
        eb.exists(
          eb
            .selectFrom('user_skills as sk')
            .select('sk.user_id')
            .whereRef('sk.user_id', '=', 's.user_id')
            .where(sql<boolean>`lower(sk.sport) = ${sport}`),
        ),
      ]),
    )
    .where(notBlockedWith(post.authorId, 's.user_id'))
    .execute();
  return rows.map((r) => r.user_id);
}
