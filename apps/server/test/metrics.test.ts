/** `/metrics` (Prometheus text, lib/metrics.ts): what it counts, and who may read it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitAck, startServer, type TestServer } from './harness.js';

const TOKEN = 'metrics-token-of-twenty-characters';
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ METRICS_TOKEN: TOKEN });
});
afterAll(() => server.close());

/** The value of the sample `name{labels...}` in a Prometheus text exposition, or undefined. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([^{ ]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m): [string, string] => [
        m[1] ?? '',
        m[2] ?? '',
      ]),
    );
    if (Object.entries(labels).every(([k, v]) => found.get(k) === v)) return Number(match[3]);
  }
  return undefined;
}

const read = async (headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('/metrics', () => {
  it('times requests by route pattern, counts delivered messages, open sockets, feed answers and database queries', async () => {
    const asha = await server.signUp('metricsa');
    const bala = await server.signUp('metricsb');
    const post = await server.createPost(asha.token);
    expect(
      (await server.request('GET', `/api/posts/${post.id}`, { token: bala.token })).status,
    ).toBe(200);
    const feed = `/api/posts?lat=12.9716&lng=77.5946&radius=25000`;
    expect((await server.request('GET', feed, { token: bala.token })).status).toBe(200);
    const socket = await server.connect(asha.token);
    const listener = await server.connect(bala.token);
    const delivered = new Promise((resolve) => listener.once('newDirectMessage', resolve));
    expect(
      await emitAck(socket, 'sendDirectMessage', { recipientId: bala.user.id, content: 'hi' }),
    ).toMatchObject({ success: true });
    await delivered;

    const { status, type, text } = await read();
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(
      sample(text, 'gameon_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/posts/:id',
        status: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'gameon_messages_delivered_total', { kind: 'direct' })).toBe(1);
    expect(sample(text, 'gameon_open_sockets')).toBe(2);
    expect(sample(text, 'gameon_feed_answers_total', { source: 'cache' })).toBe(1);
    expect(
      sample(text, 'gameon_db_query_duration_seconds_count', { kind: 'select' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    socket.disconnect();
    listener.disconnect();
  });

  it('answers a request forwarded by a proxy only with the token', async () => {
    expect((await read({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect(
      (await read({ 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong-token' }))
        .status,
    ).toBe(404);
    const allowed = await read({
      'x-forwarded-for': '203.0.113.9',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('gameon_http_request_duration_seconds');
  });
});
