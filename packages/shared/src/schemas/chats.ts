/** Group chats and their messages (spec part 1 §3, §7; CONTRACT.md). */
import { z } from 'zod';
import { MESSAGE_MAX } from '../constants.js';
import { idSchema, userRefSchema } from './common.js';

/** Message text: trimmed, blank refused, at most 2,000 characters (CONTRACT.md). */
export const messageContentSchema = z
  .string({ error: 'Message text is required' })
  .trim()
  .min(1, 'Message cannot be empty')
  .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`);

export const lastMessageSchema = z.object({ content: z.string(), created_at: z.string() });

export const groupChatSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The game of the chat (links to `/posts/{post_id}`); null once the game was cancelled. */
  post_id: z.number().nullable(),
  /**
   * The members as this member sees them: in joining order, without anyone blocked
   * either way (their messages are hidden too).
   */
  members: z.array(userRefSchema),
  last_message: lastMessageSchema.nullable(),
  unread_count: z.number(),
  /**
   * `true` once the game was cancelled: the chat stays readable and takes no new
   * messages. Absent otherwise.
   */
  is_cancelled: z.boolean().optional(),
  /**
   * `true` once the member left the game or its host removed them: they read the messages up
   * to that moment, none unread, and write nothing. Absent otherwise.
   */
  has_left: z.boolean().optional(),
});
export type GroupChatSummary = z.infer<typeof groupChatSummarySchema>;

/**
 * `groupChatRemoved`: drops a chat from every open list of the member. The server no
 * longer sends it for a game the member left (they keep its chat, read-only, by
 * `groupChatUpdated` with `has_left`); clients still honour it.
 */
export const groupChatRemovedSchema = z.object({ groupChatId: z.number() });
export type GroupChatRemoved = z.infer<typeof groupChatRemovedSchema>;

export const groupConversationsResponseSchema = z.object({
  groupChats: z.array(groupChatSummarySchema),
});

export const groupMessageSchema = z.object({
  id: z.number(),
  group_chat_id: z.number(),
  sender_id: z.number().nullable(),
  sender: userRefSchema,
  content: z.string(),
  created_at: z.string(),
  /** A line from GameOn itself, such as "This game was cancelled"; no sender. */
  system: z.boolean().optional(),
});
export type GroupMessage = z.infer<typeof groupMessageSchema>;

/** `GET /messages/group/{id}`: one page of the chat's messages (CONTRACT.md lists). */
export const groupMessagesResponseSchema = z.array(groupMessageSchema);

/**
 * `sendGroupMessage` payload: `{groupChat, content}` (the spec's name) or `{groupChatId,
 * content}`; normalised to `{groupChatId, content}`.
 */
export const sendGroupMessagePayloadSchema = z
  .object({
    groupChat: idSchema.optional(),
    groupChatId: idSchema.optional(),
    content: messageContentSchema,
  })
  .transform((p, ctx) => {
    const groupChatId = p.groupChatId ?? p.groupChat;
    if (groupChatId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['groupChat'], message: 'Group chat id is required' });
      return z.NEVER;
    }
    return { groupChatId, content: p.content };
  });
export type SendGroupMessagePayload = z.input<typeof sendGroupMessagePayloadSchema>;

/** `GET /messages/unread-count` -> `{total}` over direct and opened group chats (spec part 1 §3). */
export const unreadCountResponseSchema = z.object({ total: z.number() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;
