/**
 * Security headers on every HTTP response, chosen by Helmet: a Content Security
 * Policy the built web app passes without inline script, no framing, no MIME sniffing, a
 * referrer trimmed to the origin across sites, HSTS only behind a TLS-ending proxy, API answers
 * kept out of caches, and uploaded pictures served only as images. Socket.IO's own responses
 * bypass Fastify.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { MEMBER_CHECK_SCRIPT } from '@gameon/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './http.js';
import { UPLOADS_PREFIX } from './storage.js';

/**
 * The policy. Scripts: only the built bundle and, by its hash, the landing page's one inline
 * script (MEMBER_CHECK_SCRIPT); no eval (the web app turns off zod's `new Function`
 * parsers). Styles: `'unsafe-inline'`, because react-aria inserts small
 * `<style>` elements (press and dialog rules) that only a per-page nonce, which the static
 * index.html cannot carry, would otherwise allow; a style cannot run code. `connect-src 'self'`
 * covers the API and Socket.IO's same-origin ws(s) (CSP Level 3).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': [
    "'self'",
    `'sha256-${createHash('sha256').update(MEMBER_CHECK_SCRIPT).digest('base64')}'`,
  ],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * The headers Helmet sets for `options`, by lower-case name. Helmet's middleware writes the same
 * headers on every response whatever the request (our policy has no per-request parts such as
 * nonces), so it runs once here, on a response that only records them: building and running it
 * for every request, as `@fastify/helmet` does, cost more than a whole health check.
 * @throws Error when Helmet refuses the options (at start-up).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error !== undefined) throw new Error('Helmet refused its options', { cause: error });
    },
  );
  return headers;
}

/**
 * Registers the headers on `app` (call before any route), and `Cache-Control: no-store` on every
 * `/api/` answer (OWASP REST Security cheat sheet: sensitive answers are not cached). `hsts`: send
 * `Strict-Transport-Security`, only when TLS ends at a proxy in front (`TRUST_PROXY` set);
 * without it the server speaks plain HTTP and HSTS would be wrong.
 */
export function useSecurityHeaders(app: App, options: { hsts: boolean }): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.hsts
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
    // Pictures are loaded by the share page's link previews from other sites.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    // API answers are a member's own (registrations with phone numbers, sessions, settings,
    // messages, a sign-in's token): no browser or proxy cache keeps them. A route may still say
    // otherwise by setting its own Cache-Control.
    if (request.url.startsWith('/api/')) void reply.header('Cache-Control', 'no-store');
    done();
  });
  app.addHook('onSend', uploadsAsImages);
}

/**
 * onSend hook for `/uploads/*`: a picture (image/*) is shown inline; anything else found there
 * is a download of unknown type, never a page the browser could render.
 */
function uploadsAsImages(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (!request.url.startsWith(UPLOADS_PREFIX) || reply.statusCode !== 200)
    return done(null, payload);
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('image/') && !type.startsWith('image/svg')) {
    void reply.header('Content-Disposition', 'inline');
  } else {
    void reply.header('Content-Type', 'application/octet-stream');
    void reply.header('Content-Disposition', 'attachment');
  }
  done(null, payload);
}
