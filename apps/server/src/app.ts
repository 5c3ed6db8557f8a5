/**
 * buildApp(config) -> a ready Fastify instance with Socket.IO attached, migrations run and
 * (for a new embedded database) demo data seeded. Tests use it directly; main.ts listens.
 * Read top to bottom: the HTTP app, the platform the services run on (database, engine, Redis,
 * domain events, mail, limits, storage, gazetteer, the Socket.IO server), the services
 * (services.ts), their routes and the web app (http-app.ts), then realtime and shutdown.
 */
import { sql } from 'kysely';
import type { Config } from './config.js';
import { startHeartbeat } from './db/heartbeats.js';
import { detectEngine } from './db/engine.js';
import { migrateToLatest, openDatabase, type Database } from './db/index.js';
import { seedDemo } from './demo/seed.js';
import { createHttpApp, registerApi, serveWebApp, type HttpOptions } from './http-app.js';
import { DomainEventBus, HandlerFailures } from './lib/events.js';
import type { App } from './lib/http.js';
import { createMailer } from './lib/mail.js';
import { createMetrics, metricsRoutes } from './lib/metrics.js';
import { createRateLimiter } from './lib/rate-limit.js';
import { createLocalStorage } from './lib/storage.js';
import { createGazetteer, type GazetteerWorkerFactory } from './modules/places/gazetteer.js';
import { createSocketServer, serveRealtime, type RealtimeServer } from './realtime/index.js';
import { shareRevokedSessions } from './realtime/peers.js';
import { connectRedis } from './realtime/redis.js';
import { DEFAULT_EVENT_RATE } from './realtime/socket-limits.js';
import type { Scheduler } from './modules/scheduler/index.js';
import { createServices } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    io: RealtimeServer;
    /** Failed socket and domain-event handlers, counted per event. */
    handlerFailures: HandlerFailures;
    /** The scheduler of timed work (modules/scheduler); tests call its runDue. */
    scheduler: Scheduler;
  }
}

export interface BuildOptions extends HttpOptions {
  /**
   * Makes the worker threads that build the offline gazetteer for this app alone; by default
   * the app uses the process's one, shared by every app (modules/places/gazetteer.ts).
   */
  gazetteerWorker?: GazetteerWorkerFactory;
  /** The clock of timed work (the scheduler); tests inject one and move it. */
  now?: () => Date;
  /**
   * How often the scheduler looks for due work, in milliseconds ({@link SCHEDULER_POLL_MS} by
   * default); null: never by itself (tests call `app.scheduler.runDue()` after moving the clock).
   */
  schedulerPollMs?: number | null;
}

/** How often a process looks for due timed work: reminders are at most this late. */
export const SCHEDULER_POLL_MS = 15_000;

/** Builds the whole server for `config`. Throws if the database cannot be migrated. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = await createHttpApp(config, options);

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
  const storage = await createLocalStorage(config.uploadsDir);
  const gazetteer = createGazetteer(options.gazetteerWorker, (error, failures) =>
    app.log.error({ err: error, failures }, 'gazetteer worker failed; starting another'),
  );
  // Created before the services, which take its presence and disconnection ports; it serves
  // sockets once they exist (below), and the HTTP server listens after buildApp.
  const sockets = createSocketServer(app.server);
  app.decorate('io', sockets.io);

  const services = createServices({
    config,
    db: database.db,
    engine,
    events,
    mailer,
    limiter,
    storage,
    gazetteer,
    metrics,
    log: app.log,
    realtime: sockets,
    ...(options.now ? { now: options.now } : {}),
  });

  await registerApi(app, services, {
    storage,
    ready: async () => {
      await sql`select 1`.execute(database.db);
      await redis?.ping();
    },
  });
  await serveWebApp(app, config, services.posts);

  const realtime = serveRealtime(sockets, {
    roomsSubscribed: redis?.subscriptionsSettled,
    auth: services.auth,
    chats: services.chats,
    direct: services.direct,
    users: services.users,
    events,
    failures,
    log: app.log,
    // The per-socket event rate is an abuse limit like the others: RATE_LIMITS=off lifts it.
    eventRate: config.rateLimits ? DEFAULT_EVENT_RATE : null,
  });
  metrics.countSocketsWith(() => sockets.io.engine.clientsCount);
  app.decorate('scheduler', services.scheduler);
  await services.scheduler.start({
    pollMs: options.schedulerPollMs === undefined ? SCHEDULER_POLL_MS : options.schedulerPollMs,
  });
  if (redis) {
    redis.attach(sockets.io);
    shareRevokedSessions(sockets.io, events, (ids) => services.auth.forgetSessions(ids), app.log);
  }
  // Sockets go first: the HTTP server's close waits for every connection to end.
  app.addHook('preClose', realtime.disconnect);
  app.addHook('onClose', async () => {
    // No new timed work; a run in progress ends before the database closes.
    await services.scheduler.stop();
    await realtime.shutdown();
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
