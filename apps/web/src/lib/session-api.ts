/**
 * The session's calls (spec part 1 §4 "Authentication", §7; CONTRACT.md): check a stored token,
 * sign in and sign out. Used only by the session provider (lib/session.tsx).
 */
import { loginResponseSchema, sessionUserSchema } from '@gameon/shared';
import type { LoginResponse, SessionUser } from '@gameon/shared';
import { z } from 'zod';
import { apiRequest } from './api-client';

/** `GET /auth/me` with `token`: the signed-in member; 401 when the token is dead. */
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
