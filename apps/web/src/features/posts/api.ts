/**
 * Posts as games (spec part 2 §2 "Create post", "My Posts", §7, §8): creating a post,
 * one game, the member's hosted and joined games, the host's edits and removals of players,
 * deleting, and a game's calendar file.
 */
import {
  calendarResponseSchema,
  lenientListSchema,
  offerReplyResponseSchema,
  postSchema,
  successSchema,
  userProfileSchema,
} from '@gameon/shared';
import type { CreatePostBody, EditPostBody } from '@gameon/shared';
import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * `POST /posts` -> the new post (201); 400 with the server's message for bad input. The app
 * refetches the feed after it (app/cache-rules.ts).
 */
export const createPostMutation = () =>
  mutationOptions({
    mutationKey: ['posts', 'create'] as const,
    mutationFn: async (body: CreatePostBody) =>
      (await apiRequest('/posts', { method: 'POST', body, schema: postSchema })).data,
  });

/** Creates a post ({@link createPostMutation}). */
export function useCreatePost() {
  return useMutation(createPostMutation());
}

/** Query options of the posts feature; other places reuse their `queryKey`. */
export const postQueries = {
  /** Prefix of every posts query. */
  all: () => ['posts'] as const,
  /** `GET /posts/{id}`: one game with its players, waitlist and `is_full`; 404 hidden. */
  detail: (postId: number) =>
    queryOptions({
      queryKey: [...postQueries.all(), 'detail', postId] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(`/posts/${postId}`, { schema: postSchema, signal })).data,
    }),
  /**
   * `GET /posts/my-posts` (spec part 2 §7): the games the member hosts, upcoming soonest first,
   * then past latest first.
   */
  mine: () =>
    queryOptions({
      queryKey: [...postQueries.all(), 'mine'] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest('/posts/my-posts', { schema: lenientListSchema(postSchema), signal }))
          .data,
    }),
  /** `GET /posts/joined`: upcoming games the member joined or waits for. */
  joined: () =>
    queryOptions({
      queryKey: [...postQueries.all(), 'joined'] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest('/posts/joined', { schema: lenientListSchema(postSchema), signal })).data,
    }),
  /**
   * `GET /users/{id}`, read for the name of a game's player (the game page). Keyed apart
   * from {@link postQueries.all}, so a game change refetches the games, not every name.
   */
  member: (userId: number) =>
    queryOptions({
      queryKey: ['game-members', userId] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(`/users/${userId}`, { schema: userProfileSchema, signal })).data.username,
      staleTime: 5 * 60_000,
    }),
};

/**
 * `POST /posts/{id}/offer/accept` and `/decline`: the member takes, or lets go, the place held
 * for them -> `{status: 'joined' | 'declined'}`; 409 when the offer is no longer pending (the
 * server's message says why). The app refetches the games after it (app/cache-rules.ts).
 */
export const acceptOfferMutation = () =>
  mutationOptions({
    mutationKey: ['posts', 'offer', 'accept'] as const,
    mutationFn: async (postId: number) =>
      (
        await apiRequest(`/posts/${postId}/offer/accept`, {
          method: 'POST',
          schema: offerReplyResponseSchema,
        })
      ).data,
  });
export const declineOfferMutation = () =>
  mutationOptions({
    mutationKey: ['posts', 'offer', 'decline'] as const,
    mutationFn: async (postId: number) =>
      (
        await apiRequest(`/posts/${postId}/offer/decline`, {
          method: 'POST',
          schema: offerReplyResponseSchema,
        })
      ).data,
  });

/** Accepts the place offered in a game ({@link acceptOfferMutation}). */
export function useAcceptOffer() {
  return useMutation(acceptOfferMutation());
}

/** Declines the place offered in a game ({@link declineOfferMutation}). */
export function useDeclineOffer() {
  return useMutation(declineOfferMutation());
}

/** One game ({@link postQueries.detail}). */
export function useGame(postId: number) {
  return useQuery(postQueries.detail(postId));
}

/** The member's hosted games ({@link postQueries.mine}). */
export function useMyPosts() {
  return useQuery(postQueries.mine());
}

/** The member's joined and waitlisted games ({@link postQueries.joined}). */
export function useJoinedGames() {
  return useQuery(postQueries.joined());
}

/** Usernames of `userIds` by id, as far as loaded (a missing one is loading or hidden). */
export function useMemberNames(userIds: number[]): Map<number, string> {
  const results = useQueries({ queries: userIds.map((id) => postQueries.member(id)) });
  const names = new Map<number, string>();
  results.forEach((result, index) => {
    const id = userIds[index];
    if (id !== undefined && result.data !== undefined) names.set(id, result.data);
  });
  return names;
}

/**
 * `DELETE /posts/{id}` (spec part 2 §8): the host cancels an upcoming game; 403, 404
 * or 400 ("This game has already started") otherwise. The app drops the game from the feed and
 * profile after it (app/cache-rules.ts).
 */
export const deletePostMutation = () =>
  mutationOptions({
    mutationKey: ['posts', 'delete'] as const,
    mutationFn: async (postId: number) => {
      await apiRequest(`/posts/${postId}`, { method: 'DELETE', schema: successSchema });
    },
  });

/** Deletes a hosted game ({@link deletePostMutation}). */
export function useDeletePost() {
  return useMutation(deletePostMutation());
}

/**
 * `PATCH /posts/{id}`: the host changes their upcoming game (never its sport) -> the game as
 * they see it; 400 with the server's message (a time not in the future, players needed below
 * the joined count, a game that has started). The app refetches the games and the feed after
 * it (app/cache-rules.ts).
 */
export const editPostMutation = () =>
  mutationOptions({
    mutationKey: ['posts', 'edit'] as const,
    mutationFn: async ({ postId, body }: { postId: number; body: EditPostBody }) =>
      (await apiRequest(`/posts/${postId}`, { method: 'PATCH', body, schema: postSchema })).data,
  });

/** Edits a hosted game ({@link editPostMutation}). */
export function useEditPost() {
  return useMutation(editPostMutation());
}

/**
 * `DELETE /posts/{id}/players/{userId}`: the host removes a joined or waitlisted member; the
 * first waitlisted member moves up. The app refetches the games and the feed after it.
 */
export const removePlayerMutation = () =>
  mutationOptions({
    mutationKey: ['posts', 'remove-player'] as const,
    mutationFn: async ({ postId, userId }: { postId: number; userId: number }) => {
      await apiRequest(`/posts/${postId}/players/${userId}`, {
        method: 'DELETE',
        schema: successSchema,
      });
    },
  });

/** Removes a player from a hosted game ({@link removePlayerMutation}). */
export function useRemovePlayer() {
  return useMutation(removePlayerMutation());
}

/**
 * `GET /posts/{id}/calendar.ics` with the member's bearer token, saved as
 * `game-{id}.ics` through a temporary link. Throws as `apiRequest` does (403 for a member who is
 * not in the game).
 */
export async function downloadGameCalendar(postId: number): Promise<void> {
  const { data } = await apiRequest(`/posts/${postId}/calendar.ics`, {
    schema: calendarResponseSchema,
  });
  const url = URL.createObjectURL(new Blob([data], { type: 'text/calendar' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `game-${postId}.ics`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
