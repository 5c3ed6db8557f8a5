/**
 * The HTTP side of the server: the Fastify instance with its request-wide hooks, the API's
 * routes over the services, and the web app's files (app.ts puts them together).
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { healthResponseSchema } from '@gameon/shared';
import type { Config } from './config.js';
import { unauthorized } from './lib/errors.js';
import {
  bearerToken,
  rejectUnsafeText,
  requestLogFields,
  useContract,
  type App,
} from './lib/http.js';
import { useSecurityHeaders } from './lib/security-headers.js';
import { UPLOADS_PREFIX, type Storage } from './lib/storage.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { chatsRoutes } from './modules/chats/chats.routes.js';
import { directRoutes } from './modules/direct/direct.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { invitationsRoutes } from './modules/events/invitations.routes.js';
import { digestRoutes } from './modules/notifications/digest.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { pushRoutes } from './modules/push/index.js';
import type { PostsService } from './modules/posts/posts.service.js';
import { feedRoutes } from './modules/feed/feed.routes.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { offersRoutes } from './modules/posts/offers.routes.js';
import { shareCardRoutes } from './modules/posts/share-card.routes.js';
import { sharePageRoutes } from './modules/posts/share-page.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { seriesRoutes } from './modules/series/series.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { costsRoutes } from './modules/costs/costs.routes.js';
import { trustRoutes } from './modules/trust/index.js';
import { picturesRoutes } from './modules/settings/pictures.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import type { Services } from './services.js';

export interface HttpOptions {
  /**
   * Pino logger options; `false` silences the log (tests). `stream` receives the JSON lines
   * (default stdout).
   */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Hears every route as it is registered (tests read the route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * A Fastify instance for `config`: request logging (secrets in paths redacted), the proxies
 * trusted, the 1 MiB body limit, the contract's schemas (responses checked only where config
 * asks: tests), unsafe text refused, security headers and compression.
 */
export async function createHttpApp(config: Config, options: HttpOptions): Promise<App> {
  const logger = options.logger ?? { level: config.logLevel };
  const app = Fastify({
    // Requests are logged with secrets in their path redacted (calendar feeds).
    logger:
      logger === false
        ? false
        : { ...(logger === true ? {} : logger), serializers: { req: requestLogFields } },
    // A hop count trusts only that many proxies nearest the server (proxy-addr counts hops from us).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  // Responses are checked against their schemas only where config asks (tests), never in production.
  useContract(app, { validateResponses: config.responseValidation });
  app.addHook('preValidation', rejectUnsafeText);
  useSecurityHeaders(app, { hsts: config.trustProxy !== false });
  // API JSON and the share page's HTML over 1 KiB go compressed. Pictures and the
  // web app's files are not touched: the build precompressed the latter (see serveWebApp), and a
  // reply that already has a Content-Encoding is passed through. Socket.IO is not a route.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(?:application\/json|text\/html)(?:;|$)/,
  });
  return app;
}

/**
 * Registers `/api/health`, `/api/ready` (`ready` throws when a store is unreachable), every
 * module's routes with the bearer-token guards, and the uploaded pictures under
 * {@link UPLOADS_PREFIX}.
 */
export async function registerApi(
  app: App,
  services: Services,
  { storage, ready }: { storage: Storage; ready: () => Promise<void> },
): Promise<void> {
  const { auth } = services;
  app.decorateRequest('principal', null);
  const requireAuth = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const principal = token ? await auth.authenticate(token) : null;
    if (!principal) throw unauthorized();
    request.principal = principal;
  };
  // Public routes (events, one game): signed out is fine, but a token that is sent must be good, so a
  // client with a dead session hears 401 as everywhere else.
  const optionalAuth = async (request: FastifyRequest) => {
    if (bearerToken(request) !== null) await requireAuth(request);
  };

  const health = { schema: { response: { 200: healthResponseSchema } } };
  app.get('/api/health', health, () => ({ status: 'ok' as const }));
  app.get('/api/ready', health, async () => {
    await ready();
    return { status: 'ok' as const };
  });
  authRoutes(app, auth, requireAuth);
  settingsRoutes(app, services.settings, auth, requireAuth);
  usersRoutes(app, services.users, requireAuth);
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 5, fileSize: 10 * 1024 * 1024 },
  });
  picturesRoutes(app, services.pictures, requireAuth);
  accountRoutes(app, services.account, requireAuth);
  notificationsRoutes(app, services.notifications, services.notificationSettings, requireAuth);
  pushRoutes(app, services.push, requireAuth);
  await digestRoutes(app, services.digest);
  directRoutes(app, services.direct, requireAuth);
  // Pictures have random names and never change: cache them for a year.
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });
  feedRoutes(app, services.feed, requireAuth);
  postsRoutes(app, services.posts, requireAuth, optionalAuth);
  offersRoutes(app, services.offers, requireAuth);
  shareCardRoutes(app, services.shareCards);
  reviewsRoutes(app, services.reviews, requireAuth);
  chatsRoutes(app, services.chats, requireAuth);
  placesRoutes(app, services.places, requireAuth);
  eventsRoutes(
    app,
    { events: services.events, registrations: services.registrations },
    { requireAuth, optionalAuth },
  );
  invitationsRoutes(app, services.invitations, requireAuth);
  adminRoutes(app, services.admin, requireAuth);
  commentsRoutes(app, services.comments, requireAuth, optionalAuth);
  costsRoutes(app, services.costs, requireAuth);
  trustRoutes(app, services.trust, requireAuth);
  seriesRoutes(app, services.series, requireAuth);
}

/**
 * Serves the built web app from `config.webDist` when it is there: the pre-rendered landing
 * page at `/`, the game page with its link preview, the files (precompressed, hashed assets
 * cached for a year), and `index.html` for the client's own routes. Anything else is the JSON
 * 404.
 */
export async function serveWebApp(
  app: App,
  config: Pick<Config, 'webDist' | 'publicUrl'>,
  posts: PostsService,
): Promise<void> {
  const indexHtml = config.webDist ? path.join(config.webDist, 'index.html') : null;
  const serveWeb = indexHtml !== null && fs.existsSync(indexHtml);
  if (serveWeb && config.webDist) {
    // The game page carries its link preview; the template is read once.
    sharePageRoutes(app, posts, {
      template: fs.readFileSync(indexHtml, 'utf8'),
      publicUrl: config.publicUrl,
    });
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      // `/` is the pre-rendered landing page below, not the web app's index.html.
      index: false,
      // The build wrote `.br` and `.gz` beside each text file (apps/web/vite.config.ts): sent as
      // they are to a browser that accepts them, with their Content-Encoding.
      preCompressed: true,
      // Our own Cache-Control below, per file.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Vary', 'Accept-Encoding');
        // Vite's hashed assets never change; index.html must always be revalidated.
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  if (serveWeb) {
    // A visitor's first page, pre-rendered at build time (apps/web/vite.config.ts); a
    // member's browser starts the web app from it. An older build without it serves the web app.
    const landing = fs.existsSync(path.join(config.webDist ?? '', 'landing.html'))
      ? 'landing.html'
      : 'index.html';
    app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile(landing));
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      serveWeb &&
      request.method === 'GET' &&
      !url.startsWith('/api/') &&
      !url.startsWith('/socket.io') &&
      !url.startsWith(UPLOADS_PREFIX)
    ) {
      // Client routes (/messages, /create-post, ...) are the SPA's: fall back to index.html.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, code: 'not_found', message: 'Not found' });
  });
}
