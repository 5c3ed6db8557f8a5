/** `/api/auth/*` routes (spec part 1 §7; CONTRACT.md logout, register). Thin: validate, call, return. */
import {
  emailBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  sendOtpBodySchema,
  verifyOtpBodySchema,
} from '@gameon/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { App } from '../../lib/http.js';
import { principalOf } from '../../lib/http.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(app: App, auth: AuthService, requireAuth: preHandlerAsyncHookHandler) {
  // `register` is the spec's name for the same step: it never creates an account by itself.
  for (const url of ['/api/auth/send-otp', '/api/auth/register']) {
    app.post(url, { schema: { body: sendOtpBodySchema } }, (request) =>
      auth.startSignup(request.body, request.ip),
    );
  }
  app.post('/api/auth/verify-otp', { schema: { body: verifyOtpBodySchema } }, (request) =>
    auth.completeSignup(request.body.email, request.body.otp),
  );
  app.post('/api/auth/resend-otp', { schema: { body: emailBodySchema } }, (request) =>
    auth.resendSignupCode(request.body.email, request.ip),
  );
  app.post('/api/auth/login', { schema: { body: loginBodySchema } }, (request) =>
    auth.login(request.body.email, request.body.password, request.ip),
  );
  app.post('/api/auth/forgot-password', { schema: { body: emailBodySchema } }, (request) =>
    auth.forgotPassword(request.body.email, request.ip),
  );
  app.post('/api/auth/verify-reset-otp', { schema: { body: verifyOtpBodySchema } }, (request) =>
    auth.verifyResetCode(request.body.email, request.body.otp),
  );
  app.post('/api/auth/reset-password', { schema: { body: resetPasswordBodySchema } }, (request) =>
    auth.resetPassword(request.body.email, request.body.resetToken, request.body.newPassword),
  );
  app.get('/api/auth/me', { preHandler: requireAuth }, (request) => auth.me(principalOf(request)));
  app.post('/api/auth/logout', { preHandler: requireAuth }, (request) =>
    auth.logout(principalOf(request)),
  );
}
