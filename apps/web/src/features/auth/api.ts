/**
 * Auth calls (spec part 1 §7; CONTRACT.md): sign-in, sign-up codes, session check, sign-out and
 * password reset.
 */
import {
  loginResponseSchema,
  messageResponseSchema,
  sessionUserSchema,
  verifyOtpResponseSchema,
} from '@gameon/shared';
import type { LoginResponse, SendOtpBody, SessionUser, VerifyOtpResponse } from '@gameon/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { verifyResetOtpResponseSchema } from '@gameon/shared';
import type { ResetPasswordBody } from '@gameon/shared';
import { apiRequest } from '../../lib/api-client';

/** `GET /auth/me` with `token`: the signed-in member. */
export async function fetchCurrentUser(token: string, signal?: AbortSignal): Promise<SessionUser> {
  const { data } = await apiRequest('/auth/me', { schema: sessionUserSchema, token, signal });
  return data;
}

/** `POST /auth/login`: `{token, user}`; 401 'Invalid email or password'. */
export async function loginRequest(email: string, password: string): Promise<LoginResponse> {
  const { data } = await apiRequest('/auth/login', {
    method: 'POST',
    body: { email, password },
    schema: loginResponseSchema,
    token: null,
  });
  return data;
}

/** `POST /auth/logout`: revokes `token` on the server. */
export async function logoutRequest(token: string): Promise<void> {
  await apiRequest('/auth/logout', { method: 'POST', schema: z.unknown(), token });
}

/** `POST /auth/send-otp`: starts sign-up by e-mailing a 6-digit code; 409 when taken. */
export function useSendOtp() {
  return useMutation({
    mutationFn: async (body: SendOtpBody) =>
      (
        await apiRequest('/auth/send-otp', {
          method: 'POST',
          body,
          schema: messageResponseSchema,
          token: null,
        })
      ).data,
  });
}

/** `POST /auth/verify-otp`: completes sign-up; answers the new member and a session token. */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: async (body: { email: string; otp: string }): Promise<VerifyOtpResponse> =>
      (
        await apiRequest('/auth/verify-otp', {
          method: 'POST',
          body,
          schema: verifyOtpResponseSchema,
          token: null,
        })
      ).data,
  });
}

/** `POST /auth/resend-otp`: e-mails a fresh code. */
export function useResendOtp() {
  return useMutation({
    mutationFn: async (email: string) =>
      (
        await apiRequest('/auth/resend-otp', {
          method: 'POST',
          body: { email },
          schema: messageResponseSchema,
          token: null,
        })
      ).data,
  });
}

/**
 * `POST /auth/forgot-password`: e-mails a reset code. The same answer for known and unknown
 * addresses; 400 for a malformed one, 429 when rate limited. Also used to resend the code.
 */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (email: string) =>
      (
        await apiRequest('/auth/forgot-password', {
          method: 'POST',
          body: { email },
          schema: messageResponseSchema,
          token: null,
        })
      ).data,
  });
}

/** `POST /auth/verify-reset-otp`: trades a correct reset code for a reset token. */
export function useVerifyResetOtp() {
  return useMutation({
    mutationFn: async (body: { email: string; otp: string }) =>
      (
        await apiRequest('/auth/verify-reset-otp', {
          method: 'POST',
          body,
          schema: verifyResetOtpResponseSchema,
          token: null,
        })
      ).data,
  });
}

/** `POST /auth/reset-password`: sets the new password; the answer's message is for /login. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: ResetPasswordBody) =>
      (
        await apiRequest('/auth/reset-password', {
          method: 'POST',
          body,
          schema: messageResponseSchema,
          token: null,
        })
      ).data,
  });
}
