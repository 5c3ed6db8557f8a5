/**
 * Group chats (spec part 1 §2 Messages, §3, §4; CONTRACT.md "Ids and conversations"). Every
 * call checks that the caller is a member; the socket handlers call these same functions.
 * Joining or leaving a game is announced to its chat's members as it happens. A member who
 * leaves the game, or whom the host removes, keeps the chat read-only: the messages up to the
 * moment they left, none of them unread, and nothing to write.
 */
import type { Kysely, Transaction } from 'kysely';
import type { GroupChatSummary, GroupMessage } from '@gameon/shared';
import type { DB } from '../../db/types.js';
import { decodeBeforeIdCursor, encodeBeforeIdCursor } from '../../lib/cursor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import { nowIso } from '../../lib/time.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import * as repo from './chats.repository.js';

export interface ChatsDeps {
  db: Kysely<DB>;
  /** Per-member write limits. */
  limiter: Pick<RateLimiter, 'write'>;
  events: DomainEventBus;
}

const DELETED_USER = 'Deleted user';
/** The sender shown for GameOn's own lines. */
const SYSTEM_SENDER = 'GameOn';
/** The line a cancelled game's chat ends with. */
export const GAME_CANCELLED_LINE = 'This game was cancelled';
/** The answer to a former member who writes in a chat. */
export const CHAT_READ_ONLY = 'You are no longer in this game: its chat is read-only';

function presentMessage(row: Awaited<ReturnType<typeof repo.listMessages>>[number]): GroupMessage {
  const system = row.is_system === 1;
  return {
    id: row.id,
    group_chat_id: row.group_chat_id,
    sender_id: row.sender_id,
    sender: {
      id: row.sender_id ?? 0,
      username: system ? SYSTEM_SENDER : (row.sender_username ?? DELETED_USER),
    },
    content: row.content,
    created_at: row.created_at,
    ...(system ? { system: true } : {}),
  };
}

/** Stores the system line `content` in chat `groupChatId` at `now`, in `trx`; answers it presented. */
async function systemLine(
  trx: Transaction<DB>,
  groupChatId: number,
  content: string,
  now: string,
): Promise<GroupMessage> {
  const { id } = await repo.insertMessage(trx, {
    group_chat_id: groupChatId,
    sender_id: null,
    content,
    created_at: now,
    is_system: 1,
  });
  const [row] = await repo.listMessages(trx, groupChatId, 1, id + 1);
  if (!row) throw new Error(`message ${id} vanished`);
  return presentMessage(row);
}

