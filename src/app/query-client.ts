import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api';

/** Defaults: retry only what a retry can fix (network, timeouts, 5xx), twice, with backoff. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) =>
          failureCount < 2 && isApiError(error) && error.retryable && error.kind !== 'timeout',
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
