/**
 * Queries for direct conversations and their messages, and the unit of work that stores a
 * message with its recipient's notification ({@link createDirectWrites}).
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Engine } from '../../db/engine.js';
import type { DB, NotificationsTable, NotificationType } from '../../db/types.js';
import {
  batchStatement,
  createGroupCommit,
  runSqliteTransaction,
  type SqliteConnection,
  type WriteAll,
} from '../../db/write-batch.js';
import { presentTo } from '../access/index.js';
import {
  appChannelOn,
  messageNotificationRow,
  type MessageNotificationRow,
} from '../notifications/index.js';

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

/** A direct message as stored, with its sender's name. */
export interface StoredMessage extends NewDirectMessage {
  id: number;
  conversation_id: number;
  sender_username: string | null;
  is_read: number;
}

/**
 * A direct message and the recipient's message notification, stored in one transaction; no
 * notification when the recipient turned the `app` channel of messages off.
 */
export interface StoredWithNotification {
  message: StoredMessage;
  notification: Selectable<NotificationsTable> | null;
}

/**
 * On the embedded SQLite file: the message goes into the pair's conversation, found by the INSERT
 * itself, and comes back with its id, conversation and the sender's name.
 */
const insertBetween = batchStatement(PAIRED_MESSAGE, (db, v: PairedMessage) =>
  db
    .insertInto('direct_messages')
    .columns(['conversation_id', 'sender_id', 'recipient_id', 'content', 'is_read', 'created_at'])
    .expression(
      db
        .selectFrom('direct_conversations as c')
        .select([
          'c.id',
          sql<number>`${v.sender_id}`.as('sender_id'),
          sql<number>`${v.recipient_id}`.as('recipient_id'),
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
    ]),
);

/** On SQLite: a pair's conversation, created unless it exists. */
const insertConversation = batchStatement(
  ['user_a_id', 'user_b_id', 'created_at'],
  (db, v: { user_a_id: number; user_b_id: number; created_at: string }) =>
    db
      .insertInto('direct_conversations')
      .values(v)
      .onConflict((oc) => oc.columns(['user_a_id', 'user_b_id']).doNothing()),
);

/**
 * On SQLite: deletes the member's unread message notification of a conversation, to be replaced
 * by the new message's; kept when the member turned messages in the app off (no new one comes).
 */
const deleteUnreadNotification = batchStatement(
  ['user_id', 'conversation_id'],
  (db, v: { user_id: number; conversation_id: number }) =>
    db
      .deleteFrom('notifications')
      .where('type', '=', sql<NotificationType>`'message'`)
      .where('is_read', '=', sql<number>`0`)
      .where('user_id', '=', v.user_id)
      .where('conversation_id', '=', v.conversation_id)
      .where(appChannelOn(sql`${v.user_id}`, 'message')),
);

/**
 * On SQLite: inserts a message notification, unread, unless its member turned the `app` channel
 * of messages off; answers it stored (or nothing).
 */
const insertNotification = batchStatement(
  ['user_id', 'type', 'message', 'data', 'conversation_id', 'created_at'],
  (db, v: MessageNotificationRow) =>
    db
      .insertInto('notifications')
      .columns(['user_id', 'type', 'message', 'data', 'conversation_id', 'is_read', 'created_at'])
      .expression(
        db
          .selectNoFrom([
            sql<number>`${v.user_id}`.as('user_id'),
            sql<'message'>`'message'`.as('type'),
            sql<string>`${v.message}`.as('message'),
            sql<string>`${v.data}`.as('data'),
            sql<number>`${v.conversation_id}`.as('conversation_id'),
            sql<number>`0`.as('is_read'),
            sql<string>`${v.created_at}`.as('created_at'),
          ])
          .where(appChannelOn(sql`${v.user_id}`, 'message')),
      )
      .returningAll(),
);

/**
 * The unit of work on SQLite: stores each message (its conversation first when the pair has
 * none) and replaces the recipient's unread notification of that conversation with the
 * message's (notifications module: messageNotificationRow), one delete and one insert by the
 * unique index of unread message notifications.
 */
function sqliteStore(
  connection: SqliteConnection,
): WriteAll<NewDirectMessage, StoredWithNotification> {
  function storeOne(row: NewDirectMessage): StoredWithNotification {
    const paired = { ...row, ...pair(row.sender_id, row.recipient_id) };
    let [stored] = insertBetween(connection, paired);
    if (!stored) {
      insertConversation(connection, {
        user_a_id: paired.user_a_id,
        user_b_id: paired.user_b_id,
        created_at: row.created_at,
      });
      [stored] = insertBetween(connection, paired);
      if (!stored) throw new Error('conversation vanished');
    }
    const message = { ...row, ...stored, is_read: 0 };
    const wanted = messageNotificationRow(message, row.recipient_id);
    deleteUnreadNotification(connection, wanted);
    const [notification] = insertNotification(connection, wanted);
    return { message, notification: notification ?? null };
  }
  return (rows) => runSqliteTransaction(connection, () => rows.map(storeOne));
}

/** The key a row of a batch is matched back to its item by. */
const messageKey = (m: NewDirectMessage) =>
  JSON.stringify([m.sender_id, m.recipient_id, m.created_at, m.content]);

/**
 * The unit of work on PostgreSQL: the same rows as {@link sqliteStore}, written for the whole
 * batch by four statements over arrays (`unnest`) in one transaction, whatever its size: the
 * pairs' missing conversations, the messages (each finds its conversation by the pair), the
 * recipients' unread notifications of those conversations deleted, and the new ones
 * (notifications module: messageNotificationRow). A message's foreign key holds its
 * conversation row (KEY SHARE) until the commit, which orders it with a mark-read
 * (`markRead` of {@link createDirectWrites}).
 */
function postgresStore(db: Kysely<DB>): WriteAll<NewDirectMessage, StoredWithNotification> {
  return (rows) =>
    db.transaction().execute(async (trx) => {
      const pairs = rows.map((row) => pair(row.sender_id, row.recipient_id));
      // Only pairs without a conversation: ON CONFLICT alone would take an id for every message.
      // In pair order, so two batches creating the same two conversations never deadlock.
      await sql`insert into direct_conversations (user_a_id, user_b_id, created_at)
        select distinct on (v.a, v.b) v.a, v.b, v.t
        from unnest(${pairs.map((p) => p.user_a_id)}::integer[],
                    ${pairs.map((p) => p.user_b_id)}::integer[],
                    ${rows.map((row) => row.created_at)}::text[]) as v(a, b, t)
        where not exists (select 1 from direct_conversations c
                          where c.user_a_id = v.a and c.user_b_id = v.b)
        order by v.a, v.b
        on conflict (user_a_id, user_b_id) do nothing`.execute(trx);
      const { rows: inserted } = await sql<StoredMessage>`insert into direct_messages
          (conversation_id, sender_id, recipient_id, content, is_read, created_at)
        select c.id, v.s, v.r, v.content, 0, v.t
        from unnest(${rows.map((row) => row.sender_id)}::integer[],
                    ${rows.map((row) => row.recipient_id)}::integer[],
                    ${rows.map((row) => row.content)}::text[],
                    ${rows.map((row) => row.created_at)}::text[])
          with ordinality as v(s, r, content, t, n)
        join direct_conversations c on c.user_a_id = least(v.s, v.r)
                                   and c.user_b_id = greatest(v.s, v.r)
        order by v.n
        returning id, conversation_id, sender_id, recipient_id, content, is_read, created_at,
          (select u.username from users u where u.id = direct_messages.sender_id)
            as sender_username`.execute(trx);
      // RETURNING keeps no promised order: each row goes back to its item by its values.
      const byKey = new Map<string, StoredMessage[]>();
      for (const message of inserted) {
        const key = messageKey(message);
        byKey.set(key, [...(byKey.get(key) ?? []), message]);
      }
      const messages = rows.map((row) => {
        const message = byKey.get(messageKey(row))?.shift();
        if (!message) throw new Error('conversation vanished');
        return message;
      });
      const wanted = messages.map((message) =>
        messageNotificationRow(message, message.recipient_id),
      );
      const users = wanted.map((n) => n.user_id);
      const conversations = wanted.map((n) => n.conversation_id);
      // Replaced by the new ones; kept for members with messages in the app off (none comes).
      await sql`delete from notifications
        where type = 'message' and is_read = 0
          and (user_id, conversation_id) in
            (select * from unnest(${users}::integer[], ${conversations}::integer[]))
          and ${appChannelOn(sql.ref('notifications.user_id'), 'message')}`.execute(trx);
      const { rows: notifications } = await sql<Selectable<NotificationsTable>>`insert into
          notifications (user_id, type, message, data, conversation_id, is_read, created_at)
        select v.u, 'message', v.m, v.d, v.c, 0, v.t
        from unnest(${users}::integer[],
                    ${wanted.map((n) => n.message)}::text[],
                    ${wanted.map((n) => n.data)}::text[],
                    ${conversations}::integer[],
                    ${wanted.map((n) => n.created_at)}::text[])
          with ordinality as v(u, m, d, c, t, n)
        where ${appChannelOn(sql.ref('v.u'), 'message')}
        order by v.n
        returning *`.execute(trx);
      const byPair = new Map(notifications.map((n) => [`${n.user_id}:${n.conversation_id}`, n]));
      return messages.map((message) => ({
        message,
        notification: byPair.get(`${message.recipient_id}:${message.conversation_id}`) ?? null,
      }));
    });
}

/** Writing direct messages (with their notifications) and read marks: see {@link createDirectWrites}. */
export interface DirectWrites {
  /**
   * Runs `work` once the sender's earlier work has settled (db/write-batch.ts inOrder): one
   * member's messages are stored, numbered and delivered in the order they were sent.
   */
  inOrder<R>(senderId: number, work: () => Promise<R>): Promise<R>;
  /**
   * Stores a direct message (the pair's first creates their conversation) and the recipient's
   * message notification, which replaces their unread one of the conversation (at most one
   * unread per member and conversation, CONTRACT.md): both in one transaction, with the other
   * messages of this turn of the event loop (group commit, db/write-batch.ts).
   * @returns the message and notification as stored.
   * @throws the database's error when it refused this message or its notification: neither is
   *   stored then (the others of its turn are).
   */
  store(row: NewDirectMessage): Promise<StoredWithNotification>;
  /**
   * Marks the messages sent to `readerId` in a conversation read, and with them the reader's
   * message notification of it, in one transaction. On PostgreSQL it first takes the
   * conversation's row lock (FOR UPDATE), which a message's foreign key check holds shared until
   * its transaction commits: a mark-read and a new message of the conversation run one after
   * the other, so a read message never keeps an unread notification, nor an unread message a
   * read one. On SQLite the file's one writer orders them already.
   * @returns the newest message id read, or 0.
   */
  markRead(conversationId: number, readerId: number): Promise<number>;
}

/**
 * The direct module's writes for the database `engine` describes (created once at start-up):
 * the unit of work storing a message with its notification, and the read marks.
 */
export function createDirectWrites(engine: Engine, db: Kysely<DB>): DirectWrites {
  const commit = createGroupCommit(
    engine.sqlite ? sqliteStore({ db, direct: engine.sqlite }) : postgresStore(db),
  );
  const lockConversation = engine.sqlite
    ? async () => {}
    : async (trx: Transaction<DB>, conversationId: number) => {
        await trx
          .selectFrom('direct_conversations')
          .select('id')
          .where('id', '=', conversationId)
          .forUpdate()
          .execute();
      };
  return {
    inOrder: commit.inOrder,
    store: commit.write,
    markRead: (conversationId, readerId) =>
      db.transaction().execute(async (trx) => {
        await lockConversation(trx, conversationId);
        const last = await markRead(trx, conversationId, readerId);
        await trx
          .updateTable('notifications')
          .set({ is_read: 1 })
          .where('user_id', '=', readerId)
          .where('type', '=', 'message')
          .where('conversation_id', '=', conversationId)
          .where('is_read', '=', 0)
          .execute();
        return last;
      }),
  };
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
 * Marks the messages sent to `readerId` in a conversation read (their notification stays as it
 * is: {@link DirectWrites} markRead reads both); returns the newest such id or 0.
 */
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
