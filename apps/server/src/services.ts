/**
 * The service graph: every feature module's service, created in dependency order, each handed
 * the ports it declares in its own deps type (a module never reaches another but through them).
 * Nothing is used before it is created here:
 *
 * - the member lookup (users module) and the filing of reports (admin module) need only the
 *   database, so they come first and every module that presents a member or takes a report
 *   gets them;
 * - presence and disconnection are ports of the Socket.IO server, created before the services
 *   and served after them (realtime/index.ts);
 * - the admin service, which acts on posts, events and registrations when a member is
 *   suspended, comes after them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Engine } from './db/engine.js';
import type { DB } from './db/types.js';
import type { DomainEventBus } from './lib/events.js';
import type { Mailer } from './lib/mail.js';
import type { Metrics } from './lib/metrics.js';
import type { RateLimiter } from './lib/rate-limit.js';
import type { Storage } from './lib/storage.js';
import { createAccessService } from './modules/access/index.js';
import { createAccountService } from './modules/account/account.service.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { createReportsService } from './modules/admin/reports.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createChatsService } from './modules/chats/chats.service.js';
import { createCommentsService } from './modules/comments/comments.service.js';
import { createCostsService } from './modules/costs/costs.service.js';
import { createDirectService, createDirectWrites } from './modules/direct/index.js';
import { createEventsService } from './modules/events/events.service.js';
import { createRegistrationsService } from './modules/events/registrations.service.js';
import { createInvitationsService } from './modules/events/invitations.service.js';
import { createFeedService, createFeedSkeleton } from './modules/feed/index.js';
import { createDigestService } from './modules/notifications/digest.service.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createPreferencesService } from './modules/notifications/preferences.service.js';
import { createPushService, sessionsWithPush } from './modules/push/index.js';
import type { Gazetteer } from './modules/places/gazetteer.js';
import { createPlacesService } from './modules/places/places.service.js';
import { createPostsService, placesOfOwnGames } from './modules/posts/posts.service.js';
import { createShareCards } from './modules/posts/share-card.service.js';
import { createOffersService } from './modules/posts/offers.service.js';
import { createRemindersService } from './modules/reminders/reminders.service.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { createScheduler, jobClaims } from './modules/scheduler/index.js';
import { createSeriesService } from './modules/series/series.service.js';
import { createPicturesService } from './modules/settings/pictures.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createTrustService } from './modules/trust/index.js';
import { createMemberLookup, createUsersService, peopleSearchPlan } from './modules/users/index.js';
import type { SocketServer } from './realtime/index.js';

/** What the services run on, made by the app before them (app.ts). */
export interface Platform {
  config: Config;
  db: Kysely<DB>;
  /** The storage engine, for the repositories' engine-specific parts (never a service's). */
  engine: Engine;
  events: DomainEventBus;
  mailer: Mailer;
  limiter: RateLimiter;
  storage: Storage;
  gazetteer: Gazetteer;
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** The Socket.IO server's ports: presence (users) and disconnection (admin). */
  realtime: Pick<SocketServer, 'presence' | 'sockets'>;
  /** The clock of timed work (the scheduler, the report snapshots' purge, notification groups); tests inject one. */
  now?: () => Date;
}

