/** `GET /api/posts`: the feed (spec part 1 §2, §7); a member's. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { feedQuerySchema, postsResponseSchema } from '@gameon/shared';
import { answerJsonText, principalOf, setNextCursor, type App } from '../../lib/http.js';
import type { FeedService } from './feed.service.js';

/** Registers the feed's route on `app`, for members (`requireAuth`). */
export function feedRoutes(app: App, feed: FeedService, requireAuth: preHandlerAsyncHookHandler) {
  app.get(
    '/api/posts',
    {
      preHandler: requireAuth,
      schema: { querystring: feedQuerySchema, response: { 200: postsResponseSchema } },
    },
    async (request, reply) => {
      const { posts: page, nextCursor } = await feed.feed(
        principalOf(request).userId,
        request.query,
      );
      setNextCursor(reply, nextCursor);
      return answerJsonText(page);
    },
  );
}
