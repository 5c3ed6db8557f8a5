/**
 * `/api/posts/*` routes (spec part 1 §7, spec part 2 §7, §8: games, their hosts' edits and
 * removals of players, and calendars; the feed,
 * `GET /api/posts`, is the feed module's). One game is public (`optionalAuth`); everything else
 * needs a member.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  calendarFeedParamsSchema,
  calendarFeedResponseSchema,
  calendarFeedStatusSchema,
  calendarResponseSchema,
  createPostBodySchema,
  editPostBodySchema,
  idParamsSchema,
  interestResponseSchema,
  pageQuerySchema,
  postPlayerParamsSchema,
  postSchema,
  postsResponseSchema,
  successSchema,
} from '@gameon/shared';
import { CALENDAR_CONTENT_TYPE } from '../../lib/calendar.js';
import { principalOf, setNextCursor, viewerOf, type App } from '../../lib/http.js';
import type { PostsService } from './posts.service.js';

export function postsRoutes(
  app: App,
  posts: PostsService,
  requireAuth: preHandlerAsyncHookHandler,
  optionalAuth: preHandlerAsyncHookHandler,
) {
  app.post(
    '/api/posts',
    {
      preHandler: requireAuth,
      schema: { body: createPostBodySchema, response: { 201: postSchema } },
    },
    async (request, reply) => {
      const post = await posts.create(principalOf(request).userId, request.body);
      return reply.status(201).send(post);
    },
  );
  // Static paths win over `/api/posts/:id` in Fastify's router, whatever the order here.
  app.get(
    '/api/posts/my-posts',
    { preHandler: requireAuth, schema: { response: { 200: postsResponseSchema } } },
    (request) => posts.myPosts(principalOf(request).userId),
  );
  app.get(
    '/api/posts/joined',
    { preHandler: requireAuth, schema: { response: { 200: postsResponseSchema } } },
    (request) => posts.joined(principalOf(request).userId),
  );
  app.get(
    '/api/posts/user/:id',
    {
      preHandler: requireAuth,
      schema: {
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: postsResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await posts.listByAuthor(
        principalOf(request).userId,
        request.params.id,
        request.query,
      );
      setNextCursor(reply, page.nextCursor);
      return page.posts;
    },
  );
  // Public (shareable links): signed out, the game as a stranger sees it.
  app.get(
    '/api/posts/:id',
    {
      preHandler: optionalAuth,
      schema: { params: idParamsSchema, response: { 200: postSchema } },
    },
    (request) => {
      const viewerId = viewerOf(request);
      return viewerId === null
        ? posts.getPublic(request.params.id)
        : posts.getOne(viewerId, request.params.id);
    },
  );
  app.delete(
    '/api/posts/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => posts.remove(principalOf(request).userId, request.params.id),
  );
  app.patch(
    '/api/posts/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, body: editPostBodySchema, response: { 200: postSchema } },
    },
    (request) => posts.update(principalOf(request).userId, request.params.id, request.body),
  );
  app.delete(
    '/api/posts/:id/players/:userId',
    {
      preHandler: requireAuth,
      schema: { params: postPlayerParamsSchema, response: { 200: successSchema } },
    },
    (request) =>
      posts.removePlayer(principalOf(request).userId, request.params.id, request.params.userId),
  );
  app.post(
    '/api/posts/:id/interest',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: interestResponseSchema } },
    },
    (request) => posts.expressInterest(principalOf(request).userId, request.params.id),
  );
  app.delete(
    '/api/posts/:id/interest',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => posts.leave(principalOf(request).userId, request.params.id),
  );
  app.get(
    '/api/posts/:id/calendar.ics',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: calendarResponseSchema } },
    },
    async (request, reply) => {
      const ics = await posts.calendar(principalOf(request).userId, request.params.id);
      return reply
        .type(CALENDAR_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="game-${request.params.id}.ics"`)
        .send(ics);
    },
  );
  // No bearer token: the secret in the path is the key (a phone calendar subscribes to it).
  app.get(
    '/api/calendar/:file',
    {
      schema: { params: calendarFeedParamsSchema, response: { 200: calendarResponseSchema } },
    },
    async (request, reply) => {
      const ics = await posts.calendarFeed(request.params.file);
      return reply
        .type(CALENDAR_CONTENT_TYPE)
        .header('Cache-Control', 'private, no-store')
        .send(ics);
    },
  );
  app.get(
    '/api/settings/calendar-feed',
    { preHandler: requireAuth, schema: { response: { 200: calendarFeedStatusSchema } } },
    (request) => posts.calendarFeedStatus(principalOf(request).userId),
  );
  app.post(
    '/api/settings/calendar-feed',
    { preHandler: requireAuth, schema: { response: { 200: calendarFeedResponseSchema } } },
    (request) => posts.resetCalendarFeed(principalOf(request).userId),
  );
}
