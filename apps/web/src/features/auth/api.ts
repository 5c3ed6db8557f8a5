/**
 * Auth calls (spec part 1 §7; CONTRACT.md): sign-up codes and password reset. The session's own
 * calls (check, sign-in, sign-out) are in `lib/session-api.ts`.
 */
import { messageResponseSchema, verifyOtpResponseSchema } from '@gameon/shared';
import type { SendOtpBody, VerifyOtpResponse } from '@gameon/shared';
import { useMutation } from '@tanstack/react-query';
import { verifyResetOtpResponseSchema } from '@gameon/shared';
import type { ResetPasswordBody } from '@gameon/shared';
import { apiRequest } from '../../lib/api-client';

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
