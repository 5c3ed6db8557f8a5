/** Creating a post (spec part 2 §2, §7 `POST /posts`). */
import { postSchema } from '@gameon/shared';
import type { CreatePostBody } from '@gameon/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
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
