/** Creating a post (spec part 2 §2, §7 `POST /posts`). */
import { postSchema } from '@gameon/shared';
import type { CreatePostBody } from '@gameon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** `POST /posts` -> the new post (201); 400 with the server's message for bad input. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreatePostBody) =>
      (await apiRequest('/posts', { method: 'POST', body, schema: postSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['feed'] }),
  });
}
