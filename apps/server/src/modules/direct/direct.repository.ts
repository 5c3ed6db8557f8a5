/** Queries for direct conversations and their messages. */
import { SqliteAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import { batchStatement, runWriteBatch, type BatchConnection } from '../../db/write-batch.js';
import type { DB } from '../../db/types.js';
import { presentTo } from '../access/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

const pair = (a: number, b: number) =>
  a < b ? { user_a_id: a, user_b_id: b } : { user_a_id: b, user_b_id: a };

export function findConversationBetween(db: Executor, a: number, b: number) {
  const p = pair(a, b);
  return db
    .selectFrom('direct_conversations')
    .selectAll()
    .where('user_a_id', '=', p.user_a_id)
    .where('user_b_id', '=', p.user_b_id)
    .executeTakeFirst();
}

/**
 * The conversation of two members, created on the first message. Looked up first: every message
 * but the first finds it in one indexed read, with no write.
 */
export async function ensureConversation(
  db: Executor,
  a: number,
  b: number,
  now: string,
): Promise<number> {
  const existing = await findConversationBetween(db, a, b);
  if (existing) return existing.id;
  await db
    .insertInto('direct_conversations')
    .values({ ...pair(a, b), created_at: now })
    .onConflict((oc) => oc.columns(['user_a_id', 'user_b_id']).doNothing())
    .execute();
  const row = await findConversationBetween(db, a, b);
  if (!row) throw new Error('conversation vanished');
  return row.id;
}

export function insertMessage(
  db: Executor,
  row: {
    conversation_id: number;
    sender_id: number;
    recipient_id: number;
    content: string;
    created_at: string;
  },
) {
  return db
    .insertInto('direct_messages')
    .values({ ...row, is_read: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A new direct message; the pair's conversation is found by the INSERT itself. */
export interface NewDirectMessage {
  sender_id: number;
  recipient_id: number;
  content: string;
  created_at: string;
}

type PairedMessage = NewDirectMessage & { user_a_id: number; user_b_id: number };
const PAIRED_MESSAGE = [
  'sender_id',
  'recipient_id',
  'content',
  'created_at',
  'user_a_id',
  'user_b_id',
] as const;

/**
 * The statement of {@link insertMessageBetween} and {@link insertMessagesBetween}: the message
 * goes into the pair's conversation, found by the INSERT itself, and comes back with its id,
 * conversation and the sender's name.
 */
const buildInsertBetween = (db: Executor, v: PairedMessage) =>
  db
    .insertInto('direct_messages')
    .columns(['conversation_id', 'sender_id', 'recipient_id', 'content', 'is_read', 'created_at'])
    .expression(
      db
        .selectFrom('direct_conversations as c')
        .select([
          'c.id',
          // Ids are cast: PostgreSQL takes a bare parameter in a select list for text.
          sql<number>`cast(${v.sender_id} as integer)`.as('sender_id'),
          sql<number>`cast(${v.recipient_id} as integer)`.as('recipient_id'),
          sql<string>`${v.content}`.as('content'),
          sql<number>`0`.as('is_read'),
          sql<string>`${v.created_at}`.as('created_at'),
        ])
        .where('c.user_a_id', '=', v.user_a_id)
        .where('c.user_b_id', '=', v.user_b_id),
    )
    .returning((eb) => [
      'id',
      'conversation_id',
      eb
        .selectFrom('users as s')
        .select('s.username')
        .whereRef('s.id', '=', 'direct_messages.sender_id')
        .as('sender_username'),
    ]);

/** {@link insertMessageBetween}'s statement, built once (it runs for every message). */
const insertBetween = reusableQuery(PAIRED_MESSAGE, buildInsertBetween);
/** The same statement for a write batch. */
const insertBetweenInBatch = batchStatement(PAIRED_MESSAGE, buildInsertBetween);
/** A pair's conversation, created unless it exists, for a write batch. */
const insertConversationInBatch = batchStatement(
  ['user_a_id', 'user_b_id', 'created_at'],
  (db, v: { user_a_id: number; user_b_id: number; created_at: string }) =>
    db
      .insertInto('direct_conversations')
      .values(v)
      .onConflict((oc) => oc.columns(['user_a_id', 'user_b_id']).doNothing()),
);

/**
 * Stores a direct message in the conversation of its sender and recipient, in one statement
 * (this runs for every message): the conversation is looked up by the pair inside the
 * INSERT, and the message comes back with its id, conversation and the sender's name, so no
 * read follows.
 * @returns the stored message as presented, or undefined when the two have no conversation yet
 *   (nothing was stored: create it with {@link ensureConversation} and call again).
 */
async function insertMessageBetween(db: Executor, row: NewDirectMessage) {
  const [stored] = await insertBetween(db, {
    ...row,
    ...pair(row.sender_id, row.recipient_id),
  });
  if (!stored) return undefined;
  return { ...row, ...stored, is_read: 0 };
}

/**
 * Stores a direct message with {@link insertMessageBetween}, creating the pair's conversation
 * first when there is none: one statement for every message but a conversation's first.
 * {@link insertMessagesBetween} does the same for a batch.
 * @returns the stored message as presented.
 * @throws the database's error when it refuses the message.
 */
export async function storeMessage(db: Executor, row: NewDirectMessage) {
  let stored = await insertMessageBetween(db, row);
  if (!stored) {
    await ensureConversation(db, row.sender_id, row.recipient_id, row.created_at);
    stored = await insertMessageBetween(db, row);
    if (!stored) throw new Error('conversation vanished');
  }
  return stored;
}

/** A direct message as stored, with its sender's name ({@link storeMessage}). */
export type StoredMessage = Awaited<ReturnType<typeof storeMessage>>;

/**
 * Stores direct messages as {@link storeMessage} does, each creating its pair's
 * conversation when there is none, all in one transaction on the embedded SQLite file (group
 * commit: one commit for the messages of one turn of the event loop instead of one
 * each; db/write-batch.ts), a message the database refuses failing alone. `alongside` gets each
 * message as stored (as {@link storeMessage} answers it), in the same transaction: what it writes
 * commits or fails with that message (it must do nothing outside the database: it may run
 * twice, see runWriteBatch).
 * @returns per message, in order, what `alongside` answered for it, or the error that refused
 *   it (nothing of it is stored then; the others are);
 *   undefined when there is no batch to run (PostgreSQL, a transaction open on the connection)
 *   or its commit failed: nothing was stored, and each message goes through
 *   {@link storeMessage}.
 */
export function insertMessagesBetween<T>(
  db: Kysely<DB>,
  rows: readonly NewDirectMessage[],
  alongside: (connection: BatchConnection, stored: StoredMessage) => T,
) {
  return runWriteBatch(db, rows, (connection, row) => {
    const paired = { ...row, ...pair(row.sender_id, row.recipient_id) };
    let [stored] = insertBetweenInBatch(connection, paired);
    if (!stored) {
      insertConversationInBatch(connection, {
        user_a_id: paired.user_a_id,
        user_b_id: paired.user_b_id,
        created_at: row.created_at,
      });
      [stored] = insertBetweenInBatch(connection, paired);
      if (!stored) throw new Error('conversation vanished');
    }
    return alongside(connection, { ...row, ...stored, is_read: 0 });
  });
}

/** Direct messages with the sender's name, as presented. */
function messagesWithSender(db: Executor) {
  return db
    .selectFrom('direct_messages as m')
    .leftJoin('users as s', 's.id', 'm.sender_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.sender_id',
      'm.recipient_id',
      'm.content',
      'm.is_read',
      'm.created_at',
      's.username as sender_username',
    ]);
}

/** Messages of a conversation with the sender's name, newest first. */
export function listMessages(
  db: Executor,
  conversationId: number,
  limit: number,
  beforeId?: number,
) {
  let query = messagesWithSender(db)
    .where('m.conversation_id', '=', conversationId)
    .orderBy('m.id', 'desc')
    .limit(limit);
  if (beforeId !== undefined) query = query.where('m.id', '<', beforeId);
  return query.execute();
}

/**
 * Locks the direct messages `messageIds` while they are unread, so a concurrent mark-read waits
 * for the caller's transaction (call it first in that transaction).
 * - PostgreSQL: a no-op update of the unread ones takes their row locks.
 * - SQLite: one lock covers writes to the whole file. An update that matches no row takes it
 *   without rewriting a page, then the unread ones are read under it. The no-op update of every
 *   unread message wrote their table and index pages to the WAL again, some 5 ms for a batch of
 *   40 on this machine; a process on the same file waits for the commit either way.
 * @returns the ids still unread.
 */
export async function lockUnreadMessages(db: Executor, messageIds: number[]): Promise<Set<number>> {
  if (messageIds.length === 0) return new Set();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // Ids start at 1: this matches nothing, and takes the write lock all the same.
    await db.updateTable('direct_messages').set({ is_read: 0 }).where('id', '=', 0).execute();
    const rows = await db
      .selectFrom('direct_messages')
      .select('id')
      .where('id', 'in', messageIds)
      .where('is_read', '=', 0)
      .execute();
    return new Set(rows.map((r) => r.id));
  }
  const rows = await db
    .updateTable('direct_messages')
    .set({ is_read: 0 })
    .where('id', 'in', messageIds)
    .where('is_read', '=', 0)
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Marks the messages sent to `readerId` in a conversation read; returns the newest such id or 0. */
export async function markRead(
  db: Executor,
  conversationId: number,
  readerId: number,
): Promise<number> {
  const rows = await db
    .updateTable('direct_messages')
    .set({ is_read: 1 })
    .where('conversation_id', '=', conversationId)
    .where('recipient_id', '=', readerId)
    .where('is_read', '=', 0)
    .returning('id')
    .execute();
  return rows.reduce((max, r) => Math.max(max, r.id), 0);
}

/**
 * The member's conversations with the other member, the last message and the unread count,
 * most recent first; conversations with a member blocked either way or suspended are left out.
 */
export async function listConversations(db: Executor, userId: number) {
  // The member's conversations (two index lookups), each one's newest message by the
  // (conversation_id, id) index, and the unread counts in one grouped pass over the member's
  // unread messages. A count per conversation made SQLite walk every unread message of the
  // member once per conversation: ~350 ms for 199 conversations in bench/messages.ts.
  const rows = await db
    .with('mine', (qb) =>
      qb
        .selectFrom('direct_conversations as c')
        .select([
          'c.id',
          sql<
            number | null
          >`case when c.user_a_id = ${userId} then c.user_b_id else c.user_a_id end`.as('other_id'),
        ])
        .where((eb) => eb.or([eb('c.user_a_id', '=', userId), eb('c.user_b_id', '=', userId)])),
    )
    .with('latest', (qb) =>
      qb.selectFrom('mine').select((eb) => [
        'mine.id',
        'mine.other_id',
        eb
          .selectFrom('direct_messages as x')
          .select((e) => e.fn.max('x.id').as('m'))
          .whereRef('x.conversation_id', '=', 'mine.id')
          .as('last_id'),
      ]),
    )
    .with('unread', (qb) =>
      qb
        .selectFrom('direct_messages as u')
        .select(['u.conversation_id', sql<number>`cast(count(*) as integer)`.as('n')])
        .where('u.recipient_id', '=', userId)
        .where('u.is_read', '=', 0)
        .groupBy('u.conversation_id'),
    )
    .selectFrom('latest')
    .innerJoin('direct_messages as last', 'last.id', 'latest.last_id')
    .leftJoin('users as o', 'o.id', 'latest.other_id')
    .leftJoin('unread', 'unread.conversation_id', 'latest.id')
    .select([
      'latest.id',
      'o.id as other_user_id',
      'o.username as other_user_username',
      'last.content as last_content',
      'last.created_at as last_created_at',
      'unread.n as unread_count',
    ])
    .where(sql<boolean>`(o.id is null or ${presentTo(userId, 'o.id')})`)
    .orderBy('last.id', 'desc')
    .execute();
  return rows;
}

/** Unread direct messages to `userId` (from members not blocked either way nor suspended). */
export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('direct_messages as m')
    .select(sql<number>`cast(count(*) as integer)`.as('n'))
    .where('m.recipient_id', '=', userId)
    .where('m.is_read', '=', 0)
    .where(sql<boolean>`(m.sender_id is null or ${presentTo(userId, 'm.sender_id')})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
