import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryKey, UseMutationOptions } from '@tanstack/react-query';

/**
 * `options` as a mutation hook that, once it succeeded, refetches every query under `queryKey`
 * (a feature's lists and details after a create, edit or delete). Other features' caches are
 * the concern of app/cache-rules.ts.
 */
export function useRefetchingMutation<TData, TVariables>(
  options: UseMutationOptions<TData, Error, TVariables>,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
