/** The daily e-mail digest's unsubscribe link (RFC 8058 one-click; no sign-in). */
import { z } from 'zod';

/**
 * `GET|POST /notifications/digest/unsubscribe?token=`: the token of the digest mail (43
 * base64url characters as issued; anything else is simply not found).
 */
export const digestUnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(1, 'token is required')
    .max(128, 'token is too long'),
});

/**
 * The one-click POST's form body (`List-Unsubscribe=One-Click`, RFC 8058 §3.1), read leniently:
 * the query's token is what unsubscribes.
 */
export const digestUnsubscribeBodySchema = z
  .object({ 'List-Unsubscribe': z.string().max(32).optional() })
  .nullish();

/** Both answers are a small HTML page. */
export const digestUnsubscribePageSchema = z.string();
