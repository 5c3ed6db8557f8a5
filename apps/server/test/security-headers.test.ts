/**
 * Security headers on a real app over a real database: the CSP, no framing, no
 * sniffing and the referrer policy on JSON and on pictures, pictures only as images, and HSTS
 * only when TLS ends at a trusted proxy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { App } from '../src/lib/http.js';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;
let uploads: string;
const apps: App[] = [];
beforeAll(async () => {
  server = await startServer();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-headers-'));
  // A WebP's first bytes are enough for its type; a stray HTML file must not render.
  fs.writeFileSync(path.join(uploads, 'avatar-1-abc.webp'), Buffer.from('RIFF\0\0\0\0WEBPVP8 '));
  fs.writeFileSync(path.join(uploads, 'stray.html'), '<script>alert(1)</script>');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await server?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

async function appWith(env: Record<string, string> = {}): Promise<App> {
  const config = loadConfig({
    DATABASE_URL: server.databaseUrl,
    SEED_DEMO: 'false',
    WEB_DIST: '',
    UPLOADS_DIR: uploads,
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  apps.push(app);
  return app;
}

describe('security headers', () => {
  it('are on API answers, errors and pictures, with no HSTS on plain HTTP', async () => {
    const app = await appWith();
    for (const url of ['/api/health', '/api/nothing-here', '/uploads/avatar-1-abc.webp']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keep answers with personal data out of caches: registrations, sessions, settings, the member, a token', async () => {
    const organizer = await server.signUp('nostore_organizer');
    const member = await server.signUp('nostore_member');
    const event = await server.createEvent(organizer.token);
    const registered = await server.request('POST', '/api/event-registrations', {
      token: member.token,
      body: { event_id: event.id, name: 'Asha Rao', phone: '9876543210' },
    });
    expect(registered.status).toBe(201);
    const answers = [
      registered,
      await server.request('GET', `/api/events/${event.id}/registrations`, {
        token: organizer.token,
      }),
      await server.request('GET', '/api/auth/sessions', { token: member.token }),
      await server.request('GET', '/api/settings', { token: member.token }),
      await server.request('GET', '/api/auth/me', { token: member.token }),
      await server.request('POST', '/api/auth/login', {
        body: { email: 'nostore_member@example.test', password: 'secret123' },
      }),
    ];
    expect(JSON.stringify(answers[1]!.body)).toContain('9876543210');
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('keep every GET /api answer out of caches, signed in or out, found or not', async () => {
    const member = await server.signUp('nostore_walker');
    const paths = server.routes
      .filter((route) => route.method === 'GET' && route.url.startsWith('/api/'))
      .map((route) => route.url.replace(/:[a-z]+/gi, '1'));
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths)
      for (const token of [member.token, undefined]) {
        const answer = await server.request('GET', path, { ...(token ? { token } : {}) });
        expect({ path, cache: answer.headers.get('cache-control') }).toMatchObject({
          path,
          cache: expect.stringContaining('no-store') as unknown,
        });
      }
  });

  it('serve a picture as its image type, inline, and anything else as a download', async () => {
    const app = await appWith();
    const picture = await app.inject({ method: 'GET', url: '/uploads/avatar-1-abc.webp' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['content-disposition']).toBe('inline');
    const stray = await app.inject({ method: 'GET', url: '/uploads/stray.html' });
    expect(stray.headers['content-type']).toBe('application/octet-stream');
    expect(stray.headers['content-disposition']).toBe('attachment');
  });

  it('send HSTS when TLS ends at a trusted proxy', async () => {
    const app = await appWith({ TRUST_PROXY: 'true' });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
