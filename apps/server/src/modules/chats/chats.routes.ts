/** `/api/messages/*` group chat routes (spec part 1 §7; CONTRACT.md mark-read). */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  groupConversationsResponseSchema,
  groupMessagesResponseSchema,
  idParamsSchema,
  pageQuerySchema,
  successSchema,
} from '@gameon/shared';
import { principalOf, setNextCursor, type App } from '../../lib/http.js';
import type { ChatsService } from './chats.service.js';

export function chatsRoutes(
  app: App,
  chats: ChatsService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/messages/conversations',
    { preHandler: requireAuth, schema: { response: { 200: groupConversationsResponseSchema } } },
    (request) => chats.listConversations(principalOf(request).userId),
  );
  app.get(
    '/api/messages/group/:id',
    {
      preHandler: requireAuth,
      schema: {
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: groupMessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const { messages, nextCursor } = await chats.listMessages(
        principalOf(request).userId,
        request.params.id,
        request.query.limit,
        request.query.cursor,
      );
      setNextCursor(reply, nextCursor);
      return messages;
    },
  );
  app.post(
    '/api/messages/group/:id/mark-read',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => chats.markRead(principalOf(request).userId, request.params.id),
  );
}
