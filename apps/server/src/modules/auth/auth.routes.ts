/** `/api/auth/*` routes (spec part 1 §7; CONTRACT.md logout, register). Thin: validate, call, return. */
import {
  emailBodySchema,
  idParamsSchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  sendOtpBodySchema,
  sessionListSchema,
  sessionUserSchema,
  successSchema,
  verifyOtpBodySchema,
  verifyOtpResponseSchema,
  verifyResetOtpResponseSchema,
} from '@gameon/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { App } from '../../lib/http.js';
import { principalOf } from '../../lib/http.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(app: App, auth: AuthService, requireAuth: preHandlerAsyncHookHandler) {
  // `register` is the spec's name for the same step: it never creates an account by itself.
  for (const url of ['/api/auth/send-otp', '/api/auth/register']) {
    app.post(
      url,
      { schema: { body: sendOtpBodySchema, response: { 200: messageResponseSchema } } },
      (request) => auth.startSignup(request.body, request.ip),
    );
  }
  app.post(
    '/api/auth/verify-otp',
    { schema: { body: verifyOtpBodySchema, response: { 200: verifyOtpResponseSchema } } },
    (request) =>
      auth.completeSignup(request.body.email, request.body.otp, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );
  app.post(
    '/api/auth/resend-otp',
    { schema: { body: emailBodySchema, response: { 200: messageResponseSchema } } },
    (request) => auth.resendSignupCode(request.body.email, request.ip),
  );
  app.post(
    '/api/auth/login',
    { schema: { body: loginBodySchema, response: { 200: loginResponseSchema } } },
    (request) =>
      auth.login(
        request.body.email,
        request.body.password,
        request.ip,
        request.headers['user-agent'],
      ),
  );
  app.post(
    '/api/auth/forgot-password',
    { schema: { body: emailBodySchema, response: { 200: messageResponseSchema } } },
    (request) => auth.forgotPassword(request.body.email, request.ip),
  );
  app.post(
    '/api/auth/verify-reset-otp',
    { schema: { body: verifyOtpBodySchema, response: { 200: verifyResetOtpResponseSchema } } },
    (request) => auth.verifyResetCode(request.body.email, request.body.otp),
  );
  app.post(
    '/api/auth/reset-password',
    { schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } } },
    (request) =>
      auth.resetPassword(request.body.email, request.body.resetToken, request.body.newPassword),
  );
  app.get(
    '/api/auth/me',
    { preHandler: requireAuth, schema: { response: { 200: sessionUserSchema } } },
    (request) => auth.me(principalOf(request)),
  );
  app.post(
    '/api/auth/logout',
    { preHandler: requireAuth, schema: { response: { 200: successSchema } } },
    (request) => auth.logout(principalOf(request)),
  );
  // A member's sessions: list, end one, end all but this one.
  app.get(
    '/api/auth/sessions',
    { preHandler: requireAuth, schema: { response: { 200: sessionListSchema } } },
    (request) => auth.listSessions(principalOf(request)),
  );
  app.delete(
    '/api/auth/sessions/:id',
    {
      preHandler: requireAuth,
      schema: { params: idParamsSchema, response: { 200: successSchema } },
    },
    (request) => auth.endSession(principalOf(request), request.params.id),
  );
  app.post(
    '/api/auth/sessions/sign-out-others',
    { preHandler: requireAuth, schema: { response: { 200: successSchema } } },
    (request) => auth.endOtherSessions(principalOf(request)),
  );
}
