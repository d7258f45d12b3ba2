import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http/errors.ts';

/** The one TanStack Query client: the HTTP client has already notified errors, so no retries on 4xx. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => {
        if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
        return failures < 1;
      },
    },
    mutations: { retry: false },
  },
});
