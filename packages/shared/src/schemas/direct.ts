/** Direct messages (spec part 1 §3, §4, §7; CONTRACT.md "Ids and conversations", Socket.IO). */
import { z } from 'zod';
import { messageContentSchema } from './chats.js';
import { idSchema, userRefSchema } from './common.js';

export const directMessageSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  sender_id: z.number().nullable(),
  recipient_id: z.number().nullable(),
  sender: userRefSchema,
  content: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

/** `GET /messages/direct/{id}`: one page of the conversation's messages (CONTRACT.md lists). */
export const directMessagesResponseSchema = z.array(directMessageSchema);

/** `newDirectMessage` / `directMessageDelivered`: the message with `conversationId` (CONTRACT.md). */
export const directMessageEventSchema = directMessageSchema.extend({ conversationId: z.number() });
export type DirectMessageEvent = z.infer<typeof directMessageEventSchema>;

/** A direct conversation in the list (spec part 1 §3), with its id. */
export const directConversationSchema = z.object({
  id: z.number(),
  other_user_id: z.number().nullable(),
  other_user_username: z.string(),
  last_message_content: z.string().nullable(),
  last_message: z.object({ created_at: z.string() }).nullable(),
  unread_count: z.number(),
});
export type DirectConversation = z.infer<typeof directConversationSchema>;

/** `GET /direct-messages/conversations`: the list, a JSON array (CONTRACT.md lists). */
export const directConversationsResponseSchema = z.array(directConversationSchema);

/** `GET /direct-messages/conversation/{otherUserId}`: `conversationId` null before the first message. */
export const conversationWithResponseSchema = z.object({
  messages: z.array(directMessageSchema),
  conversationId: z.number().nullable(),
});

/** `sendDirectMessage` payload. */
export const sendDirectMessagePayloadSchema = z.object({
  recipientId: idSchema,
  content: messageContentSchema,
});
export type SendDirectMessagePayload = z.input<typeof sendDirectMessagePayloadSchema>;

export const directTypingPayloadSchema = z.object({ recipientId: idSchema, isTyping: z.boolean() });
export const groupTypingPayloadSchema = z.object({ groupChatId: idSchema, isTyping: z.boolean() });
