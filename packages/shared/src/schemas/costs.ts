/**
 * The cost split of a game: the host's UPI ID (Settings), the cost they set, each player's share
 * and "paid" mark, the host's confirmation. Amounts are whole paise (₹1 = 100 paise); no money
 * passes through GameOn.
 */
import { z } from 'zod';
import { idSchema, userRefSchema } from './common.js';

/**
 * A UPI ID (virtual payment address) in the form `name@bank`: a name of letters, digits, `.`,
 * `-` or `_` (2-64, starting with a letter or digit), `@`, a bank handle of letters and digits
 * (2-32, starting with a letter); trimmed, at most 100 characters.
 */
export const upiIdSchema = z
  .string({ error: 'UPI ID is required' })
  .trim()
  .max(100, 'UPI ID is too long')
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{1,63}@[A-Za-z][A-Za-z0-9]{1,31}$/,
    'Enter a UPI ID like name@bank',
  );

/** `PUT /settings/upi`: the member's UPI ID. */
export const upiIdBodySchema = z.object({ upiId: upiIdSchema });

/** `GET|PUT|DELETE /settings/upi`: the member's UPI ID, null when none is saved. */
export const upiIdResponseSchema = z.object({ upi_id: z.string().nullable() });
export type UpiIdResponse = z.infer<typeof upiIdResponseSchema>;

/** The largest cost a host may set: ₹1,00,000 in paise. */
export const COST_MAX_PAISE = 10_000_000;

/**
 * `PUT /posts/{id}/cost`: the host's cost, a `total` for the ground (split among the joined
 * players and the host) or an amount `per_head`, in whole paise (₹1 to ₹1,00,000).
 */
export const gameCostBodySchema = z.object({
  kind: z.enum(['total', 'per_head'], { error: "kind must be 'total' or 'per_head'" }),
  amountPaise: z
    .number({ error: 'amountPaise must be a number' })
    .int('amountPaise must be whole paise')
    .min(100, 'The cost must be at least ₹1')
    .max(COST_MAX_PAISE, 'The cost must be at most ₹1,00,000'),
});

/** `PUT /posts/{id}/cost/payments/{userId}`: the host confirms (true) or un-confirms a payment. */
export const paymentConfirmationBodySchema = z.object({
  confirmed: z.boolean({ error: 'confirmed must be true or false' }),
});

/** `PUT /posts/{id}/cost/payments/{userId}`: the game and the player. */
export const costPaymentParamsSchema = z.object({ id: idSchema, userId: idSchema });

/**
 * A joined player's share and mark: `share_paise` what they owe now, `paid_paise` what they
 * marked as paid (their share when they marked it; null: not marked), `confirmed` by the host.
 */
export const costPaymentSchema = z.object({
  user: userRefSchema,
  share_paise: z.number(),
  paid_paise: z.number().nullable(),
  paid_at: z.string().nullable(),
  confirmed: z.boolean(),
});
export type CostPayment = z.infer<typeof costPaymentSchema>;

/**
 * `GET /posts/{id}/cost` and the answers of its writes, for the host and the game's joined players
 * only.
 *
 * - `cost`: null when the host set none; `people` the joined players plus the host, `share_paise`
 *   each one's share (a total divided by `people`, rounded down to the paisa), `remainder_paise`
 *   what the rounding leaves (shown to the host, who settles it; null for players).
 * - `payee`: the host's UPI ID, name, `upi://pay` link and its QR code (a PNG data URL); null when
 *   no cost is set or the host saved no UPI ID.
 * - `mine`: the viewer's own share and mark (players); `payments`: every joined player's (the host
 *   only; null for players).
 */
export const gameCostSchema = z.object({
  role: z.enum(['host', 'player']),
  cost: z
    .object({
      kind: z.enum(['total', 'per_head']),
      amount_paise: z.number(),
      people: z.number(),
      share_paise: z.number(),
      total_paise: z.number(),
      remainder_paise: z.number().nullable(),
    })
    .nullable(),
  payee: z
    .object({
      upi_id: z.string(),
      name: z.string(),
      link: z.string(),
      qr_png: z.string(),
    })
    .nullable(),
  mine: costPaymentSchema.nullable(),
  payments: z.array(costPaymentSchema).nullable(),
});
export type GameCost = z.infer<typeof gameCostSchema>;
