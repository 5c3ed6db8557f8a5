/**
 * buildApp(config) -> a ready Fastify instance with Socket.IO attached, migrations run and
 * (for a new embedded database) demo data seeded. Tests use it directly; main.ts listens.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { healthResponseSchema } from '@gameon/shared';
import { sql } from 'kysely';
import type { Config } from './config.js';
import { startHeartbeat } from './db/heartbeats.js';
import { detectEngine } from './db/engine.js';
import { migrateToLatest, openDatabase, type Database } from './db/index.js';
import { seedDemo } from './demo/seed.js';
import { unauthorized } from './lib/errors.js';
import { DomainEventBus, HandlerFailures } from './lib/events.js';
import {
  bearerToken,
  rejectUnsafeText,
  requestLogFields,
  useContract,
  type App,
} from './lib/http.js';
import { createMailer } from './lib/mail.js';
import { createMetrics, metricsRoutes } from './lib/metrics.js';
import { useSecurityHeaders } from './lib/security-headers.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { createAccessService } from './modules/access/index.js';
import { directRoutes } from './modules/direct/direct.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { createEventsService } from './modules/events/events.service.js';
import { createRegistrationsService } from './modules/events/registrations.service.js';
import { createDirectService } from './modules/direct/direct.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createAccountService } from './modules/account/account.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { chatsRoutes } from './modules/chats/chats.routes.js';
import { createChatsService } from './modules/chats/chats.service.js';
import { createGazetteer, type GazetteerWorkerFactory } from './modules/places/gazetteer.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { createPlacesService } from './modules/places/places.service.js';
import { feedRoutes } from './modules/feed/feed.routes.js';
import { createFeedService } from './modules/feed/feed.service.js';
import { createFeedSkeleton } from './modules/feed/skeleton.factory.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { createPostsService, placesOfOwnGames } from './modules/posts/posts.service.js';
import { sharePageRoutes } from './modules/posts/share-page.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { shareRevokedSessions } from './realtime/peers.js';
import { createRealtime, userRoom, type RealtimeServer } from './realtime/index.js';
import { connectRedis } from './realtime/redis.js';
import { DEFAULT_EVENT_RATE } from './realtime/socket-limits.js';
import { createRateLimiter } from './lib/rate-limit.js';
import { picturesRoutes } from './modules/settings/pictures.routes.js';
import { createPicturesService } from './modules/settings/pictures.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createLocalStorage, UPLOADS_PREFIX } from './lib/storage.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService, type Presence } from './modules/users/users.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    io: RealtimeServer;
    /** Failed socket and domain-event handlers, counted per event. */
    handlerFailures: HandlerFailures;
  }
}

