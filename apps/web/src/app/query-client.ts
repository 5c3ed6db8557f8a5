import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../lib/api-client';

/**
 * The app's query client: a failed call is retried once unless the server said no (4xx);
 * failures are logged (spec part 1 §8: "logged only").
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof HttpError && error.status < 500) && failureCount < 1,
        staleTime: 10_000,
      },
    },
  });
}
