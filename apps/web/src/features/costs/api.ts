/**
 * The cost split of a game (ARCHITECTURE.md "Cost split"): the game's cost as its host or a joined
 * player sees it, the host's cost and confirmations, a player's "paid" mark, and the member's UPI
 * ID in Settings. Every write answers the cost split as it now is, which replaces the cached one.
 */
import { gameCostSchema, upiIdResponseSchema } from '@gameon/shared';
import type { GameCost, UpiIdResponse } from '@gameon/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Query options of the costs feature; other places reuse their `queryKey`. */
export const costQueries = {
  /** Prefix of every costs query. */
  all: () => ['game-cost'] as const,
  /**
   * `GET /posts/{id}/cost` for the host and the joined players (403 for anyone else). Keyed by
   * the game's joined players too (`players`, their ids joined), so a join or a leave, which
   * changes the shares, reads it anew.
   */
  game: (postId: number, players: string) =>
    queryOptions({
      queryKey: [...costQueries.all(), postId, players] as const,
      queryFn: async ({ signal }): Promise<GameCost> =>
        (await apiRequest(`/posts/${postId}/cost`, { schema: gameCostSchema, signal })).data,
      retry: false,
    }),
  /** `GET /settings/upi`: the member's UPI ID, or null. */
  upiId: () =>
    queryOptions({
      queryKey: ['settings', 'upi'] as const,
      queryFn: async ({ signal }): Promise<UpiIdResponse> =>
        (await apiRequest('/settings/upi', { schema: upiIdResponseSchema, signal })).data,
    }),
};

/** The game's cost split ({@link costQueries.game}). */
export function useGameCost(postId: number, playerIds: readonly number[]) {
  return useQuery(costQueries.game(postId, playerIds.join(',')));
}

/** A write on game `postId`'s cost split whose answer replaces every cached copy of it. */
function useCostWrite<V>(postId: number, write: (vars: V) => Promise<GameCost>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (cost) => {
      queryClient.setQueriesData<GameCost>({ queryKey: [...costQueries.all(), postId] }, cost);
    },
  });
}

const send = (postId: number, path: string, method: 'PUT' | 'POST' | 'DELETE', body?: unknown) =>
  apiRequest(`/posts/${postId}/cost${path}`, { method, body, schema: gameCostSchema }).then(
    (answer) => answer.data,
  );

/**
 * `PUT /posts/{id}/cost`: the host sets the cost, a `total` or an amount `per_head`, in paise;
 * 400 'upi_id_missing' until their UPI ID is saved.
 */
export function useSetCost(postId: number) {
  return useCostWrite(postId, (body: { kind: 'total' | 'per_head'; amountPaise: number }) =>
    send(postId, '', 'PUT', body),
  );
}

/** `DELETE /posts/{id}/cost`: the host removes the cost and every mark. */
export function useRemoveCost(postId: number) {
  return useCostWrite(postId, () => send(postId, '', 'DELETE'));
}

/** `POST|DELETE /posts/{id}/cost/paid`: a player marks their share paid (true) or takes it back. */
export function useMarkPaid(postId: number) {
  return useCostWrite(postId, (paid: boolean) => send(postId, '/paid', paid ? 'POST' : 'DELETE'));
}

/** `PUT /posts/{id}/cost/payments/{userId}`: the host confirms or un-confirms a player's mark. */
export function useConfirmPayment(postId: number) {
  return useCostWrite(postId, ({ userId, confirmed }: { userId: number; confirmed: boolean }) =>
    send(postId, `/payments/${userId}`, 'PUT', { confirmed }),
  );
}

/** The member's UPI ID ({@link costQueries.upiId}). */
export function useUpiId() {
  return useQuery(costQueries.upiId());
}

/** `PUT /settings/upi` (a UPI ID) or `DELETE /settings/upi` (null). */
export function useSaveUpiId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upiId: string | null) =>
      (
        await apiRequest('/settings/upi', {
          method: upiId === null ? 'DELETE' : 'PUT',
          body: upiId === null ? undefined : { upiId },
          schema: upiIdResponseSchema,
        })
      ).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(costQueries.upiId().queryKey, saved);
      // The QR codes of the member's games follow their UPI ID.
      void queryClient.invalidateQueries({ queryKey: costQueries.all() });
    },
  });
}

/**
 * Paise from a rupee amount as typed: digits with at most two decimals ('1500', '214.28',
 * '1,500' with Indian or Western grouping); null for anything else.
 */
export function rupeesToPaise(text: string): number | null {
  const cleaned = text.trim().replace(/^₹\s*/, '').replaceAll(',', '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
