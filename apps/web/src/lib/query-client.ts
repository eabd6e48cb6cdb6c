// The one react-query client: data stays fresh for 30 s, failed reads retry twice, and a
// failure is handed to the caller (screens show it with a retry action).
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 2, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/** The app's client, made on first use so pages without data never load react-query. */
export function appQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