/** Creates every service of the server in dependency order (see the file's comment). */
export function createServices({
  config,
  db,
  engine,
  events,
  mailer,
  limiter,
  storage,
  gazetteer,
  metrics,
  log,
  realtime,
  now,
}: Platform) {
  const clock = now ? { now } : {};

  // Needing only the database (and each other). The scheduler of timed work comes first: the
  // services register their kinds of work with it as they are created.
  const scheduler = createScheduler({
    db,
    claimDue: jobClaims(engine),
    log,
    onRun: (kind, result) => metrics.scheduledJobs.inc({ kind, result }),
    ...clock,
  });
  const access = createAccessService({ db, adminEmails: config.adminEmails });
  const members = createMemberLookup({ db });
  const reports = createReportsService({ db, scheduler, ...clock });

  const auth = createAuthService({
    db,
    users: members,
    mailer,
    events,
    limiter,
    log,
    publicUrl: config.publicUrl,
    isOperator: (email) => access.isOperator(email),
    // Auth and push meet here: a session's row in Settings says whether its device has push.
    sessionsWithPush: (userId) => sessionsWithPush(db, userId),
  });
  const chats = createChatsService({ db, limiter, events });
  const feed = createFeedService({
    db,
    skeleton: createFeedSkeleton(db, engine, {
      onAnswer: (source) => metrics.feedAnswers.inc({ source }),
    }),
  });
  // Trust between players: before posts, whose joining asks it about a host's minimums.
  const trust = createTrustService({
    db,
    events,
    limiter,
    access,
    users: members,
    reports,
    ...clock,
  });
  // Offers of freed places: the posts service runs them wherever a place frees up.
  const offers = createOffersService({ db, scheduler, events, limiter, access, chats, ...clock });
  const posts = createPostsService({
    offers,
    db,
    feed,
    trust,
    limiter,
    events,
    access,
    users: members,
    chats,
    publicUrl: config.publicUrl,
    // A host's series in their calendar feed: the series service, made below, answers.
    seriesEntries: (hostId, seriesIds) => series.calendarEntries(hostId, seriesIds),
  });
  const settings = createSettingsService({
    db,
    access,
    users: members,
    posts,
    limiter,
    limitHomePoint: config.rateLimits,
  });
  const users = createUsersService({
    db,
    searchPlan: peopleSearchPlan(engine),
    limiter,
    presence: realtime.presence,
    events,
    access,
    settings,
    reports,
  });
  const reviews = createReviewsService({ db, limiter, access, reports });
  const sportsEvents = createEventsService({
    db,
    events,
    access,
    users: members,
    publicUrl: config.publicUrl,
    reports,
    limiter,
  });
  const registrations = createRegistrationsService({
    db,
    limiter,
    access,
    users: members,
    events,
  });
  const invitations = createInvitationsService({
    db,
    events,
    access,
    settings,
    users: members,
    sportsEvents,
    limiter,
  });
  const admin = createAdminService({
    db,
    access,
    auth,
    posts,
    events: sportsEvents,
    registrations,
    sockets: realtime.sockets,
    limiter,
    ...clock,
  });

  const direct = createDirectService({
    db,
    writes: createDirectWrites(engine, db),
    limiter,
    events,
    access,
    groupUnread: (userId) => chats.unreadTotal(userId),
  });
  const notificationSettings = createPreferencesService({ db, limiter });
  const notifications = createNotificationsService({
    db,
    events,
    limiter,
    preferences: notificationSettings,
    ...clock,
  });
  const digest = createDigestService({
    db,
    mailer,
    presence: realtime.presence,
    publicUrl: config.publicUrl,
    log,
    scheduler,
    ...clock,
  });
  const push = createPushService({
    db,
    events,
    limiter,
    presence: realtime.presence,
    log,
    vapidKeys: config.vapidKeys,
    vapidSubject: config.vapidSubject,
    httpEndpoints: config.pushHttpEndpoints,
    ...clock,
  });
  // Subscribes to games' and events' domain events and runs its jobs on the scheduler.
  const reminders = createRemindersService({
    db,
    events,
    scheduler,
    access,
    notifications,
    ...clock,
  });

  // Series make and open games through the posts service and run their jobs on the scheduler.
  const series = createSeriesService({
    db,
    events,
    posts,
    scheduler,
    access,
    notifications,
    users: members,
    limiter,
    publicUrl: config.publicUrl,
    ...clock,
  });

  const places = createPlacesService({
    placesUrl: config.placesUrl,
    // Places and posts meet here, not by importing each other.
    ownPlaces: (userId, q, limit) => placesOfOwnGames(db, userId, q, limit),
    homePoint: (userId) => settings.homePoint(userId),
    gazetteer,
  });
  const shareCards = createShareCards({
    posts,
    onCard: (result) => metrics.shareCards.inc({ result }),
  });
  const pictures = createPicturesService({ db, storage, limiter });
  const account = createAccountService({ db, events, storage, limiter, posts });
  const comments = createCommentsService({ db, events, limiter, access, reports });
  const costs = createCostsService({ db, limiter, access, posts, users: members });

  return {
    scheduler,
    access,
    auth,
    chats,
    feed,
    posts,
    offers,
    shareCards,
    settings,
    users,
    reviews,
    events: sportsEvents,
    registrations,
    invitations,
    admin,
    direct,
    notifications,
    notificationSettings,
    push,
    reminders,
    series,
    digest,
    places,
    pictures,
    account,
    comments,
    costs,
    trust,
  };
}

export type Services = ReturnType<typeof createServices>;
