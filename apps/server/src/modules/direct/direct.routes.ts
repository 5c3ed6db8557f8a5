/** Direct message routes (spec part 1 §7; CONTRACT.md) and the combined unread count. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  conversationWithResponseSchema,
  directConversationsResponseSchema,
  directMessagesResponseSchema,
  idParamsSchema,
  idSchema,
  pageQuerySchema,
  successSchema,
  unreadCountResponseSchema,
} from '@gameon/shared';
import { principalOf, setNextCursor, type App } from '../../lib/http.js';
import type { DirectService } from './direct.service.js';

const otherUserParamsSchema = z.object({ otherUserId: idSchema });

export function directRoutes(
  app: App,
  direct: DirectService,
  requireAuth: preHandlerAsyncHookHandler,
) {
  app.get(
    '/api/direct-messages/conversations',
    { preHandler: requireAuth, schema: { response: { 200: directConversationsResponseSchema } } },
    (request) => direct.conversations(principalOf(request).userId),
  );
  app.get(
    '/api/direct-messages/conversation/:otherUserId',
    {
      preHandler: requireAuth,
      schema: {
        params: otherUserParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: conversationWithResponseSchema },
      },
    },
    async (request, reply) => {
      const { messages, conversationId, nextCursor } = await direct.conversationWith(
        principalOf(request).userId,
        request.params.otherUserId,
        request.query.limit,
        request.query.cursor,
      );
      setNextCursor(reply, nextCursor);
      return { messages, conversationId };
    },
  );
  app.post(
    '/api/direct-messages/mark-read/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => direct.markRead(principalOf(request).userId, request.params.id),
  );
  app.get(
    '/api/messages/direct/:id',
    {
      preHandler: requireAuth,
      schema: {
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: directMessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await direct.messages(
        principalOf(request).userId,
        request.params.id,
        request.query.limit,
        request.query.cursor,
      );
      setNextCursor(reply, page.nextCursor);
      return page.messages;
    },
  );
  app.get(
    '/api/messages/unread-count',
    { preHandler: requireAuth, schema: { response: { 200: unreadCountResponseSchema } } },
    (request) => direct.unreadTotal(principalOf(request).userId),
  );
}