export function createChatsService({ db, events, limiter }: ChatsDeps) {
  /** @throws AppError 404 when the chat does not exist or the caller is not a member. */
  async function assertMember(userId: number, groupChatId: number): Promise<void> {
    // Not a member and no such chat look the same: ids of others' chats are not revealed (CONTRACT.md 404).
    if (!(await repo.isMember(db, groupChatId, userId))) throw notFound('Group chat not found');
  }

  /**
   * The group chats of `userId` (only `groupChatId` when given) as they see them, most recent
   * first: chats, then their visible members in one batch, then presented.
   */
  async function summaries(userId: number, groupChatId?: number): Promise<GroupChatSummary[]> {
    const rows = await repo.listConversations(db, userId, groupChatId);
    const members = await repo.visibleMembers(
      db,
      rows.map((r) => r.id),
      userId,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      post_id: r.post_id,
      members: members
        .filter((m) => m.group_chat_id === r.id)
        .map((m) => ({ id: m.id, username: m.username })),
      last_message:
        r.last_content !== null && r.last_created_at !== null
          ? { content: r.last_content, created_at: r.last_created_at }
          : null,
      unread_count: Number(r.unread_count ?? 0),
      ...(r.cancelled_at !== null ? { is_cancelled: true } : {}),
      ...(r.left_at !== null ? { has_left: true } : {}),
    }));
  }

  /**
   * Announces that `actorId` joined or left the chat (`chat.membership.changed`): each
   * member who sees the actor (no block either way; the actor too, also once they left, to whom
   * the chat is then read-only) gets the chat as they see it, computed per member since unread
   * counts and visible members differ.
   */
  async function announceMembership(groupChatId: number, actorId: number): Promise<void> {
    const recipientIds = [
      ...new Set([actorId, ...(await repo.recipientIds(db, groupChatId, actorId))]),
    ];
    const views = await Promise.all(
      recipientIds.map(async (userId) => ({
        userId,
        chat: (await summaries(userId, groupChatId))[0],
      })),
    );
    events.emit('chat.membership.changed', {
      groupChatId,
      actorId,
      views: views.flatMap(({ userId, chat }) => (chat ? [{ userId, chat }] : [])),
    });
  }

  // Chats appear live: joining or leaving a game changes who is in its chat. A
  // waitlisted member is in the chat already, so a promotion changes nothing here.
  events.on('post.interest', ({ groupChatId, user }) => announceMembership(groupChatId, user.id));
  events.on('post.left', async ({ postId, user }) => {
    const chat = await repo.findGroupChatByPost(db, postId);
    if (chat) await announceMembership(chat.id, user.id);
  });
  events.on('post.player_removed', async ({ postId, userId }) => {
    const chat = await repo.findGroupChatByPost(db, postId);
    if (chat) await announceMembership(chat.id, userId);
  });

  return {
    assertMember,

    /** `GET /messages/conversations`: the caller's group chats, most recent first. */
    async listConversations(userId: number): Promise<{ groupChats: GroupChatSummary[] }> {
      return { groupChats: await summaries(userId) };
    },

    /**
     * `GET /messages/group/{id}`: up to `limit` messages, oldest first, and the cursor of the
     * older page; for a former member, none after they left. Opening the newest page moves the
     * caller's read marker to the newest message they see.
     * @throws AppError 404 no such chat, or the caller was never a member.
     */
    async listMessages(userId: number, groupChatId: number, limit: number, cursor?: string) {
      const beforeId = decodeBeforeIdCursor(cursor);
      const member = await repo.membership(db, groupChatId, userId);
      if (!member) throw notFound('Group chat not found');
      const rows = await repo.listMessages(
        db,
        groupChatId,
        limit + 1,
        beforeId,
        userId,
        member.last_message_id,
      );
      const page = rows.slice(0, limit);
      if (cursor === undefined) {
        await repo.moveReadMarker(db, groupChatId, userId, page[0]?.id ?? 0);
      }
      const oldest = page.at(-1);
      return {
        messages: page.reverse().map(presentMessage),
        nextCursor: rows.length > limit && oldest ? encodeBeforeIdCursor(oldest.id) : undefined,
      };
    },

    /** Whether `userId` is in the group chat of post `postId` (none before the first interest). */
    async isInPostChat(postId: number, userId: number): Promise<boolean> {
      const chat = await repo.findGroupChatByPost(db, postId);
      return chat !== undefined && (await repo.isMember(db, chat.id, userId));
    },

    /**
     * Puts `memberIds` in the group chat of post `postId`, creating it named `name` on the
     * first interest (spec part 1 §4); part of the caller's transaction `trx`.
     * @returns the group chat's id.
     */
    async joinPostChat(
      trx: Transaction<DB>,
      post: { postId: number; name: string; memberIds: number[]; now: string },
    ): Promise<number> {
      const groupChatId = await repo.ensureGroupChatForPost(trx, post.postId, post.name, post.now);
      await repo.addMembers(trx, groupChatId, post.memberIds, post.now);
      return groupChatId;
    },

    /**
     * Makes `userId` a former member of the group chat of post `postId` at `now` (they left the
     * game or were removed), in the caller's transaction `trx`: they keep reading the messages
     * up to now, all read, and write nothing more.
     * @returns the chat's id, or null when the post has none.
     */
    async leavePostChat(
      trx: Transaction<DB>,
      postId: number,
      userId: number,
      now: string,
    ): Promise<number | null> {
      const chat = await repo.findGroupChatByPost(trx, postId);
      if (!chat) return null;
      await repo.retireMember(trx, chat.id, userId, now);
      return chat.id;
    },

    /**
     * Renames the group chat of post `postId` (its host changed the game's heading), in the
     * caller's transaction `trx`; nothing when the game has no chat.
     */
    async renamePostChat(trx: Transaction<DB>, postId: number, name: string): Promise<void> {
      await repo.renameGroupChatOfPost(trx, postId, name);
    },

    /**
     * Writes the system line `content` into the group chat of post `postId`, in the caller's
     * transaction `trx` (a game's host changed it).
     * @returns the chat's id, the line and the members now to announce it to once committed,
     *   or null when the game has no chat.
     */
    async postSystemLine(
      trx: Transaction<DB>,
      postId: number,
      content: string,
      now: string,
    ): Promise<{ groupChatId: number; memberIds: number[]; line: GroupMessage } | null> {
      const chat = await repo.findGroupChatByPost(trx, postId);
      if (!chat) return null;
      const line = await systemLine(trx, chat.id, content, now);
      return { groupChatId: chat.id, memberIds: await repo.memberIds(trx, chat.id), line };
    },

    /**
     * Closes the group chat of post `postId` because the game is cancelled, in the
     * caller's transaction `trx`: marks it cancelled and ends it with the system line
     * {@link GAME_CANCELLED_LINE}. Members keep reading it; {@link sendMessage} refuses new
     * messages.
     * @returns the chat's id, its members and the line (to announce once committed), or null
     *   when the game had no chat.
     */
    async cancelPostChat(
      trx: Transaction<DB>,
      postId: number,
      now: string,
    ): Promise<{ groupChatId: number; memberIds: number[]; line: GroupMessage } | null> {
      const chat = await repo.findGroupChatByPost(trx, postId);
      if (!chat) return null;
      await repo.markCancelled(trx, chat.id, now);
      const line = await systemLine(trx, chat.id, GAME_CANCELLED_LINE, now);
      return { groupChatId: chat.id, memberIds: await repo.memberIds(trx, chat.id), line };
    },

    /**
     * Announces a line GameOn wrote into a chat (`message.group.created`) to `memberIds`, once
     * the transaction that stored it has committed.
     */
    announceSystemLine(line: GroupMessage, memberIds: number[]): void {
      events.emit('message.group.created', { message: line, recipientIds: memberIds });
    },

    /** The id of post `postId`'s group chat, or null before the first interest. */
    async postChatId(postId: number): Promise<number | null> {
      return (await repo.findGroupChatByPost(db, postId))?.id ?? null;
    },

    /**
     * Marks the chat read up to its newest message (CONTRACT.md mark-read); a former member has
     * read it all already (when they left).
     * @throws AppError 404 not a member, 429 past the member's read-mark limit.
     */
    async markRead(userId: number, groupChatId: number): Promise<{ success: true }> {
      await limiter.write('readMark', userId);
      const member = await repo.membership(db, groupChatId, userId);
      if (!member) throw notFound('Group chat not found');
      if (member.left_at !== null) return { success: true };
      await repo.moveReadMarker(
        db,
        groupChatId,
        userId,
        await repo.newestMessageId(db, groupChatId),
      );
      return { success: true };
    },

    /** Unread messages over opened group chats (spec part 1 §4 Messages). */
    async unreadTotal(userId: number): Promise<number> {
      return repo.countUnreadInOpenedChats(db, userId);
    },

    /**
     * The other members who see `userId` typing in a chat: every member but the typer, leaving
     * out a block either way (as for messages).
     * @throws AppError 404 as {@link assertMember}.
     */
    async typingRecipients(userId: number, groupChatId: number): Promise<number[]> {
      await assertMember(userId, groupChatId);
      const ids = await repo.recipientIds(db, groupChatId, userId);
      return ids.filter((id) => id !== userId);
    },

    /**
     * Stores a message from a member and announces it (`message.group.created`), which the
     * realtime module delivers to every member's sockets.
     * @throws AppError 404 no such chat or never a member; 403 `chat_read_only` for a former
     *   member (who left the game or was removed), 403 `game_cancelled` when the game of the
     *   chat was cancelled (readable, no new messages);
     *   429 past the member's message limit.
     */
    async sendMessage(userId: number, groupChatId: number, content: string): Promise<GroupMessage> {
      await limiter.write('message', userId);
      const member = await repo.membership(db, groupChatId, userId);
      if (!member) throw notFound('Group chat not found');
      if (member.left_at !== null) throw forbidden('chat_read_only', CHAT_READ_ONLY);
      const chat = await repo.findGroupChat(db, groupChatId);
      if (chat?.cancelled_at) throw forbidden('game_cancelled', GAME_CANCELLED_LINE);
      const createdAt = nowIso();
      // The message, the members' list rows and the sender's read marker go together.
      const id = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insertMessage(trx, {
          group_chat_id: groupChatId,
          sender_id: userId,
          content,
          created_at: createdAt,
        });
        // The sender has read their own message.
        await repo.moveReadMarker(trx, groupChatId, userId, inserted.id);
        return inserted.id;
      });
      const [row] = await repo.listMessages(db, groupChatId, 1, id + 1);
      if (!row) throw new Error(`message ${id} vanished`);
      const message = presentMessage(row);
      events.emit('message.group.created', {
        message,
        recipientIds: await repo.recipientIds(db, groupChatId, userId),
      });
      return message;
    },
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
