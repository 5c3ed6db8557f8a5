/** Shapes shared by every feature: ids, errors, list query parameters (CONTRACT.md). */
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.js';

/**
 * A positive integer id (CONTRACT.md "Ids"), also accepted as a string of digits (path and query
 * parameters). Nothing else is coerced: `true`, `[7]`, '0x10' or '1e1' are refused.
 */
export const idSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .positive('Must be a positive id')
    // Ids are 32-bit integer columns on both databases.
    .max(2_147_483_647, 'Id is too large'),
);

export const idParamsSchema = z.object({ id: idSchema });

/**
 * Error body: `{success: false, code?, message, errors?: [{field, message}]}` (CONTRACT.md
 * "Errors"); `code` is a stable machine word such as `not_found` or `rate_limited`.
 */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export const apiErrorSchema = z.object({
  success: z.literal(false),
  code: z.string().optional(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * An array query parameter: accepts repeated keys and comma-separated values
 * (`sports=A&sports=B` or `sports=A,B`), trimmed, empties dropped (CONTRACT.md).
 */
export function listParam<T extends z.ZodType<string>>(item: T) {
  return z.preprocess(
    (value: unknown): unknown[] => {
      if (value === undefined || value === null || value === '') return [];
      const values: unknown[] = Array.isArray(value) ? value : [value];
      return values
        .flatMap((v) => (typeof v === 'string' ? v.split(',').map((part) => part.trim()) : [v]))
        .filter((v) => v !== '');
    },
    z.array(item).max(50, 'Too many values'),
  );
}

/** `?limit=N&cursor=C` (CONTRACT.md): limit 1..100, default 20. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(PAGE_SIZE_MAX, `Must be at most ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});

/** A user as others see them in lists: `{id, username}`. */
export const userRefSchema = z.object({ id: z.number(), username: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

export const successSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** `GET /health` and `GET /ready` (CONTRACT.md): `{status: "ok"}`; anything else is an error. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * A list read item by item: an item that does not match `item` is left out instead
 * of failing the whole list, so a web app left open for days keeps working when a newer server
 * sends a value it does not know. For responses the client reads; the server validates its own
 * answers with the strict `z.array`.
 */
export function lenientListSchema<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((items) =>
    items.flatMap((raw): z.output<T>[] => {
      const parsed = item.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}