export interface BuildOptions {
  /**
   * Pino logger options; `false` silences the log (tests). `stream` receives the JSON lines
   * (default stdout).
   */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Hears every route as it is registered (tests read the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Makes the worker threads that build the offline gazetteer for this app alone; by default
   * the app uses the process's one, shared by every app (modules/places/gazetteer.ts).
   */
  gazetteerWorker?: GazetteerWorkerFactory;
  /** The clock of timed work (the report snapshots' purge); tests inject one and move it. */
  now?: () => Date;
}

/** Builds the whole server for `config`. Throws if the database cannot be migrated. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
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
  // web app's files are not touched: the build precompressed the latter (see below), and a
  // reply that already has a Content-Encoding is passed through. Socket.IO is not a route.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(?:application\/json|text\/html)(?:;|$)/,
  });

  const metrics = createMetrics();
  metricsRoutes(app, metrics, config.metricsToken);
  const database = openDatabase(
    config.database,
    (error) => app.log.warn({ err: error }, 'database background work failed'),
    (query, ms) => metrics.observeQuery(query, ms),
  );
  app.decorate('database', database);
  const { fresh } = await migrateToLatest(database.db);
  const engine = await detectEngine(database, { allowPostgis: config.postgis });
  // On PostgreSQL: refuses to run beside another live process when either lacks Redis.
  const heartbeat =
    engine.dialect === 'postgres'
      ? await startHeartbeat(database.db, {
          redis: config.redisUrl !== undefined,
          onError: (error) => app.log.warn({ err: error }, 'server heartbeat failed'),
        }).catch(async (error: unknown) => {
          await database.destroy();
          throw error;
        })
      : undefined;
  const seed = config.seedDemo ?? (fresh && engine.dialect === 'sqlite');
  if (seed && fresh) await seedDemo(database.db);

  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, (error) =>
        app.log.warn({ err: error }, 'redis connection failed; reconnecting'),
      )
    : undefined;
  const failures = new HandlerFailures(app.log);
  app.decorate('handlerFailures', failures);
  const events = new DomainEventBus(failures);
  events.on('message.direct.created', () => metrics.messagesDelivered.inc({ kind: 'direct' }));
  events.on('message.group.created', ({ recipientIds }) =>
    metrics.messagesDelivered.inc({ kind: 'group' }, recipientIds.length),
  );
  const mailer = createMailer(config.smtpUrl, config.mailFrom, app.log);
  const limiter = createRateLimiter(config.rateLimits, redis?.client);
  const access = createAccessService({ db: database.db, adminEmails: config.adminEmails });
  const auth = createAuthService({
    db: database.db,
    mailer,
    events,
    limiter,
    log: app.log,
    publicUrl: config.publicUrl,
    isOperator: (email) => access.isOperator(email),
  });
  const chats = createChatsService({ db: database.db, limiter, events });
  const feed = createFeedService({
    db: database.db,
    skeleton: createFeedSkeleton(database.db, engine, {
      onAnswer: (source) => metrics.feedAnswers.inc({ source }),
    }),
  });
  const posts = createPostsService({
    db: database.db,
    feed,
    limiter,
    events,
    access,
    auth,
    chats,
    publicUrl: config.publicUrl,
  });
  // Sockets are dropped through Socket.IO, which is created last; bound once it exists.
  const sockets = { disconnect: (_userId: number): void => undefined };
  // Events report to the admin module, which closes events on a suspension: bound once they exist.
  const admin = createAdminService({
    db: database.db,
    access,
    auth,
    posts,
    events: { closeAllOf: (organizerId) => sportsEvents.closeAllOf(organizerId) },
    registrations: { withdrawAll: (userId) => registrations.withdrawAll(userId) },
    disconnect: (userId) => sockets.disconnect(userId),
    limiter,
    ...(options.now ? { now: options.now } : {}),
  });
  const reviews = createReviewsService({ db: database.db, limiter, access, reports: admin });
  const settings = createSettingsService({
    db: database.db,
    access,
    auth,
    posts,
    limiter,
    limitHomePoint: config.rateLimits,
  });
  // Presence needs the Socket.IO server, which is created last; bound once it exists.
  const presence: Presence = { isOnline: () => Promise.resolve(false) };
  const users = createUsersService({
    db: database.db,
    limiter,
    presence,
    events,
    access,
    auth,
    settings,
    reports: admin,
  });
  const direct = createDirectService({
    db: database.db,
    limiter,
    events,
    access,
    groupUnread: (id) => chats.unreadTotal(id),
    // Direct messages and notifications meet here, not by importing each other.
    conversationRead: (trx, userId, conversationId) =>
      notifications.markConversationRead(trx, userId, conversationId),
    messageNotificationInBatch: (connection, message, recipientId) =>
      notifications.messageNotificationInBatch(connection, message, recipientId),
  });
  const notifications = createNotificationsService({ db: database.db, events, direct, limiter });
  const gazetteer = createGazetteer(options.gazetteerWorker, (error, failures) =>
    app.log.error({ err: error, failures }, 'gazetteer worker failed; starting another'),
  );
  const places = createPlacesService({
    placesUrl: config.placesUrl,
    // Places and posts meet here, not by importing each other.
    ownPlaces: (userId, q, limit) => placesOfOwnGames(database.db, userId, q, limit),
    gazetteer,
  });
  const storage = await createLocalStorage(config.uploadsDir);
  const pictures = createPicturesService({ db: database.db, storage, limiter });
  const account = createAccountService({ db: database.db, events, storage, limiter });
  const sportsEvents = createEventsService({
    db: database.db,
    events,
    access,
    auth,
    publicUrl: config.publicUrl,
    reports: admin,
    limiter,
  });
  const registrations = createRegistrationsService({
    db: database.db,
    limiter,
    access,
    auth,
  });

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
    await sql`select 1`.execute(database.db);
    await redis?.ping();
    return { status: 'ok' as const };
  });
  authRoutes(app, auth, requireAuth);
  settingsRoutes(app, settings, auth, requireAuth);
  usersRoutes(app, users, requireAuth);
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 5, fileSize: 10 * 1024 * 1024 },
  });
  picturesRoutes(app, pictures, requireAuth);
  accountRoutes(app, account, requireAuth);
  notificationsRoutes(app, notifications, requireAuth);
  directRoutes(app, direct, requireAuth);
  // Pictures have random names and never change: cache them for a year.
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });
  feedRoutes(app, feed, requireAuth);
  postsRoutes(app, posts, requireAuth, optionalAuth);
  reviewsRoutes(app, reviews, requireAuth);
  chatsRoutes(app, chats, requireAuth);
  placesRoutes(app, places, requireAuth);
  eventsRoutes(app, { events: sportsEvents, registrations }, { requireAuth, optionalAuth });
  adminRoutes(app, admin, requireAuth);

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

  const realtime = createRealtime(app.server, {
    roomsSubscribed: redis?.subscriptionsSettled,
    auth,
    chats,
    direct,
    users,
    events,
    failures,
    log: app.log,
    // The per-socket event rate is an abuse limit like the others: RATE_LIMITS=off lifts it.
    eventRate: config.rateLimits ? DEFAULT_EVENT_RATE : null,
  });
  app.decorate('io', realtime.io);
  metrics.countSocketsWith(() => realtime.io.engine.clientsCount);
  sockets.disconnect = (userId) => app.io.in(userRoom(userId)).disconnectSockets(true);
  presence.isOnline = async (userId) =>
    (await app.io.in(userRoom(userId)).fetchSockets()).length > 0;
  if (redis) {
    redis.attach(app.io);
    shareRevokedSessions(app.io, events, (ids) => auth.forgetSessions(ids), app.log);
  }
  // Sockets go first: the HTTP server's close waits for every connection to end.
  app.addHook('preClose', realtime.disconnect);
  app.addHook('onClose', async () => {
    await realtime.shutdown();
    // Messages stored before the sockets closed still get their notifications
    // (they are written in batches a little after their messages).
    await notifications.drain();
    await redis?.close();
    gazetteer.close();
    mailer.close();
    // Gone at once, so that a restart on another machine is not held up by it.
    await heartbeat
      ?.stop()
      .catch((error: unknown) => app.log.warn({ err: error }, 'server heartbeat not removed'));
    await database.destroy();
  });

  await app.ready();
  return app;
}
