// The one react-query client: data stays fresh for 30 s, failed reads retry twice unless the
// server refused them (a 4xx answers the same again: lib/request-errors), and a failure is
// handed to the caller (screens show it with a retry action, or the 404 view).
import { QueryClient } from '@tanstack/react-query';
import { retryUnlessRefused } from './request-errors';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryUnlessRefused, refetchOnWindowFocus: true },
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
