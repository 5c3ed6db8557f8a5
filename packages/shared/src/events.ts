/** Socket.IO event maps and the schemas of client event payloads (CONTRACT.md "Socket.IO"). */
import type { z } from 'zod';
import {
  sendGroupMessagePayloadSchema,
  type GroupChatRemoved,
  type GroupChatSummary,
  type GroupMessage,
  type SendGroupMessagePayload,
} from './schemas/chats.js';
import { idSchema } from './schemas/common.js';
import {
  directTypingPayloadSchema,
  groupTypingPayloadSchema,
  sendDirectMessagePayloadSchema,
  type DirectMessage,
  type DirectMessageEvent,
  type SendDirectMessagePayload,
} from './schemas/direct.js';
import type { Notification } from './schemas/notifications.js';

/** Every acknowledgement: `{success: true, ...}` or `{success: false, message}`. */
export type Ack<T extends object = object> = (
  response: ({ success: true } & T) | { success: false; message: string },
) => void;

export interface ClientToServerEvents {
  /** Accepted for compatibility; the token decides who the socket is. */
  join: (userId: unknown) => void;
  sendGroupMessage: (
    payload: SendGroupMessagePayload,
    ack?: Ack<{ message: GroupMessage }>,
  ) => void;
  joinGroupChat: (groupChatId: number, ack?: Ack) => void;
  leaveGroupChat: (groupChatId: number, ack?: Ack) => void;
  sendDirectMessage: (
    payload: SendDirectMessagePayload,
    ack?: Ack<{ message: DirectMessage }>,
  ) => void;
  directTyping: (payload: { recipientId: number; isTyping: boolean }) => void;
  groupTyping: (payload: { groupChatId: number; isTyping: boolean }) => void;
}

export interface ServerToClientEvents {
  newGroupMessage: (message: GroupMessage) => void;
  messageDelivered: (message: GroupMessage) => void;
  newDirectMessage: (message: DirectMessageEvent) => void;
  directMessageDelivered: (message: DirectMessageEvent) => void;
  userDirectTyping: (payload: { userId: number; isTyping: boolean }) => void;
  userGroupTyping: (payload: { groupChatId: number; userId: number; isTyping: boolean }) => void;
  /** The other member read this conversation up to `lastReadMessageId`. */
  messagesRead: (payload: {
    conversationId: number;
    readerId: number;
    lastReadMessageId: number;
  }) => void;
  /** A new notification of this member (spec part 1 §4 Notifications). */
  notification: (notification: Notification) => void;
  /** A followed member came online or went offline (only when they show it). */
  presence: (payload: { userId: number; online: boolean }) => void;
  /**
   * A group chat as this member sees it, sent to every member when someone joins or leaves its
   * game, and to the joiner (CONTRACT.md).
   */
  groupChatUpdated: (chat: GroupChatSummary) => void;
  /** Drop the chat from the member's lists (not sent for a game they left: they keep it). */
  groupChatRemoved: (payload: GroupChatRemoved) => void;
}

/**
 * The schema of each client event's payload, which the server's handlers parse before acting
 * (`join` takes any value: the token, not the payload, decides who the socket is).
 */
export const clientEventSchemas = {
  joinGroupChat: idSchema,
  leaveGroupChat: idSchema,
  sendDirectMessage: sendDirectMessagePayloadSchema,
  sendGroupMessage: sendGroupMessagePayloadSchema,
  directTyping: directTypingPayloadSchema,
  groupTyping: groupTypingPayloadSchema,
} satisfies Record<Exclude<keyof ClientToServerEvents, 'join'>, z.ZodType>;

/** The message of the `connect_error` a missing or bad token gets. */
export const SOCKET_UNAUTHORIZED = 'unauthorized';
