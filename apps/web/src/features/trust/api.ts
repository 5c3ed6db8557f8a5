/**
 * Trust between players: a game's trust panel (check-in, the host's word on players, ratings,
 * minimums) and a member's show-up record and rated levels.
 */
import { gameTrustSchema, minimumsSchema, successSchema, userTrustSchema } from '@gameon/shared';
import type { CheckInBody, Minimums, SkillLevel } from '@gameon/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Query options of trust; other places reuse their `queryKey`. */
export const trustQueries = {
  all: () => ['trust'] as const,
  /** `GET /posts/{id}/trust`: the game's panel for the viewer. */
  game: (postId: number) =>
    queryOptions({
      queryKey: [...trustQueries.all(), 'game', postId] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(`/posts/${postId}/trust`, { schema: gameTrustSchema, signal })).data,
    }),
  /** `GET /users/{id}/trust`: a member's record and levels. */
  member: (userId: number) =>
    queryOptions({
      queryKey: [...trustQueries.all(), 'member', userId] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(`/users/${userId}/trust`, { schema: userTrustSchema, signal })).data,
    }),
};

export function useGameTrust(postId: number) {
  return useQuery(trustQueries.game(postId));
}

export function useMemberTrust(userId: number) {
  return useQuery(trustQueries.member(userId));
}

/** A trust write: refetches every trust query once it succeeded. */
function useTrustWrite<T>(write: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trustQueries.all() }),
  });
}

const send = (path: string, method: 'POST' | 'PUT', body?: unknown) =>
  apiRequest(path, { method, body, schema: successSchema });

/** `POST /posts/{id}/check-in` with the position taken at the tap. */
export const useCheckIn = (postId: number) =>
  useTrustWrite((position: CheckInBody) => send(`/posts/${postId}/check-in`, 'POST', position));

/** `PUT /posts/{id}/players/{userId}/attendance`: the host confirms or marks a player. */
export const useAttendance = (postId: number) =>
  useTrustWrite(({ userId, status }: { userId: number; status: 'checked_in' | 'no_show' }) =>
    send(`/posts/${postId}/players/${userId}/attendance`, 'PUT', { status }),
  );

/** `POST /posts/{id}/no-show/dispute`. */
export const useDispute = (postId: number) =>
  useTrustWrite(() => send(`/posts/${postId}/no-show/dispute`, 'POST'));

/** `PUT /posts/{id}/ratings/{userId}`. */
export const useRate = (postId: number) =>
  useTrustWrite(({ userId, level }: { userId: number; level: SkillLevel }) =>
    send(`/posts/${postId}/ratings/${userId}`, 'PUT', { level }),
  );

/** `POST /ratings/{id}/report`. */
export const useReportRating = () =>
  useTrustWrite(({ ratingId, reason }: { ratingId: number; reason: string }) =>
    send(`/ratings/${ratingId}/report`, 'POST', { reason }),
  );

/** `PUT /posts/{id}/minimums`. */
export const useSaveMinimums = (postId: number) =>
  useTrustWrite((minimums: Minimums) =>
    apiRequest(`/posts/${postId}/minimums`, {
      method: 'PUT',
      body: minimums,
      schema: minimumsSchema,
    }),
  );

/**
 * The browser's position at this moment, asked for once (never watched nor kept): degrees and
 * the reported accuracy in metres.
 * @throws Error with a message a person can act on when it is refused or unavailable.
 */
export function currentPosition(): Promise<CheckInBody> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('This browser cannot share its position. Ask the host to confirm you.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy }),
      () =>
        reject(
          new Error(
            'Your position is needed to check in. Allow it, or ask the host to confirm you.',
          ),
        ),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}
