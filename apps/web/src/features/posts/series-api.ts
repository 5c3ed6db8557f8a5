/**
 * Series (docs/ARCHITECTURE.md "Series"): a game's series and the viewer's held place, making a
 * game repeat, a regular's claim or pass, and the host's skip, end and regulars. Every change
 * refetches the games (their players and the held game's opening change with it).
 */
import {
  calendarResponseSchema,
  interestResponseSchema,
  postSeriesResponseSchema,
  seriesSchema,
} from '@gameon/shared';
import type { CreateSeriesBody, EditSeriesBody } from '@gameon/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { postQueries } from './api';

/** `GET /posts/{id}/series`: the game's series (null for a single game) and the viewer's offer. */
export const seriesQuery = (postId: number) =>
  queryOptions({
    queryKey: [...postQueries.all(), 'series', postId] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(`/posts/${postId}/series`, { schema: postSeriesResponseSchema, signal }))
        .data,
  });

/** The series of game `postId` ({@link seriesQuery}). */
export function usePostSeries(postId: number) {
  return useQuery(seriesQuery(postId));
}

/** `POST /series`: makes the host's game repeat -> the series. */
export async function createSeries(body: CreateSeriesBody) {
  return (await apiRequest('/series', { method: 'POST', body, schema: seriesSchema })).data;
}

/** A change of a series, then every game refetched. */
function useSeriesChange<A>(request: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postQueries.all() }),
  });
}

/** Makes the host's game repeat ({@link createSeries}). */
export function useCreateSeries() {
  return useSeriesChange(createSeries);
}

const claimResponseSchema = z.object({
  status: z.enum(['claimed', 'passed']),
  interest: interestResponseSchema.optional(),
});

/** `POST /series/claims/{postId}`: a regular takes their held place, or passes. */
export function useAnswerClaim() {
  return useSeriesChange(({ postId, answer }: { postId: number; answer: 'claim' | 'pass' }) =>
    apiRequest(`/series/claims/${postId}`, {
      method: 'POST',
      body: { answer },
      schema: claimResponseSchema,
    }),
  );
}

/** `POST /series/{id}/skip`: the host skips one upcoming date. */
export function useSkipDate() {
  return useSeriesChange(({ seriesId, slot }: { seriesId: number; slot: string }) =>
    apiRequest(`/series/${seriesId}/skip`, {
      method: 'POST',
      body: { slot },
      schema: seriesSchema,
    }),
  );
}

/** `PATCH /series/{id}`: the host changes the series from a date on. */
export function useEditSeries() {
  return useSeriesChange(({ seriesId, body }: { seriesId: number; body: EditSeriesBody }) =>
    apiRequest(`/series/${seriesId}`, { method: 'PATCH', body, schema: seriesSchema }),
  );
}

/** `POST /series/{id}/end`: the host ends the series (its future games are deleted). */
export function useEndSeries() {
  return useSeriesChange((seriesId: number) =>
    apiRequest(`/series/${seriesId}/end`, { method: 'POST', schema: seriesSchema }),
  );
}

/** The host adds a past player to the regulars, or removes a regular. */
export function useSetRegular() {
  return useSeriesChange(
    ({ seriesId, userId, add }: { seriesId: number; userId: number; add: boolean }) =>
      add
        ? apiRequest(`/series/${seriesId}/regulars`, {
            method: 'POST',
            body: { userId },
            schema: seriesSchema,
          })
        : apiRequest(`/series/${seriesId}/regulars/${userId}`, {
            method: 'DELETE',
            schema: seriesSchema,
          }),
  );
}

/** Downloads `GET /series/{id}/calendar.ics` (the host's repeating calendar event). */
export async function downloadSeriesCalendar(seriesId: number): Promise<void> {
  const { data } = await apiRequest(`/series/${seriesId}/calendar.ics`, {
    schema: calendarResponseSchema,
  });
  const url = URL.createObjectURL(new Blob([data], { type: 'text/calendar' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `series-${seriesId}.ics`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * After Create Post: makes new game `postId` repeat when the host chose so (`body` null: it does
 * not). @returns null, or what went wrong (the game itself was posted).
 */
export async function repeatNewGame(body: CreateSeriesBody | null): Promise<string | null> {
  if (body === null) return null;
  try {
    await createSeries(body);
    return null;
  } catch (failure) {
    return `Your game was posted, but it could not be made to repeat: ${errorMessage(failure, 'try again from its page')}`;
  }
}
