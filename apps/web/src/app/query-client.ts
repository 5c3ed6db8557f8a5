import { MutationCache, QueryClient } from '@tanstack/react-query';
import { HttpError } from '../lib/api-client';

/**
 * The mutation cache of the app: once a mutation succeeded, the app's cache rules run
 * (./cache-rules.ts), then the mutation's own `onSuccess`; the mutation stays pending until
 * both are done, so what a member sees changes once. The rules load with the first mutation,
 * so a visitor of the landing page does not download every feature's API for them.
 */
export function createMutationCache(): MutationCache {
  return new MutationCache({
    onSuccess: async (data, variables, _result, mutation, { client }) => {
      const { applyCacheRules } = await import('./cache-rules');
      await applyCacheRules(client, mutation, data, variables);
    },
  });
}

/**
 * The app's query client: a failed call is retried once unless the server said no (4xx);
 * failures are logged (spec part 1 §8: "logged only"). Mutations follow the app's cache rules
 * (./cache-rules.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof HttpError && error.status < 500) && failureCount < 1,
        staleTime: 10_000,
      },
    },
  });
}
