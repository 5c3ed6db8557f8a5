/** Queries for group chats, their members, messages and read markers. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import { notBlockedWith } from '../access/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

export function findGroupChatByPost(db: Executor, postId: number) {
  return db.selectFrom('group_chats').selectAll().where('post_id', '=', postId).executeTakeFirst();
}

export function findGroupChat(db: Executor, id: number) {
  return db.selectFrom('group_chats').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Renames the group chat of post `postId`, if it has one. */
export async function renameGroupChatOfPost(db: Executor, postId: number, name: string) {
  await db.updateTable('group_chats').set({ name }).where('post_id', '=', postId).execute();
}

/** Creates the group chat of a post unless it exists; returns its id. */
export async function ensureGroupChatForPost(
  db: Executor,
  postId: number,
  name: string,
  now: string,
): Promise<number> {
  await db
    .insertInto('group_chats')
    .values({ post_id: postId, name, created_at: now })
    .onConflict((oc) => oc.column('post_id').doNothing())
    .execute();
  const chat = await findGroupChatByPost(db, postId);
  if (!chat) throw new Error(`group chat of post ${postId} vanished`);
  return chat.id;
}

/**
 * Adds members (no-op for those already in); a former member (who left the game) is a member
 * again, reading the whole chat.
 */
export async function addMembers(
  db: Executor,
  groupChatId: number,
  userIds: number[],
  now: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('group_chat_members')
    .values(
      userIds.map((user_id) => ({
        group_chat_id: groupChatId,
        user_id,
        joined_at: now,
        last_read_message_id: null,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['group_chat_id', 'user_id'])
        .doUpdateSet({ left_at: null, last_message_id: null })
        .where('group_chat_members.left_at', 'is not', null),
    )
    .execute();
  await refreshListRows(db, groupChatId, userIds);
}

/**
 * Locks the member rows of `userIds` in chat `groupChatId` (a no-op update) before a statement
 * recounts them from the messages: on PostgreSQL a message whose transaction holds a row is then
 * committed, and seen by the recount's snapshot, before the recount runs (else it would count
 * one too few, and the message's own +1 would already be applied). SQLite has one writer.
 */
async function lockMemberRows(db: Executor, groupChatId: number, userIds: number[]) {
  await db
    .updateTable('group_chat_members')
    .set((eb) => ({ unread_count: eb.ref('unread_count') }))
    .where('group_chat_id', '=', groupChatId)
    .where('user_id', 'in', userIds)
    .execute();
}

/**
 * Recomputes the list columns (`list_message_id`, `list_at`, `unread_count`) of members
 * `userIds` of chat `groupChatId` from its messages: after a join, a return or a leave, which
 * change what the member reads. Run it in the write's transaction ({@link lockMemberRows} first).
 */
export async function refreshListRows(
  db: Executor,
  groupChatId: number,
  userIds: number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await lockMemberRows(db, groupChatId, userIds);
  const members = sql.join(userIds);
  await sql`update group_chat_members set
    list_message_id = (select max(g.id) from group_messages g
      where g.group_chat_id = group_chat_members.group_chat_id
        and (group_chat_members.last_message_id is null or g.id <= group_chat_members.last_message_id)),
    unread_count = (select count(*) from group_messages g
      where g.group_chat_id = group_chat_members.group_chat_id
        and g.id > coalesce(group_chat_members.last_read_message_id, 0)
        and (g.sender_id is null or g.sender_id <> group_chat_members.user_id)
        and (group_chat_members.last_message_id is null or g.id <= group_chat_members.last_message_id))
    where group_chat_id = ${groupChatId} and user_id in (${members})`.execute(db);
  await sql`update group_chat_members set list_at = coalesce(
    (select g.created_at from group_messages g where g.id = group_chat_members.list_message_id),
    (select c.created_at from group_chats c where c.id = group_chat_members.group_chat_id))
    where group_chat_id = ${groupChatId} and user_id in (${members})`.execute(db);
}

/**
 * Makes a member a former member at `now` (they left the game or were removed): they keep
 * reading the messages up to the newest one now, all of them read, and write nothing.
 */
export async function retireMember(
  db: Executor,
  groupChatId: number,
  userId: number,
  now: string,
): Promise<void> {
  const newest = await newestMessageId(db, groupChatId);
  await db
    .updateTable('group_chat_members')
    .set({ left_at: now, last_message_id: newest, last_read_message_id: newest })
    .where('group_chat_id', '=', groupChatId)
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .execute();
  await refreshListRows(db, groupChatId, [userId]);
}

/** Marks a chat cancelled at `now`. */
export async function markCancelled(db: Executor, groupChatId: number, now: string) {
  await db
    .updateTable('group_chats')
    .set({ cancelled_at: now })
    .where('id', '=', groupChatId)
    .execute();
}

/** The member ids of a chat now (no former member). */
export async function memberIds(db: Executor, groupChatId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('group_chat_members')
    .select('user_id')
    .where('group_chat_id', '=', groupChatId)
    .where('left_at', 'is', null)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Whether `userId` is a member of the chat now (not a former member). */
export async function isMember(
  db: Executor,
  groupChatId: number,
  userId: number,
): Promise<boolean> {
  return (await membership(db, groupChatId, userId))?.left_at === null;
}

/** `userId`'s row in the chat (`left_at` set for a former member), or undefined. */
export function membership(db: Executor, groupChatId: number, userId: number) {
  return db
    .selectFrom('group_chat_members')
    .select(['user_id', 'left_at', 'last_message_id'])
    .where('group_chat_id', '=', groupChatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Members of a chat now (no former member) who see messages from `senderId` (no block either way). */
export async function recipientIds(
  db: Executor,
  groupChatId: number,
  senderId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('group_chat_members as m')
    .select('m.user_id')
    .where('m.group_chat_id', '=', groupChatId)
    .where('m.left_at', 'is', null)
    .where(notBlockedWith(senderId, 'm.user_id'))
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * The members now (no former member) of `groupChatIds` whom `viewerId` may see (no block either
 * way), with their usernames, in joining order (ties by id). One query for every chat of a list.
 */
export function visibleMembers(db: Executor, groupChatIds: number[], viewerId: number) {
  if (groupChatIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('group_chat_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.group_chat_id', 'u.id', 'u.username'])
    .where('m.group_chat_id', 'in', groupChatIds)
    .where('m.left_at', 'is', null)
    .where(notBlockedWith(viewerId, 'm.user_id'))
    .orderBy('m.joined_at')
    .orderBy('u.id')
    .execute();
}

/**
 * The member's group chats (only `groupChatId` when given), those they left too, with their
 * last visible message (none from a member blocked either way; for a chat they left, none after
 * they left) and unread count (messages from others after the read marker, none after they
 * left), most recent activity first. A member with no block either way (nearly all) is read
 * from their own member rows, an index walk in list order ({@link listFromMemberRows}); one
 * with a block has it computed from the messages, where the block rule applies to each
 * message ({@link listFromMessages}). Both answer the same rows for a member without blocks.
 */
export async function listConversations(db: Executor, userId: number, groupChatId?: number) {
  const blocked = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((w) => w.or([w('blocker_id', '=', userId), w('blocked_id', '=', userId)]))
    .limit(1)
    .executeTakeFirst();
  return blocked
    ? listFromMessages(db, userId, groupChatId)
    : listFromMemberRows(db, userId, groupChatId);
}

/**
 * The member's group chats from their member rows (columns kept on write, migration 0035),
 * counting every sender: exact for a member with no block either way. Walks
 * `group_chat_members_list_idx` in list order.
 */
export function listFromMemberRows(db: Executor, userId: number, groupChatId?: number) {
  let query = db
    .selectFrom('group_chat_members as m')
    .innerJoin('group_chats as c', 'c.id', 'm.group_chat_id')
    .leftJoin('group_messages as last', 'last.id', 'm.list_message_id')
    .select([
      'c.id',
      'c.name',
      'c.post_id',
      'c.created_at',
      'c.cancelled_at',
      'm.left_at',
      'last.content as last_content',
      'last.created_at as last_created_at',
      'm.unread_count',
    ])
    .where('m.user_id', '=', userId)
    .orderBy('m.list_at', 'desc')
    .orderBy('m.group_chat_id', 'desc');
  if (groupChatId !== undefined) query = query.where('m.group_chat_id', '=', groupChatId);
  return query.execute();
}

/**
 * The member's group chats computed from the messages, each one checked against the member's
 * blocks: aggregates over every chat's messages (one query, no N+1).
 */
export function listFromMessages(db: Executor, userId: number, groupChatId?: number) {
  let query = db
    .selectFrom('group_chat_members as m')
    .innerJoin('group_chats as c', 'c.id', 'm.group_chat_id')
    .leftJoin('group_messages as last', (join) =>
      join.onRef('last.group_chat_id', '=', 'c.id').on((eb) =>
        eb(
          'last.id',
          '=',
          eb
            .selectFrom('group_messages as gm')
            .select((e) => e.fn.max('gm.id').as('max_id'))
            .whereRef('gm.group_chat_id', '=', 'c.id')
            // The preview is the last message the member may see.
            .where(notBlockedWith(userId, 'gm.sender_id'))
            .where(readableBy('m')),
        ),
      ),
    )
    .select((eb) => [
      'c.id',
      'c.name',
      'c.post_id',
      'c.created_at',
      'c.cancelled_at',
      'm.left_at',
      'last.content as last_content',
      'last.created_at as last_created_at',
      eb
        .selectFrom('group_messages as u')
        .select(sql<number>`cast(count(*) as integer)`.as('n'))
        .whereRef('u.group_chat_id', '=', 'c.id')
        .where((w) => w('u.id', '>', w.fn.coalesce('m.last_read_message_id', sql<number>`0`)))
        .where((w) => w.or([w('u.sender_id', 'is', null), w('u.sender_id', '!=', userId)]))
        .where(notBlockedWith(userId, 'u.sender_id'))
        .where(readableBy('m', 'u'))
        .as('unread_count'),
    ])
    .where('m.user_id', '=', userId)
    .orderBy(sql`coalesce(last.created_at, c.created_at)`, 'desc')
    .orderBy('c.id', 'desc');
  if (groupChatId !== undefined) query = query.where('c.id', '=', groupChatId);
  return query.execute();
}

/**
 * Unread messages from others over the group chats the member has opened (read marker set),
 * spec part 1 §4 Messages.
 */
export async function countUnreadInOpenedChats(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('group_chat_members as m')
    .innerJoin('group_messages as u', 'u.group_chat_id', 'm.group_chat_id')
    .select(sql<number>`cast(count(*) as integer)`.as('n'))
    .where('m.user_id', '=', userId)
    .where('m.last_read_message_id', 'is not', null)
    .whereRef('u.id', '>', 'm.last_read_message_id')
    .where((w) => w.or([w('u.sender_id', 'is', null), w('u.sender_id', '!=', userId)]))
    .where(notBlockedWith(userId, 'u.sender_id'))
    .where(readableBy('m', 'u'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Messages of a chat, newest first, older than `beforeId`; as `viewerId` may see them when given;
 * none after `untilId` when given (a former member's last message).
 */
export function listMessages(
  db: Executor,
  groupChatId: number,
  limit: number,
  beforeId?: number,
  viewerId?: number,
  untilId?: number | null,
) {
  let query = db
    .selectFrom('group_messages as g')
    .leftJoin('users as s', 's.id', 'g.sender_id')
    .select([
      'g.id',
      'g.group_chat_id',
      'g.sender_id',
      'g.content',
      'g.created_at',
      'g.is_system',
      's.username as sender_username',
    ])
    .where('g.group_chat_id', '=', groupChatId)
    .orderBy('g.id', 'desc')
    .limit(limit);
  if (beforeId !== undefined) query = query.where('g.id', '<', beforeId);
  if (viewerId !== undefined) query = query.where(notBlockedWith(viewerId, 'g.sender_id'));
  if (untilId !== undefined && untilId !== null) query = query.where('g.id', '<=', untilId);
  return query.execute();
}

export async function newestMessageId(db: Executor, groupChatId: number): Promise<number> {
  const row = await db
    .selectFrom('group_messages')
    .select((eb) => eb.fn.max('id').as('max_id'))
    .where('group_chat_id', '=', groupChatId)
    .executeTakeFirst();
  return Number(row?.max_id ?? 0);
}

/**
 * Moves the member's read marker forward to `messageId` (never backward) and recounts their
 * unread messages after it (those left are few: the marker moves to the newest they read), in
 * `db`'s transaction or one of its own ({@link lockMemberRows} first).
 */
export async function moveReadMarker(
  db: Executor,
  groupChatId: number,
  userId: number,
  messageId: number,
): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => moveReadMarker(trx, groupChatId, userId, messageId));
    return;
  }
  await lockMemberRows(db, groupChatId, [userId]);
  await db
    .updateTable('group_chat_members')
    .set({
      last_read_message_id: messageId,
      unread_count: sql<number>`(select count(*) from group_messages g
        where g.group_chat_id = group_chat_members.group_chat_id
          and g.id > ${messageId}
          and (g.sender_id is null or g.sender_id <> group_chat_members.user_id)
          and (group_chat_members.last_message_id is null or g.id <= group_chat_members.last_message_id))`,
    })
    .where('group_chat_id', '=', groupChatId)
    .where('user_id', '=', userId)
    .where((w) =>
      w.or([w('last_read_message_id', 'is', null), w('last_read_message_id', '<', messageId)]),
    )
    .execute();
}

/**
 * Stores a group message and moves the list columns of the chat's members with it; run it in a
 * transaction (the two statements go together).
 * @returns the message's id.
 */
export async function insertMessage(
  db: Executor,
  row: {
    group_chat_id: number;
    sender_id: number | null;
    content: string;
    created_at: string;
    is_system?: number;
  },
) {
  const inserted = await db
    .insertInto('group_messages')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  // Every member in the chat now reads it: the preview moves and it is unread but to its
  // sender. Former members read nothing after they left. The preview only moves forward: on
  // PostgreSQL two messages may commit out of id order.
  const newer = sql<boolean>`(list_message_id is null or list_message_id < ${inserted.id})`;
  await db
    .updateTable('group_chat_members')
    .set((eb) => ({
      list_message_id: sql<number>`case when ${newer} then ${inserted.id} else list_message_id end`,
      list_at: sql<string>`case when ${newer} then ${row.created_at} else list_at end`,
      unread_count:
        row.sender_id === null
          ? eb('unread_count', '+', 1)
          : eb
              .case()
              .when('user_id', '=', row.sender_id)
              .then(eb.ref('unread_count'))
              .else(eb('unread_count', '+', 1))
              .end(),
    }))
    .where('group_chat_id', '=', row.group_chat_id)
    .where('left_at', 'is', null)
    .execute();
  return inserted;
}

/**
 * The messages a member row `m` may read: all while a member, none after `last_message_id` once
 * they left. `message` names the message table (its alias), else `gm`.
 */
function readableBy(m: 'm', message: 'u' | 'gm' = 'gm') {
  return sql<boolean>`(${sql.ref(`${m}.last_message_id`)} is null or ${sql.ref(
    `${message}.id`,
  )} <= ${sql.ref(`${m}.last_message_id`)})`;
}
