/**
 * Response schemas: with validation on, an answer that does not match
 * its route's schema fails with the contract's 500 and a logged error; with it off (production)
 * the same answer is only serialized; an `/api` route without a response schema cannot be
 * registered; and the real app's errors carry their `code` (CONTRACT.md "Errors").
 */
import Fastify, { type FastifyTypeProviderDefault } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config.js';
import { useContract, type App } from '../src/lib/http.js';
import { startServer, type TestServer } from './harness.js';

const playerSchema = z.object({ id: z.number(), username: z.string() });

interface Probe {
  app: App;
  /** Log lines written at level error, parsed. */
  errors: Record<string, unknown>[];
}

/**
 * A bare app wired like the real one, with `/api/probe` answering `answer` under
 * `playerSchema`. The handler is untyped on purpose: a service returning what the compiler
 * cannot see (a database row, a spread) is how a field drifts.
 */
async function probeApp(validateResponses: boolean, answer: unknown): Promise<Probe> {
  const errors: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: {
      level: 'error',
      stream: { write: (line: string) => errors.push(JSON.parse(line) as Record<string, unknown>) },
    },
  }).withTypeProvider<ZodTypeProvider>();
  useContract(app, { validateResponses });
  app
    .withTypeProvider<FastifyTypeProviderDefault>()
    .get('/api/probe', { schema: { response: { 200: playerSchema } } }, () => answer);
  await app.ready();
  return { app, errors };
}

describe('with response validation on (the test suite)', () => {
  it('answers a mistyped field with the contract 500 and logs which field drifted', async () => {
    const { app, errors } = await probeApp(true, { id: '7', username: 'asha' });
    const res = await app.inject({ method: 'GET', url: '/api/probe' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'internal',
      message: 'Internal server error',
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      msg: 'response does not match its schema',
      url: '/api/probe',
      issues: [{ path: ['id'], code: 'invalid_type' }],
    });
    await app.close();
  });

  it('answers a missing field with the contract 500', async () => {
    const { app } = await probeApp(true, { id: 7 });
    const res = await app.inject({ method: 'GET', url: '/api/probe' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: 'internal' });
    await app.close();
  });

  it('answers a field the schema does not declare with a 500 that does not leak it', async () => {
    const { app, errors } = await probeApp(true, {
      id: 7,
      username: 'asha',
      password_hash: '$argon2id$secret',
    });
    const res = await app.inject({ method: 'GET', url: '/api/probe' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('argon2id');
    expect(errors[0]).toMatchObject({
      issues: [{ code: 'unrecognized_keys', keys: ['password_hash'], path: [] }],
    });
    await app.close();
  });

  it('sends a matching answer byte for byte as JSON.stringify would', async () => {
    const answer = { username: 'asha', id: 7 };
    const { app, errors } = await probeApp(true, answer);
    const res = await app.inject({ method: 'GET', url: '/api/probe' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(answer));
    expect(errors).toEqual([]);
    await app.close();
  });
});

describe('with response validation off (production)', () => {
  it('is off unless RESPONSE_VALIDATION=on', () => {
    expect(loadConfig({}).responseValidation).toBe(false);
    expect(loadConfig({ RESPONSE_VALIDATION: 'off' }).responseValidation).toBe(false);
    expect(loadConfig({ RESPONSE_VALIDATION: 'on' }).responseValidation).toBe(true);
  });

  it('only serializes: the drifted answer goes out unchanged', async () => {
    const answer = { id: '7', username: 'asha', extra: true };
    const { app, errors } = await probeApp(false, answer);
    const res = await app.inject({ method: 'GET', url: '/api/probe' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(answer));
    expect(errors).toEqual([]);
    await app.close();
  });
});

describe('every /api route declares its response schema', () => {
  it('refuses to register an /api route without one', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    useContract(app, { validateResponses: false });
    expect(() => app.get('/api/bare', () => ({ ok: true }))).toThrow(
      'GET /api/bare declares no response schema',
    );
    expect(() => app.post('/api/bare', { schema: { response: {} } }, () => ({ ok: true }))).toThrow(
      'POST /api/bare declares no response schema',
    );
    await app.close();
  });
});

describe('the real app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("sends each error's code in the contract's error body", async () => {
    expect(await server.request('GET', '/api/auth/me')).toMatchObject({
      status: 401,
      body: { success: false, code: 'unauthorized', message: 'Authentication required' },
    });
    expect(await server.request('GET', '/api/nothing-here')).toMatchObject({
      status: 404,
      body: { success: false, code: 'not_found' },
    });
    expect(
      await server.request('POST', '/api/auth/login', {
        body: { email: 'not-an-email', password: 'x' },
      }),
    ).toMatchObject({
      status: 400,
      body: { success: false, code: 'bad_request', errors: [{ field: 'email' }] },
    });
  });
});
