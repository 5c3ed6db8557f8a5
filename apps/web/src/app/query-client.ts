import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../lib/api-client';
import { createMutationCache } from './cache-rules';

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
