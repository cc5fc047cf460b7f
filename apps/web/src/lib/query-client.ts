import { QueryClient } from '@tanstack/react-query';
import { ApiError, isAbortError } from './api';
import { onSessionCleanup } from './session';

/** The one query cache of the signed-in area; ending the session clears it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not change on retry; a superseded request must not come back.
      retry: (failureCount, error) =>
        failureCount < 2 &&
        !isAbortError(error) &&
        !(error instanceof ApiError && error.status > 0 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

onSessionCleanup(() => {
  void queryClient.cancelQueries();
  queryClient.clear();
});
