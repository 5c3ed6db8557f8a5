/**
 * What operators watch: Prometheus metrics with prom-client, one registry per app.
 *
 * - `gameon_http_request_duration_seconds{method,route,status}`: latency by route pattern
 *   (`/api/posts/:id`, never the raw URL, so the label set stays small; unknown paths are
 *   `unmatched`).
 * - `gameon_db_query_duration_seconds{kind}`: every database query, by its first keyword.
 * - `gameon_open_sockets`: Socket.IO connections open in this process.
 * - `gameon_messages_delivered_total{kind}`: direct and group messages handed to recipients'
 *   rooms (a group message counts once per recipient).
 * - `gameon_share_cards_total{result}`: game share cards answered from the cache (`hit`) or
 *   drawn (`render`).
 * - prom-client's default Node metrics, among them `nodejs_eventloop_lag_seconds` and its
 *   percentiles, heap and resident memory.
 *
 * `GET /metrics` answers only a request made on this machine (loopback, not forwarded by a
 * proxy) or one that carries `Authorization: Bearer <METRICS_TOKEN>`; anything else is a 404.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { bearerToken, type App } from './http.js';

/** Latency buckets in seconds: 1 ms to 5 s. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export type Metrics = ReturnType<typeof createMetrics>;

/** A registry with GameOn's metrics and the default Node ones. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let countSockets = () => 0;
  return {
    registry,
    httpDuration: new Histogram({
      name: 'gameon_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern, in seconds',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: BUCKETS,
      registers: [registry],
    }),
    queryDuration: new Histogram({
      name: 'gameon_db_query_duration_seconds',
      help: 'Database query time by statement kind, in seconds',
      labelNames: ['kind'] as const,
      buckets: BUCKETS,
      registers: [registry],
    }),
    messagesDelivered: new Counter({
      name: 'gameon_messages_delivered_total',
      help: 'Messages handed to recipients (a group message once per recipient)',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    feedAnswers: new Counter({
      name: 'gameon_feed_answers_total',
      help: 'Radius feeds answered soonest first, by source: cache (cell lists) or walk (index)',
      labelNames: ['source'] as const,
      registers: [registry],
    }),
    shareCards: new Counter({
      name: 'gameon_share_cards_total',
      help: 'Game share cards answered, by result: hit (drawn before) or render (drawn now)',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    scheduledJobs: new Counter({
      name: 'gameon_scheduled_jobs_total',
      help: 'Runs of scheduled jobs in this process, by kind and result: ok or failed',
      labelNames: ['kind', 'result'] as const,
      registers: [registry],
    }),
    openSockets: new Gauge({
      name: 'gameon_open_sockets',
      help: 'Socket.IO connections open in this process',
      registers: [registry],
      collect() {
        this.set(countSockets());
      },
    }),
    /** Where the open-sockets gauge reads its value (bound once Socket.IO exists). */
    countSocketsWith(count: () => number) {
      countSockets = count;
    },
    /** Records one database query of `sql` that took `ms` milliseconds. */
    observeQuery(sql: string, ms: number) {
      const kind = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? 'other';
      this.queryDuration.observe({ kind }, ms / 1000);
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True when `request` may read the metrics (see the module doc). */
function mayRead(request: FastifyRequest, token: string | null): boolean {
  const sent = bearerToken(request);
  if (token !== null && sent !== null) {
    const [a, b] = [Buffer.from(sent), Buffer.from(token)];
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/** Times every request by route and serves `GET /metrics` to those allowed to read it. */
export function metricsRoutes(app: App, metrics: Metrics, token: string | null): void {
  // A callback hook, not an async one: no promise for every request.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, token)) {
      return reply.status(404).send({ success: false, code: 'not_found', message: 'Not found' });
    }
    return reply
      .header('Content-Type', metrics.registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
