import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http/errors.ts';
import { onLanguageSwitched } from './session/language.ts';
import { onSessionReset } from './session/lifecycle.ts';

/**
 * The one TanStack Query client: the HTTP client has already notified errors, so no retries on 4xx.
 * Loaded with the signed-in shell only (the sign-in screens do not need it).
 */
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

// switching user or tenant drops every cached query; a new language re-reads server texts
onSessionReset(() => queryClient.clear());
onLanguageSwitched(() => void queryClient.invalidateQueries());
